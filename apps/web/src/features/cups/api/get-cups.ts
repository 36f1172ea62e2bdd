import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

// Spec section 2: cups are listed as in progress ("actual") and finished ("history").
export const CUP_PERIODS = ['actual', 'history'] as const;
export type CupPeriod = (typeof CUP_PERIODS)[number];

const cupSummarySchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: z.string(),
  displayName: z.string().nullish(),
  organizationName: z.string().nullish(),
  startDate: z.string(),
  endDate: z.string().nullish(),
});

export type CupSummary = z.infer<typeof cupSummarySchema>;

export const getCups = async (period: CupPeriod, signal?: AbortSignal): Promise<CupSummary[]> => {
  try {
    return await apiRequest(`/api/cup?period=${period}`, { schema: z.array(cupSummarySchema), signal });
  } catch (error) {
    // Nothing published (or the list endpoint not deployed yet) is an empty list, not a failure.
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
};

export const cupsQueryOptions = (period: CupPeriod) =>
  queryOptions({
    queryKey: ['cups', { period }] as const,
    queryFn: ({ signal }) => getCups(period, signal),
  });

export const useCups = (period: CupPeriod) => useQuery(cupsQueryOptions(period));
