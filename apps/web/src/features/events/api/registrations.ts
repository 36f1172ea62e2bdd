import { queryOptions } from '@tanstack/react-query';
import { REGISTRATION_STATES, type RegistrationState } from '@climbing/domain';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const sex = z.enum(['M', 'F']).nullable();

/** Spec 3 Race registration as the race-registration calls answer it. */
export const registrationSchema = z.object({
  id: z.number(),
  raceId: z.number(),
  state: z.enum(REGISTRATION_STATES).nullable(),
  racerNumber: z.number(),
  date: z.string(),
  qualificationGroupId: z.number().nullable(),
  qualificationGroupName: z.string().nullable(),
  fullName: z.string(),
  /** The race age category the racer is placed into; null when the race has none. */
  ageCategory: z.object({ id: z.number(), name: z.string() }).nullable().default(null),
  /** The race's categories the racer's age fits: the choices a move to another category takes. */
  fittingAgeCategoryIds: z.array(z.number()).default([]),
  inQualification: z.boolean(),
  /** A score is entered for the racer: they stay in the starting order (REGISTRATION_HAS_RESULTS). */
  hasResults: z.boolean().default(false),
  /** Looks like a second entry of the registration with this id (same name and birth year or e-mail); admins only. */
  possibleDuplicateOf: z.number().nullable().default(null),
  /** The check-in code of the confirmation (QR); only the racer and the event's admins get it. */
  checkInCode: z.string().nullable().default(null),
  user: z.object({ id: z.number(), sex, birthYear: z.number().nullable(), country: z.string().nullable(), club: z.string().nullable() }).nullable(),
  unregisteredUser: z
    .object({ name: z.string(), surname: z.string(), club: z.string().nullable(), sex, country: z.string().nullable(), birthday: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
});
export type Registration = z.infer<typeof registrationSchema>;

export interface UnregisteredRegistrationBody {
  name: string;
  surname: string;
  email: string | null;
  club: string | null;
  sex: 'M' | 'F';
  birthday: string;
  country: string | null;
  qualificationGroupId: number | null;
  /** The check-in desk's walk-in: present at once (the event's admins only). */
  present?: boolean;
}

export const raceRegistrationsQuery = (raceId: number) =>
  queryOptions({
    queryKey: ['races', raceId, 'registrations'] as const,
    queryFn: ({ signal }) => apiRequest(`/api/race-registration/race/${raceId}`, { schema: z.array(registrationSchema), signal }),
  });

const ownRegistrationSchema = z.object({ racerNumber: z.number(), qualificationGroupName: z.string().nullable(), race: z.object({ id: z.number() }) });
export type OwnRegistration = z.infer<typeof ownRegistrationSchema>;

/**
 * GET /api/race-registration/user/{userId}, as the event page needs it: which races the viewer is
 * registered for (number and group). The board reads the same call with more of it; the key shares
 * its prefix, so confirming a registration (invalidating `my-registrations`) refreshes both.
 */
export const ownRegistrationsQuery = (userId: number | string | undefined) =>
  queryOptions({
    queryKey: ['my-registrations', userId, 'event-page'] as const,
    queryFn: ({ signal }) => apiRequest(`/api/race-registration/user/${userId}`, { schema: z.array(ownRegistrationSchema), signal }),
    enabled: userId !== undefined,
  });

export const registerUser = (raceId: number, userId: number, qualificationGroupId: number | null): Promise<Registration> =>
  apiRequest(`/api/race-registration/${raceId}/user`, { method: 'POST', body: { userId, qualificationGroupId }, schema: registrationSchema });

export const registerMember = (raceId: number, userId: number, qualificationGroupId: number | null, present = false): Promise<Registration> =>
  apiRequest(`/api/race-registration/${raceId}/register-member`, { method: 'POST', body: { userId, qualificationGroupId, ...(present ? { present } : {}) }, schema: registrationSchema });

export const registerUnregistered = (raceId: number, body: UnregisteredRegistrationBody): Promise<Registration> =>
  apiRequest(`/api/race-registration/${raceId}/register-unregistered-user/`, { method: 'POST', body, schema: registrationSchema });

export const moveToGroup = (registrationId: number, qualificationGroupId: number): Promise<void> =>
  apiRequest(`/api/race-registration/${registrationId}/group`, { method: 'PUT', body: { qualificationGroupId } });

export const setPresence = (registrationId: number, state: RegistrationState): Promise<Registration> =>
  apiRequest(`/api/race-registration/${registrationId}/${state}`, { method: 'PUT', schema: registrationSchema });

export const setRacerNumber = (registrationId: number, racerNumber: number): Promise<Registration> =>
  apiRequest(`/api/race-registration/${registrationId}`, { method: 'PUT', body: { racerNumber }, schema: registrationSchema });

/** A one-time racer's details as the organiser corrects them (PUT /api/race-registration/{id}). */
export type OneTimeRacerDetails = Omit<UnregisteredRegistrationBody, 'qualificationGroupId' | 'present'>;

/** Corrects a one-time racer's person (a mis-tapped sex moves them to a group that takes it; the answer says which). */
export const updateOneTimeRacer = (registrationId: number, unregisteredUser: OneTimeRacerDetails): Promise<Registration> =>
  apiRequest(`/api/race-registration/${registrationId}`, { method: 'PUT', body: { unregisteredUser }, schema: registrationSchema });

export const removeRegistration = (registrationId: number): Promise<void> => apiRequest(`/api/race-registration/${registrationId}`, { method: 'DELETE' });

export const regenerateRacerNumbers = (raceId: number, offset: number): Promise<Registration[]> =>
  apiRequest(`/api/race-registration/race/${raceId}/regenerate-racer-numbers`, { method: 'POST', body: { offset }, schema: z.array(registrationSchema) });

/** PUT /api/race-registration/{id}/age-category: the admins move a racer to another category of the race that fits the racer's age. */
export const setAgeCategory = (registrationId: number, ageCategoryId: number): Promise<Registration> =>
  apiRequest(`/api/race-registration/${registrationId}/age-category`, { method: 'PUT', body: { ageCategoryId }, schema: registrationSchema });

/** POST /api/qualification-group/{id}/check-in: the desk marks every racer of the group without a presence yet present. */
export const checkInGroup = (groupId: number): Promise<{ checkedIn: number }> =>
  apiRequest(`/api/qualification-group/${groupId}/check-in`, { method: 'POST', schema: z.object({ checkedIn: z.number() }) });

/** POST /api/race/{id}/check-in: the desk checks a racer in by the (scanned or typed) code of their confirmation. */
export const checkInByCode = (raceId: number, code: string): Promise<{ alreadyPresent: boolean; registration: Registration }> =>
  apiRequest(`/api/race/${raceId}/check-in`, { method: 'POST', body: { code }, schema: z.object({ alreadyPresent: z.boolean(), registration: registrationSchema }) });
