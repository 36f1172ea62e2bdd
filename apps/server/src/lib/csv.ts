import type { FastifyReply } from 'fastify';

/** UTF-8 byte order mark: without it Excel reads the file as ANSI and breaks Slovak names (š, ľ, ô). */
export const CSV_BOM = '\uFEFF';
/** Semicolon, the list separator of Slovak (and most European) Excel installations; commas stay inside fields. */
export const CSV_SEPARATOR = ';';

type Cell = string | number | null | undefined;

/** A cell that a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
function neutralised(value: string): string {
  return /^[=+@\t\r]/.test(value) || /^-[^\d]/.test(value) ? `'${value}` : value;
}

function quoted(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return String(cell);
  const value = neutralised(cell);
  return /[";\r\n,]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The whole file: BOM, header row, data rows, CRLF line ends (RFC 4180). */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return CSV_BOM + [header, ...rows].map((row) => row.map(quoted).join(CSV_SEPARATOR)).join('\r\n') + '\r\n';
}

/** An ASCII file name built from free text (race names carry diacritics and spaces). */
export function fileNameSlug(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return slug || 'export';
}

export function sendCsv(reply: FastifyReply, fileName: string, content: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(content);
}
