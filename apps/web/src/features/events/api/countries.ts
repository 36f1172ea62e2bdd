import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { useTranslation } from '../../../lib/translation';

const countrySchema = z.object({ alpha2: z.string(), alpha3: z.string(), name: z.string(), primary: z.boolean() });
export type Country = z.infer<typeof countrySchema>;

/** GET /api/country: every ISO 3166-1 country, the spec's fourteen first (the server's order is kept). */
export const countriesQuery = queryOptions({
  queryKey: ['countries'] as const,
  queryFn: ({ signal }) => apiRequest('/api/country', { schema: z.array(countrySchema), signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export const useCountries = () => useQuery(countriesQuery);

/**
 * Select options in the page's language, each "Slovensko (SVK)": the primary countries first in the
 * server's order, then the rest by their name in that language.
 */
export const countryOptions = (countries: readonly Country[] | undefined, language: string) => {
  const option = (country: Country) => ({ value: country.alpha3, label: `${countryName(country.alpha3, countries, language)} (${country.alpha3})` });
  const primary = (countries ?? []).filter((country) => country.primary).map(option);
  const rest = (countries ?? [])
    .filter((country) => !country.primary)
    .map(option)
    .sort((a, b) => a.label.localeCompare(b.label, language));
  return [...primary, ...rest];
};

/** The country's name in the page's language ("Slovensko" for SVK); its code when the name is not known. */
export const countryName = (code: string, countries: readonly Country[] | undefined, language: string): string => {
  const alpha2 = countries?.find((country) => country.alpha3 === code)?.alpha2;
  if (!alpha2) return code;
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(alpha2) ?? code;
  } catch {
    return code;
  }
};

/** A function naming a country code in the page's language (the code itself until the countries are loaded). */
export const useCountryName = (): ((code: string) => string) => {
  const { i18n } = useTranslation();
  const countries = useCountries();
  const language = currentLanguage(i18n);
  return (code) => countryName(code, countries.data, language);
};

/** The country choices of a select, in the page's language (empty until the countries are loaded). */
export const useCountryOptions = () => {
  const { i18n } = useTranslation();
  const countries = useCountries();
  const language = currentLanguage(i18n);
  return useMemo(() => countryOptions(countries.data, language), [countries.data, language]);
};
