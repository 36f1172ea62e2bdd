import { fileNameSlug, toCsv } from '@climbing/domain';

/** The whole file as the server's exports write it (the domain's one CSV writer): BOM, `;`, CRLF. */
export const buildCsv = (header: readonly string[], rows: readonly (readonly string[])[]): string => toCsv(header, rows);

/** An ASCII file name from free text (race names carry diacritics and spaces). */
export const csvFileName = (text: string): string => `${fileNameSlug(text, 'results')}.csv`;
