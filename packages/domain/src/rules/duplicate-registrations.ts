/** What duplicate detection reads of a registration (one race's registrations). */
export interface RegisteredPersonKey {
  id: number;
  name: string;
  surname: string;
  birthYear: number | null;
  email: string | null;
  /** When it was registered (ISO); the earliest of a set is the original. */
  date: string;
}

/** Lower case, without diacritics, single spaces: "  Ján  ŠŤASTNÝ " and "jan stastny" are one name. */
export const normalizedName = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');

/**
 * Issue 11, item 8: the registrations of one race that look like a second entry of the same
 * person: the same name and surname (case and diacritics aside) with the same birth year, or
 * with the same e-mail. Each maps to the id of the earliest registration of that person; the
 * earliest one is not in the map. A parent registering two children with one e-mail is not a
 * duplicate (different names).
 */
export function possibleDuplicates(people: readonly RegisteredPersonKey[]): Map<number, number> {
  const ordered = [...people].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const firstByKey = new Map<string, number>();
  const duplicates = new Map<number, number>();
  for (const person of ordered) {
    const name = `${normalizedName(person.name)}|${normalizedName(person.surname)}`;
    const keys = [person.birthYear === null ? null : `year:${name}|${person.birthYear}`, person.email ? `email:${name}|${person.email.trim().toLowerCase()}` : null].filter((key): key is string => key !== null);
    const original = keys.map((key) => firstByKey.get(key)).find((id) => id !== undefined);
    if (original !== undefined) duplicates.set(person.id, original);
    for (const key of keys) if (!firstByKey.has(key)) firstByKey.set(key, original ?? person.id);
  }
  return duplicates;
}
