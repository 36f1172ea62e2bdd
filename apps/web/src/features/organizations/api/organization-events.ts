import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const eventRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  displayName: z.string().nullable(),
  startingDate: z.string(),
  closingDate: z.string(),
  isHidden: z.boolean(),
  isPublic: z.boolean(),
  races: z.array(z.object({ id: z.number() })),
});

/** Every event of the organization its admin may see (hidden ones included), any period. */
export const organizationEventsQuery = (organizationId: number) =>
  queryOptions({
    queryKey: ['events', { period: null, organizationId }] as const,
    queryFn: ({ signal }) => apiRequest(`/api/event?organizationId=${organizationId}&limit=500`, { schema: z.array(eventRowSchema), signal }),
  });
