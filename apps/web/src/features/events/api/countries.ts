import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const countrySchema = z.object({ alpha2: z.string(), alpha3: z.string(), name: z.string(), primary: z.boolean() });
export type Country = z.infer<typeof countrySchema>;

/** GET /api/country: every ISO 3166-1 country, the spec's fourteen first (the server's order is kept). */
export const countriesQuery = queryOptions({
  queryKey: ['countries'] as const,
  queryFn: ({ signal }) => apiRequest('/api/country', { schema: z.array(countrySchema), signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useCountries = () => useQuery(countriesQuery);

/** Select options: the primary countries, then the rest, each "Slovakia (SVK)". */
export const countryOptions = (countries: readonly Country[] | undefined) =>
  (countries ?? []).map((country) => ({ value: country.alpha3, label: `${country.name} (${country.alpha3})` }));
