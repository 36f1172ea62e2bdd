import { CSV_BOM, fileNameSlug, toCsv, type CsvCell } from '@climbing/domain';

/** The whole file as the server's exports write it (the domain's one CSV writer): BOM, `;`, CRLF. */
export const buildCsv = (header: readonly string[], rows: readonly (readonly string[])[]): string => toCsv(header, rows);

/**
 * Several tables in one file (women and men of a race ranked apart): each under a line with its
 * title, separated by an empty line; a single table without a title is exactly buildCsv.
 */
export const buildSectionsCsv = (sections: readonly { title: string | null; header: readonly string[]; rows: readonly (readonly CsvCell[])[] }[]): string => {
  const [only] = sections;
  if (sections.length === 1 && only && only.title === null) return toCsv(only.header, only.rows);
  const blocks = sections.map((section) => {
    const table = toCsv(section.header, section.rows).slice(CSV_BOM.length);
    return section.title === null ? table : toCsv([section.title], []).slice(CSV_BOM.length) + table;
  });
  return CSV_BOM + blocks.join('\r\n');
};

/** An ASCII file name from free text (race names carry diacritics and spaces). */
export const csvFileName = (text: string): string => `${fileNameSlug(text, 'results')}.csv`;
