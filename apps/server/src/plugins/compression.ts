import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** JSON answers smaller than this go as they are: compressing them saves less than a packet. */
export const COMPRESS_MIN_BYTES = 1024;
/** Compressed bodies kept by ETag (results, polled by spectators): compressed once per version. */
const CACHED_BODIES = 64;
const CACHED_BODY_MAX_BYTES = 2 * 1024 * 1024;

type Encoding = 'br' | 'gzip';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** False for an answer that carries a secret beside what others chose (a registration list: check-in codes and racers' names). */
    compress?: boolean;
  }
}

/** The encoding to answer with: brotli where the client takes it, else gzip, else none (q=0 refuses one). */
export const chooseEncoding = (header: string | undefined): Encoding | null => {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const quality = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith('q='));
    accepted.set(name, quality ? Number(quality.slice(2)) || 0 : 1);
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
};

const withVary = (current: unknown, name: string): string => {
  const values = String(current ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  return values.some((value) => value.toLowerCase() === name.toLowerCase() || value === '*') ? values.join(', ') : [...values, name].join(', ');
};

const compress = (body: string | Buffer, encoding: Encoding): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) } })
    : gzip(body, { level: 6 });

/**
 * JSON answers of a GET, 1 KB and more, go compressed to a client that accepts it: a judge's racer
 * list (32 KB for 40 racers) and a results table (115 KB for 200) are a tenth of that compressed,
 * which is what a phone on a bad signal in a concrete hall downloads. The work runs on libuv's
 * thread pool, not the event loop; a body with an ETag (results) is compressed once per version
 * and encoding. Not compressed (BREACH, docs/security.md): other methods (an answer to a POST
 * may carry a token beside what the request sent), answers setting a cookie, routes whose answer
 * holds a secret beside text other people chose (`config: { compress: false }`: registration lists
 * with check-in codes); nor the live stream (text/event-stream) and the web app's files, which are
 * compressed at build time (static-web.ts).
 */
export function registerCompression(app: FastifyInstance): void {
  const cache = new Map<string, Buffer>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' || request.routeOptions.config?.compress === false || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    if (reply.hasHeader('content-encoding') || reply.hasHeader('set-cookie')) return payload;
    const size = Buffer.byteLength(payload);
    if (size < COMPRESS_MIN_BYTES) return payload;
    void reply.header('vary', withVary(reply.getHeader('vary'), 'Accept-Encoding'));
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const etag = reply.getHeader('etag');
    const key = typeof etag === 'string' && size <= CACHED_BODY_MAX_BYTES ? `${etag} ${encoding}` : null;
    let body = key ? cache.get(key) : undefined;
    if (!body) {
      body = await compress(payload, encoding);
      if (key) {
        cache.set(key, body);
        if (cache.size > CACHED_BODIES) cache.delete(cache.keys().next().value!);
      }
    }
    void reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
