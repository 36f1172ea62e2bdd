import type { FastifyRequest } from 'fastify';
import type { Language, LanguageCode } from '@climbing/domain';

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

/** The e-mail language for a person without an account: the request's when it names one we speak, else Slovak. */
export function mailLanguageOf(request: FastifyRequest): LanguageCode {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string' || !/\b(sk|en)/i.test(header)) return 'SK';
  return requestLanguage(request) === 'sk' ? 'SK' : 'EN';
}
