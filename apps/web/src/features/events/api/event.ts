import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, apiUpload } from '../../../lib/api-client';
import { raceSchema, type RaceBody } from './race';

const fileSchema = z.object({ id: z.string(), name: z.string(), type: z.string(), size: z.number() });
export type EventFile = z.infer<typeof fileSchema>;

const addressSchema = z.object({
  street: z.string().nullish(),
  streetNumber: z.string().nullish(),
  city: z.string().nullish(),
  zipcode: z.string().nullish(),
  country: z.string().nullish(),
});

/** Spec 3 Event as GET /api/event/{id} answers it (`canManage`: the caller administers it). */
export const eventSchema = z.object({
  id: z.number(),
  name: z.string(),
  displayName: z.string().nullable(),
  description: z.string().nullable(),
  organizationId: z.number(),
  organizationName: z.string(),
  startingDate: z.string(),
  closingDate: z.string(),
  poster: z.string().nullable(),
  attachments: z.array(fileSchema),
  allowedUnregisteredUsers: z.boolean(),
  onlineRegistration: z.boolean(),
  isPublic: z.boolean(),
  isHidden: z.boolean(),
  sendUpdateInfo: z.boolean(),
  address: addressSchema.nullable(),
  organization: z.object({ id: z.number(), name: z.string(), shortcut: z.string().nullable(), logo: z.string().nullable(), secondaryLogo: z.string().nullish().default(null), seasonStartMonth: z.number().nullable() }),
  canManage: z.boolean(),
  /** The caller may enter scores (a judge or admin of the organisation); absent from older servers. */
  canScore: z.boolean().default(false),
  races: z.array(raceSchema),
});
export type EventDetail = z.infer<typeof eventSchema>;

export interface EventBody {
  name: string;
  displayName: string | null;
  description: string | null;
  address: { street: string | null; streetNumber: string | null; city: string | null; zipcode: string | null; country: string | null } | null;
  startingDate: string;
  closingDate: string;
  isPublic: boolean;
  isHidden: boolean;
  onlineRegistration: boolean;
  allowedUnregisteredUsers: boolean;
  sendUpdateInfo: boolean;
}

export const eventQuery = (eventId: number) =>
  queryOptions({ queryKey: ['event', eventId] as const, queryFn: ({ signal }) => apiRequest(`/api/event/${eventId}`, { schema: eventSchema, signal }) });

export const createEvent = (organizationId: number, body: EventBody, race: RaceBody): Promise<EventDetail> =>
  apiRequest('/api/event', { method: 'POST', body: { organizationId, ...body, races: [race] }, schema: eventSchema });

export const updateEvent = (eventId: number, body: Partial<EventBody>): Promise<EventDetail> =>
  apiRequest(`/api/event/${eventId}`, { method: 'PUT', body, schema: eventSchema });

export const deleteEvent = (eventId: number): Promise<void> => apiRequest(`/api/event/${eventId}`, { method: 'DELETE' });

export const uploadPoster = (eventId: number, file: File): Promise<unknown> => apiUpload(`/api/event/${eventId}/poster`, file, { schema: z.unknown() });

export const deletePoster = (eventId: number): Promise<void> => apiRequest(`/api/event/${eventId}/poster`, { method: 'DELETE' });

/** Several attachments in one multipart request (`multipartFile` repeated). */
export const uploadAttachments = (eventId: number, files: readonly File[]): Promise<unknown> => {
  const form = new FormData();
  for (const file of files) form.append('multipartFile', file);
  return apiRequest(`/api/event/${eventId}/attachment`, { method: 'POST', body: form, schema: z.unknown() });
};

export const deleteAttachment = (eventId: number, fileId: string): Promise<void> =>
  apiRequest(`/api/event/${eventId}/attachment/${fileId}`, { method: 'DELETE' });

const judgeAccountSchema = z.object({ id: z.number(), login: z.string(), createdAt: z.string(), revoked: z.boolean() });
export type JudgeAccount = z.infer<typeof judgeAccountSchema>;
const createdJudgeSchema = z.object({ id: z.number(), login: z.string(), password: z.string() });

export const judgeAccountsQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['event', eventId, 'judge-accounts'] as const,
    queryFn: ({ signal }) => apiRequest(`/api/event/${eventId}/judge-account`, { schema: z.array(judgeAccountSchema), signal }),
  });

export const createJudgeAccount = (eventId: number) =>
  apiRequest(`/api/event/${eventId}/judge-account`, { method: 'POST', body: {}, schema: createdJudgeSchema });

export const deleteJudgeAccount = (eventId: number, judgeAccountId: number): Promise<void> =>
  apiRequest(`/api/event/${eventId}/judge-account/${judgeAccountId}`, { method: 'DELETE' });
