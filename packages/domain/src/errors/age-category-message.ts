import { ERROR_CATALOGUE, type Language } from './error-catalogue.ts';

/** What a NO_FITTING_AGE_CATEGORY answer says (`error.details`): the racer's age and the race's categories. */
export interface NoFittingAgeCategoryDetails {
  age: number;
  categories: { name: string; fromAge: number | null; toAge: number | null }[];
}

const bound = (value: unknown): number | null => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/** An age range as the desk reads it: "10–15", "16+", "up to 15" ("do 15"). */
const range = (language: Language, fromAge: number | null, toAge: number | null): string => {
  if (fromAge !== null && toAge !== null) return fromAge === toAge ? String(fromAge) : `${fromAge}–${toAge}`;
  if (fromAge !== null) return `${fromAge}+`;
  if (toAge !== null) return language === 'sk' ? `do ${toAge}` : `up to ${toAge}`;
  return language === 'sk' ? 'každý vek' : 'any age';
};

/** The details of a NO_FITTING_AGE_CATEGORY error body, whatever was sent. */
export function noFittingAgeCategoryDetails(details: unknown): NoFittingAgeCategoryDetails | null {
  if (details === null || typeof details !== 'object') return null;
  const raw = details as Record<string, unknown>;
  const age = bound(raw.age);
  if (age === null || !Array.isArray(raw.categories)) return null;
  const categories = raw.categories.flatMap((category: unknown) => {
    if (category === null || typeof category !== 'object') return [];
    const { name, fromAge, toAge } = category as Record<string, unknown>;
    return typeof name === 'string' ? [{ name, fromAge: bound(fromAge), toAge: bound(toAge) }] : [];
  });
  return { age, categories };
}

/**
 * NO_FITTING_AGE_CATEGORY with the age that was computed and the ages the race takes, so that the
 * desk sees at once why (a walk-in of 18 at a race of U16 and U18): "… Age in this race: 18. The
 * race's age categories: U16 10–15, U18 16–17."
 */
export function noFittingAgeCategoryMessage(language: Language, details: unknown): string {
  const base = ERROR_CATALOGUE.NO_FITTING_AGE_CATEGORY[language];
  const parsed = noFittingAgeCategoryDetails(details);
  if (!parsed) return base;
  const list = parsed.categories.map((category) => `${category.name} ${range(language, category.fromAge, category.toAge)}`).join(', ');
  return language === 'sk'
    ? `${base} Vek v týchto pretekoch: ${parsed.age}. Vekové kategórie pretekov: ${list}.`
    : `${base} Age in this race: ${parsed.age}. The race's age categories: ${list}.`;
}
