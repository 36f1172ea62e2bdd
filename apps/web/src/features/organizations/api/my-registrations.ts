import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const myRegistrationSchema = z.object({
  id: z.number(),
  state: z.string().nullable(),
  racerNumber: z.number(),
  qualificationGroupName: z.string().nullable(),
  inQualification: z.boolean(),
  /** The code behind the QR of the registration confirmation (the check-in desk scans it). */
  checkInCode: z.string().nullable().default(null),
  /** Inside the race's self check-in window: the racer may confirm presence now. */
  selfCheckInOpen: z.boolean().default(false),
  race: z.object({
    id: z.number(),
    name: z.string(),
    state: z.string(),
    discipline: z.string(),
    startingDate: z.string(),
    endDate: z.string(),
    eventId: z.number(),
    eventName: z.string(),
    /** The event's short name, where the organiser gave one: what the board shows. */
    eventDisplayName: z.string().nullable().default(null),
  }),
});
export type MyRegistration = z.infer<typeof myRegistrationSchema>;

/** GET /api/race-registration/user/{userId}: the caller's registrations with their races. */
export const myRegistrationsQuery = (userId: number | string | undefined) =>
  queryOptions({
    queryKey: ['my-registrations', userId] as const,
    queryFn: ({ signal }) => apiRequest(`/api/race-registration/user/${userId}`, { schema: z.array(myRegistrationSchema), signal }),
    enabled: userId !== undefined,
  });

export const withdrawRegistration = (registrationId: number): Promise<void> =>
  apiRequest(`/api/race-registration/${registrationId}`, { method: 'DELETE' });

/** PUT /api/race-registration/{id}/PRESENT: the racer confirms their own presence (inside the self check-in window). */
export const confirmPresence = (registrationId: number): Promise<void> => apiRequest(`/api/race-registration/${registrationId}/PRESENT`, { method: 'PUT' });
