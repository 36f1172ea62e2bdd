/** What the racer search looks at. */
export interface SearchableRacer {
  racerNumber: number;
  fullName: string;
}

const folded = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/**
 * Racers matching what the judge typed: a number finds that racer number first, then numbers
 * starting with it; words find names containing every word, with or without diacritics
 * ("sofia" finds "Sofia Šťastná", "stast" too). An empty query keeps the list as it is.
 */
export const searchRacers = <Racer extends SearchableRacer>(racers: readonly Racer[], query: string): Racer[] => {
  const text = folded(query);
  if (text === '') return [...racers];
  if (/^\d+$/.test(text)) {
    const exact = racers.filter((racer) => String(racer.racerNumber) === text);
    const prefix = racers.filter((racer) => String(racer.racerNumber) !== text && String(racer.racerNumber).startsWith(text));
    return [...exact, ...prefix];
  }
  const words = text.split(/\s+/);
  return racers.filter((racer) => {
    const name = folded(racer.fullName);
    return words.every((word) => name.includes(word));
  });
};
