import type { FastifyReply } from 'fastify';

export { fileNameSlug, toCsv } from '@climbing/domain';

/** Sends an export (built with the domain's `toCsv`) as a download. */
export function sendCsv(reply: FastifyReply, fileName: string, content: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(content);
}
