import { isErrorCode, type ErrorCode } from '@climbing/domain';

// The codes alone, not their texts: every page checks error answers, few pages show them.
export { isErrorCode };

export type ApiFieldErrors = Record<string, string>;
/** The limit each field message names (`{ "body.name": { count: 100 } }`). */
export type ApiFieldParams = Record<string, Record<string, string | number>>;

/** A failed API call: the stable code of spec section 8, the HTTP status and field errors. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: ApiFieldErrors | undefined;
  /** Extra data of the error body, e.g. VERSION_CONFLICT's `details.current` (the fresh state). */
  readonly details: unknown;
  readonly fieldParams: ApiFieldParams | undefined;

  constructor(code: ErrorCode, status: number, message: string, fields?: ApiFieldErrors, details?: unknown, fieldParams?: ApiFieldParams) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = fields;
    this.details = details;
    this.fieldParams = fieldParams;
  }
}

/** The request never reached the server (offline, DNS, refused connection). */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('Network request failed', { cause });
    this.name = 'NetworkError';
  }
}

/** A code for answers without our error body (proxies, the framework's own 404). */
export const errorCodeForStatus = (status: number): ErrorCode => {
  switch (status) {
    case 401:
      return 'NOT_AUTHORIZED';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'REQUEST_NOT_FOUND';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    default:
      return status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'UNEXPECTED_ERROR';
  }
};
