const LETTERS = 26;
const CODE_A = 'A'.charCodeAt(0);

/**
 * Qualification group label for a 0-based index: A…Z, then AA, AB… like spreadsheet columns, so
 * labels never run out and sort by length then alphabet.
 */
export const groupLabel = (index: number): string => {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`groupLabel needs an index ≥ 0, got ${index}`);
  let label = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / LETTERS)) {
    label = String.fromCharCode(CODE_A + ((rest - 1) % LETTERS)) + label;
  }
  return label;
};
