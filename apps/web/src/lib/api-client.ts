import { z } from 'zod';
import { ApiError, NetworkError, errorCodeForStatus, isErrorCode } from './api-error';
import { readAuthToken } from './auth-token';

// Spec section 7: the API base is configurable with a local default (same origin).
const API_BASE = import.meta.env.VITE_API_BASE ?? '';

const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string().optional(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

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
    const { code, message, fields } = parsed.data.error;
    return new ApiError(code, status, message ?? code, fields);
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
  const headers = new Headers({ Accept: 'application/json' });
  const token = readAuthToken();
  if (token !== null) headers.set('Authorization', `Bearer ${token}`);
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError(error);
  }

  const body = await readJson(response);
  if (!response.ok) throw toApiError(response.status, body);
  if (options.schema === undefined) return undefined;
  const parsed = options.schema.safeParse(body);
  // A response that does not match the contract is a server bug, reported like a 5xx.
  if (!parsed.success) throw new ApiError('UNEXPECTED_ERROR', response.status, parsed.error.message);
  return parsed.data;
}
