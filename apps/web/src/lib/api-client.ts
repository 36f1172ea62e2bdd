import { z } from 'zod';
import { ApiError, NetworkError, errorCodeForStatus, isErrorCode } from './api-error';
import { clearAuthToken, readAuthToken, storeAuthToken } from './auth-token';

// Spec section 7: the API base is configurable with a local default (same origin).
const API_BASE = import.meta.env.VITE_API_BASE ?? '';

const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
    fieldParams: z.record(z.string(), z.record(z.string(), z.union([z.string(), z.number()]))).optional().catch(undefined),
    details: z.unknown().optional(),
  }),
});

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


interface RequestOptions<Schema extends z.ZodType> {
  method?: HttpMethod;
  body?: unknown;
  /** Validates the response body; omit for calls answered without a body. */
  schema?: Schema;
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

/** RENEWED: a new token is stored; ENDED: the session is over; UNAVAILABLE: no answer, try later. */
export type RenewalOutcome = 'RENEWED' | 'ENDED' | 'UNAVAILABLE';

let renewalInFlight: Promise<RenewalOutcome> | null = null;

const renewedTokenSchema = z.object({ token: z.string().min(1) });

async function renewOnce(): Promise<RenewalOutcome> {
  const token = readAuthToken();
  if (token === null) return 'ENDED';
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/api/token/renew`, { method: 'PUT', headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
  } catch {
    return 'UNAVAILABLE';
  }
  const json = await readJson(response);
  if (response.ok) {
    const parsed = renewedTokenSchema.safeParse(json);
    if (!parsed.success) return 'UNAVAILABLE';
    // A login in another tab (or the re-login dialog) meanwhile wins over this renewal.
    if (readAuthToken() === token) storeAuthToken(parsed.data.token);
    return 'RENEWED';
  }
  const error = toApiError(response.status, json);
  if (!endsSession(response.status, error)) return 'UNAVAILABLE';
  if (readAuthToken() === token) {
    clearAuthToken();
    onSessionRevoked?.(error.code);
  }
  return 'ENDED';
}

/**
 * PUT /api/token/renew with the stored token, one at a time: the server renews a token that has
 * run out as long as its session lives, so a laptop that slept or a judge's phone in a pocket
 * keeps its login. Every caller waiting at once shares the one request.
 */
export const renewAccessToken = (): Promise<RenewalOutcome> => {
  renewalInFlight ??= renewOnce().finally(() => {
    renewalInFlight = null;
  });
  return renewalInFlight;
};

/** The one HTTP client of the web app: JSON in and out, bearer token, typed errors. */
export async function apiRequest<Schema extends z.ZodType>(
  path: string,
  options: RequestOptions<Schema> & { schema: Schema },
): Promise<z.infer<Schema>>;
export async function apiRequest(path: string, options?: RequestOptions<z.ZodType>): Promise<void>;
export async function apiRequest(path: string, options: RequestOptions<z.ZodType> = {}): Promise<unknown> {
  const isForm = options.body instanceof FormData;
  const body = options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body);
  // A multipart body sets its own Content-Type with the boundary.
  return send(path, options, body, options.body !== undefined && !isForm ? 'application/json' : undefined);
}

/** POST one file as multipart form data under the given field (the server's `multipartFile`). */
export async function apiUpload<Schema extends z.ZodType>(
  path: string,
  file: File,
  options: { schema: Schema; field?: string; signal?: AbortSignal },
): Promise<z.infer<Schema>> {
  const form = new FormData();
  form.append(options.field ?? 'multipartFile', file);
  return apiRequest(path, { method: 'POST', body: form, schema: options.schema, signal: options.signal });
}

async function send(
  path: string,
  options: RequestOptions<z.ZodType>,
  body: BodyInit | undefined,
  contentType: string | undefined,
  retried = false,
): Promise<unknown> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = readAuthToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  if (contentType !== undefined) headers.set('Content-Type', contentType);

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
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
    if (error.code === 'INVALID_OR_EXPIRED_TOKEN' && token !== null && !retried && !TOKEN_CALLS.has(path)) {
      const outcome = readAuthToken() === token ? await renewAccessToken() : 'RENEWED';
      if (outcome === 'RENEWED' && readAuthToken() !== null) return send(path, options, body, contentType, true);
      throw error;
    }
    if (endsSession(response.status, error) && token !== null && readAuthToken() === token) {
      clearAuthToken();
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
