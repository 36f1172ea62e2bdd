import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '@climbing/domain';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { findFile } from './file-repository.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** Files never change under an id (a new logo is a new file), so clients may cache them for a day. */
const CACHE_CONTROL = 'public, max-age=86400';

async function sendFile(db: Database, request: FastifyRequest, reply: FastifyReply, id: number, accepts: (mimeType: string) => boolean) {
  const file = await findFile(db, id);
  // The pdf route serves only PDFs and the image route only images, so neither can be used to
  // serve one kind of file as the other.
  if (!file || !accepts(file.mimeType)) throw new DomainError('FILE_NOT_FOUND');
  const etag = `"${file.sha256}"`;
  reply.header('ETag', etag).header('Cache-Control', CACHE_CONTROL).header('X-Content-Type-Options', 'nosniff');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply
    .type(file.mimeType)
    .header('Content-Disposition', `inline; filename="${encodeURIComponent(file.name)}"`)
    .send(Buffer.from(file.content));
}

/** GET /api/file/image/{id} and GET /api/file/pdf/{id} of spec section 7: the bytes with ETag and caching. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/file/image/:id',
    { schema: { tags: ['file'], summary: 'An image (logo, poster, profile photo)', params: idParams } },
    async (request, reply) => {
      await app.authorize(request, 'file:read');
      return sendFile(app.db, request, reply, request.params.id, (mimeType) => mimeType.startsWith('image/'));
    },
  );
  app.get(
    '/api/file/pdf/:id',
    { schema: { tags: ['file'], summary: 'A PDF file (application/pdf only)', params: idParams } },
    async (request, reply) => {
      await app.authorize(request, 'file:read');
      return sendFile(app.db, request, reply, request.params.id, (mimeType) => mimeType === 'application/pdf');
    },
  );
};
