import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DomainError } from '@climbing/domain';
import { z } from 'zod';
import { authorizeFileRead } from './file-access.ts';
import { fileIdSchema } from './file-id.ts';
import { findFile } from './file-repository.ts';

const fileParams = z.object({ id: fileIdSchema });

/**
 * Files never change under an id (a new logo is a new file). A public file may be cached by
 * anyone for a day; the others only by the browser that fetched them, and checked again each time,
 * so a viewer who lost access does not keep seeing them from a shared cache.
 */
const PUBLIC_CACHE = 'public, max-age=86400';
const PRIVATE_CACHE = 'private, no-cache';

async function sendFile(request: FastifyRequest, reply: FastifyReply, id: string, accepts: (mimeType: string) => boolean) {
  const app = request.server;
  const file = await findFile(app.db, id);
  // The pdf route serves only PDFs and the image route only images, so neither can be used to
  // serve one kind of file as the other.
  if (!file || !accepts(file.mimeType)) throw new DomainError('FILE_NOT_FOUND');
  const access = await authorizeFileRead(app, request, id);
  const etag = `"${file.sha256}"`;
  reply
    .header('ETag', etag)
    .header('Cache-Control', access.public ? PUBLIC_CACHE : PRIVATE_CACHE)
    .header('X-Content-Type-Options', 'nosniff');
  if (request.headers['if-none-match'] === etag) return reply.status(304).send();
  return reply
    .type(file.mimeType)
    .header('Content-Disposition', `inline; filename="${encodeURIComponent(file.name)}"`)
    .send(Buffer.from(file.content));
}

const description =
  'Files are addressed by random ids and follow the visibility of what they belong to (docs/security.md): ' +
  'the web app\'s session cookie (which an <img> sends) or a bearer token opens files of internal and hidden events.';

/** GET /api/file/image/{id} and GET /api/file/pdf/{id} of spec section 7: the bytes with ETag and caching. */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/file/image/:id',
    {
      schema: { tags: ['file'], summary: 'An image (logo, poster, profile photo)', description, params: fileParams },
      config: { textIdParams: ['id'] },
      preHandler: app.optionalSession,
    },
    async (request, reply) => {
      await app.authorize(request, 'file:read');
      return sendFile(request, reply, request.params.id, (mimeType) => mimeType.startsWith('image/'));
    },
  );
  app.get(
    '/api/file/pdf/:id',
    {
      schema: { tags: ['file'], summary: 'A PDF file (application/pdf only)', description, params: fileParams },
      config: { textIdParams: ['id'] },
      preHandler: app.optionalSession,
    },
    async (request, reply) => {
      await app.authorize(request, 'file:read');
      return sendFile(request, reply, request.params.id, (mimeType) => mimeType === 'application/pdf');
    },
  );
};
