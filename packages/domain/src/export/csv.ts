/** UTF-8 byte order mark: without it Excel reads the file as ANSI and breaks Slovak names (š, ľ, ô). */
export const CSV_BOM = '\uFEFF';
/** Semicolon, the list separator of Slovak (and most European) Excel installations; commas stay inside fields. */
export const CSV_SEPARATOR = ';';

export type CsvCell = string | number | null | undefined;

/** A plain signed number ("-5", "-1.25", "-3,5") is data, not a formula. */
const PLAIN_NUMBER = /^[-+]?\d+([.,]\d+)?$/;
/**
 * A cell that a spreadsheet would run as a formula gets a leading apostrophe (CSV injection, OWASP):
 * one starting with =, +, -, @, a tab or a carriage return, also after leading spaces
 * (`-2+3+cmd|' /C calc'!A0` included); plain numbers stay as they are.
 */
const neutralised = (value: string): string => (/^[\s]*[=+\-@\t\r]/.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value);

const quoted = (cell: CsvCell): string => {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  const value = neutralised(cell);
  return /[";\r\n,]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
};

/** The whole file, as every export of the product writes it: BOM, header row, data rows, CRLF line ends (RFC 4180). */
export const toCsv = (header: readonly string[], rows: readonly (readonly CsvCell[])[]): string =>
  CSV_BOM + [header, ...rows].map((row) => row.map(quoted).join(CSV_SEPARATOR)).join('\r\n') + '\r\n';

/** An ASCII file-name stem from free text (race names carry diacritics and spaces); `fallback` when nothing is left. */
export const fileNameSlug = (text: string, fallback = 'export'): string => {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return slug || fallback;
};
