/** UTF-8 byte order mark: without it Excel reads the file as ANSI and breaks Slovak names. */
export const CSV_BOM = '\uFEFF';
/** Semicolon, the list separator of Slovak (and most European) Excel installations. */
export const CSV_SEPARATOR = ';';

/** A cell a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
const neutralised = (value: string): string => (/^[=+@\t\r]/.test(value) || /^-[^\d]/.test(value) ? `'${value}` : value);

const quoted = (cell: string): string => {
  const value = neutralised(cell);
  return /[";\r\n,]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
};

/** The whole file as the server's exports write it: BOM, header row, data rows, CRLF line ends. */
export const buildCsv = (header: readonly string[], rows: readonly (readonly string[])[]): string =>
  CSV_BOM + [header, ...rows].map((row) => row.map(quoted).join(CSV_SEPARATOR)).join('\r\n') + '\r\n';

/** An ASCII file name from free text (race names carry diacritics and spaces). */
export const csvFileName = (text: string): string => {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `${slug || 'results'}.csv`;
};
