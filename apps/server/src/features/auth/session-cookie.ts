import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The web app's session (docs/security.md, "Session cookie"): the access token rides in an
 * HttpOnly cookie that scripts cannot read, so a script injected into the page cannot carry the
 * login away. API clients keep sending `Authorization: Bearer`, which wins when both are there.
 */
export const SESSION_COOKIE = 'climbing_session';
/**
 * Sent by the web app's HTTP client on every call (value `cookie`): a login or renewal answers
 * with the cookie instead of the token, and a dead cookie answers 401 instead of reading as anonymous.
 */
export const SESSION_TRANSPORT_HEADER = 'x-session-transport';
/** State-changing calls authenticated by the cookie must repeat the session's CSRF token here. */
export const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const wantsCookieSession = (request: FastifyRequest): boolean => request.headers[SESSION_TRANSPORT_HEADER] === 'cookie';

/** The value of one cookie of the request, or null; the header is parsed by hand (one cookie is read). */
export function readCookie(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string' || header.length > 8192) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    return value === '' ? null : value;
  }
  return null;
}

/**
 * The session's CSRF token: an HMAC of its id, so it needs no storage, stays the same across
 * renewals and is worthless for another session. The web app keeps it in local storage (it is
 * not a credential by itself) and sends it back in `X-CSRF-Token`.
 */
export function csrfTokenFor(secret: string, sessionId: string): string {
  return createHmac('sha256', secret).update(`csrf:${sessionId}`).digest('base64url');
}

/** Whether a call authenticated by the cookie carries its session's CSRF token (safe methods need none). */
export function csrfHolds(request: FastifyRequest, secret: string, sessionId: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string') return false;
  const expected = Buffer.from(csrfTokenFor(secret, sessionId));
  const given = Buffer.from(sent);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function cookieAttributes(request: FastifyRequest, maxAgeSeconds: number): string {
  // Path /api: the page's own requests, file images and the live stream send it; nothing else does.
  // `protocol` is https behind a proxy only when TRUST_PROXY lets X-Forwarded-Proto say so.
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `Path=/api; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number): void {
  reply.header('Set-Cookie', `${SESSION_COOKIE}=${token}; ${cookieAttributes(request, maxAgeSeconds)}`);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('Set-Cookie', `${SESSION_COOKIE}=; ${cookieAttributes(request, 0)}`);
}
