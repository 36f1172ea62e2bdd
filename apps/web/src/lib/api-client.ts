// The client's own schemas are our response guards: every page loads this module, and zod's core weighs (issue 14).
import { guard as g } from '@climbing/domain';
import { ApiError, NetworkError, errorCodeForStatus, isErrorCode } from './api-error';
import { clearStoredSession, readStoredSession, sameSession, sessionOfTokenAnswer, storeSession, type StoredSession } from './auth-session';

// Spec section 7: the API base is configurable with a local default (same origin).
const API_BASE = import.meta.env.VITE_API_BASE ?? '';

const errorBodySchema = g.object({
  error: g.object({
    code: g.string(),
    message: g.optional(g.string()),
    fields: g.optional(g.record(g.string())),
    fieldParams: g.withFallback(g.optional(g.record(g.record(g.union([g.string(), g.number()])))), undefined),
    details: g.optional(g.unknown()),
  }),
});

/**
 * What checks a response: a guard of @climbing/domain, or a zod schema (the organiser's pages
 * still use zod). Both answer `safeParse` with the checked value or an error with a message.
 */
interface Schema {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false; error: { message: string } };
}

/** The value a schema hands on. */
type Output<S extends Schema> = Extract<ReturnType<S['safeParse']>, { success: true }>['data'];

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

let onSessionRevoked: ((code: ApiError['code']) => void) | null = null;

/**
 * Answers meaning the session will never work again: revoked or expired, or the account is gone.
 * A wrong password at login is a 401 too, but says nothing about the stored token.
 */
const endsSession = (status: number, error: ApiError): boolean =>
  (status === 401 && error.code !== 'BAD_CREDENTIALS') || error.code === 'ACCOUNT_DEACTIVATED' || error.code === 'ACCOUNT_DELETED';

/**
 * Called with the error code when the session behind the stored token is over: revoked (logout
 * elsewhere, blocked or deactivated account) or expired, and renewing it failed too. The app
 * asks to log in again then (or drops the session when the account is gone).
 */
export const setSessionRevokedHandler = (handler: ((code: ApiError['code']) => void) | null): void => {
  onSessionRevoked = handler;
};


interface RequestOptions<S extends Schema> {
  method?: HttpMethod;
  body?: unknown;
  /** Validates the response body; omit for calls answered without a body. */
  schema?: S;
  signal?: AbortSignal;
}

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const toApiError = (status: number, body: unknown): ApiError => {
  const parsed = errorBodySchema.safeParse(body);
  if (parsed.success && isErrorCode(parsed.data.error.code)) {
    const { code, message, fields, details, fieldParams } = parsed.data.error;
    return new ApiError(code, status, message ?? code, fields, details, fieldParams);
  }
  const code = errorCodeForStatus(status);
  return new ApiError(code, status, code);
};

const TOKEN_CALLS = new Set(['/api/token/create', '/api/token/renew']);

/**
 * Headers of every call to the API. The session itself rides in the HttpOnly cookie the browser
 * sends by itself (docs/security.md); the CSRF token shows the server that the page, not another
 * site, makes the call; the transport header asks logins and renewals for the cookie.
 */
export const sessionHeaders = (session: StoredSession | null = readStoredSession()): Record<string, string> => ({
  'X-Session-Transport': 'cookie',
  ...(session ? { 'X-CSRF-Token': session.csrfToken } : {}),
});

/** The answer of a login or renewal in cookie mode: the token is in the cookie, not here. */
export const tokenAnswerSchema = g.object({ csrfToken: g.string({ minLength: 1 }), issuedAt: g.string(), expiresAt: g.string() });

/** RENEWED: the session goes on (new cookie); ENDED: the session is over; UNAVAILABLE: no answer, try later. */
export type RenewalOutcome = 'RENEWED' | 'ENDED' | 'UNAVAILABLE';

let renewalInFlight: Promise<RenewalOutcome> | null = null;

async function renewOnce(): Promise<RenewalOutcome> {
  const before = readStoredSession();
  if (before === null) return 'ENDED';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/api/token/renew`, { method: 'PUT', credentials: 'include', headers: { Accept: 'application/json', ...sessionHeaders(before) } });
  } catch {
    return 'UNAVAILABLE';
  }
  const json = await readJson(response);
  if (response.ok) {
    const parsed = tokenAnswerSchema.safeParse(json);
    if (!parsed.success) return 'UNAVAILABLE';
    // A login in another tab (or the re-login dialog) meanwhile wins over this renewal.
    if (sameSession(readStoredSession(), before)) storeSession({ ...sessionOfTokenAnswer(parsed.data), ...(before?.judge ? { judge: true as const } : {}) });
    return 'RENEWED';
  }
  const error = toApiError(response.status, json);
  if (!endsSession(response.status, error)) return 'UNAVAILABLE';
  if (sameSession(readStoredSession(), before)) {
    clearStoredSession();
    onSessionRevoked?.(error.code);
  }
  return 'ENDED';
}

/**
 * PUT /api/token/renew with the session cookie, one at a time: the server renews a token that has
 * run out as long as its session lives, so a laptop that slept or a judge's phone in a pocket
 * keeps its login. Every caller waiting at once shares the one request.
 */
export const renewAccessToken = (): Promise<RenewalOutcome> => {
  renewalInFlight ??= renewOnce().finally(() => {
    renewalInFlight = null;
  });
  return renewalInFlight;
};

/** The one HTTP client of the web app: JSON in and out, the session cookie with its CSRF token, typed errors. */
export async function apiRequest<S extends Schema>(path: string, options: RequestOptions<S> & { schema: S }): Promise<Output<S>>;
export async function apiRequest(path: string, options?: RequestOptions<Schema>): Promise<void>;
export async function apiRequest(path: string, options: RequestOptions<Schema> = {}): Promise<unknown> {
  const isForm = options.body instanceof FormData;
  const body = options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body);
  // A multipart body sets its own Content-Type with the boundary.
  return send(path, options, body, options.body !== undefined && !isForm ? 'application/json' : undefined);
}

/** POST one file as multipart form data under the given field (the server's `multipartFile`). */
export async function apiUpload<S extends Schema>(
  path: string,
  file: File,
  options: { schema: S; field?: string; signal?: AbortSignal },
): Promise<Output<S>> {
  const form = new FormData();
  form.append(options.field ?? 'multipartFile', file);
  return apiRequest(path, { method: 'POST', body: form, schema: options.schema, signal: options.signal });
}

async function send(
  path: string,
  options: RequestOptions<Schema>,
  body: BodyInit | undefined,
  contentType: string | undefined,
  retried = false,
): Promise<unknown> {
  const session = readStoredSession();
  const headers = new Headers({ Accept: 'application/json', ...sessionHeaders(session) });
  if (contentType !== undefined) headers.set('Content-Type', contentType);

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      credentials: 'include',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  const json = await readJson(response);
  if (!response.ok) {
    const error = toApiError(response.status, json);
    // An access token that ran out is renewed (the session may well live on) and the call sent
    // again once, so the user never sees it; only a session that is really over ends here.
    if (error.code === 'INVALID_OR_EXPIRED_TOKEN' && session !== null && !retried && !TOKEN_CALLS.has(path)) {
      const outcome = sameSession(readStoredSession(), session) ? await renewAccessToken() : 'RENEWED';
      if (outcome === 'RENEWED' && readStoredSession() !== null) return send(path, options, body, contentType, true);
      throw error;
    }
    if (endsSession(response.status, error) && session !== null && sameSession(readStoredSession(), session)) {
      clearStoredSession();
      onSessionRevoked?.(error.code);
    }
    throw error;
  }
  if (options.schema === undefined) return undefined;
  const parsed = options.schema.safeParse(json);
  // A response that does not match the contract is a server bug, reported like a 5xx.
  if (!parsed.success) throw new ApiError('UNEXPECTED_ERROR', response.status, parsed.error.message);
  return parsed.data;
}
