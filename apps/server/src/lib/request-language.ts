import type { FastifyRequest } from 'fastify';
import type { Language } from '@climbing/domain';

/** The language of messages for this request: the first of Accept-Language that we speak, else English. */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en';
  for (const part of header.split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'sk' || tag === 'en') return tag;
  }
  return 'en';
}
