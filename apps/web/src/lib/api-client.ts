import { z } from 'zod';
import { ApiError, NetworkError, errorCodeForStatus, isErrorCode } from './api-error';
import { clearAuthToken, readAuthToken } from './auth-token';

// Spec section 7: the API base is configurable with a local default (same origin).
const API_BASE = import.meta.env.VITE_API_BASE ?? '';

const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
    details: z.unknown().optional(),
  }),
});

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

let onSessionRevoked: (() => void) | null = null;

/** Answers meaning the token will never work again: revoked or expired, or the account is gone. */
const endsSession = (status: number, error: ApiError): boolean =>
  status === 401 || error.code === 'ACCOUNT_DEACTIVATED' || error.code === 'ACCOUNT_DELETED';

/**
 * Called when a request sent with a token is answered 401: the session was revoked (logout
 * elsewhere, blocked or deactivated account, expiry). The app drops its session state then.
 */
export const setSessionRevokedHandler = (handler: (() => void) | null): void => {
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
    const { code, message, fields, details } = parsed.data.error;
    return new ApiError(code, status, message ?? code, fields, details);
  }
  const code = errorCodeForStatus(status);
  return new ApiError(code, status, code);
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
    if (endsSession(response.status, error) && token !== null && readAuthToken() === token) {
      clearAuthToken();
      onSessionRevoked?.();
    }
    throw error;
  }
  if (options.schema === undefined) return undefined;
  const parsed = options.schema.safeParse(json);
  // A response that does not match the contract is a server bug, reported like a 5xx.
  if (!parsed.success) throw new ApiError('UNEXPECTED_ERROR', response.status, parsed.error.message);
  return parsed.data;
}
