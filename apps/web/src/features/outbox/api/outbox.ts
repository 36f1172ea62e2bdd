import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const outboxEntrySchema = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

/** GET /api/admin/outbox: the newest e-mails first (super admin). */
export const outboxQuery = () =>
  queryOptions({
    queryKey: ['outbox'] as const,
    queryFn: ({ signal }) => apiRequest('/api/admin/outbox', { schema: z.array(outboxEntrySchema), signal }),
    staleTime: 0,
  });
