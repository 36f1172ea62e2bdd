import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { sendError } from './error-handler.ts';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Serves the built web app, precompressed where the browser accepts it (brotli, else gzip): hashed
 * assets are cached for a year, everything else is revalidated
 * (index.html and the service worker must change as soon as a new version is deployed). Any
 * non-API GET that matches no file gets index.html, so deep links such as /events/actual load the app.
 */
export async function registerStaticWeb(app: FastifyInstance, webDistDir: string): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // The build writes brotli and gzip variants next to the files (apps/web/scripts/precompress.mjs):
      // they are sent to browsers that accept them, the plain file to the others.
      preCompressed: true,
      // Our own Cache-Control below; the plugin's default would overwrite it.
      cacheControl: false,
      setHeaders(response, filePath) {
        const relative = path.relative(webDistDir, filePath).split(path.sep).join('/');
        const immutable = relative.startsWith('assets/');
        response.setHeader('Cache-Control', immutable ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
        response.setHeader('Vary', 'Accept-Encoding');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'the web app is not built; serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith('/api/') && pathname !== '/api';
    if (hasWeb && wantsPage && !path.extname(pathname)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return sendError(request, reply, 'REQUEST_NOT_FOUND');
  });
}
