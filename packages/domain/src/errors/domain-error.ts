import type { ErrorCode } from './error-codes.ts';

/** Per-field problems, each a message key of the validation catalogue (or a plain error code). */
export type FieldErrors = Record<string, string>;

/** The limits the field messages name (`{ "body.name": { "count": 100 } }`), by the same paths. */
export type FieldParams = Record<string, Record<string, string | number>>;

/**
 * A failure a user can cause, carrying a stable code of the error catalogue. The server maps it
 * to an HTTP status and a translated message in one place.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly fieldParams: FieldParams | undefined;
  readonly details: unknown;

  constructor(code: ErrorCode, options: { fields?: FieldErrors; fieldParams?: FieldParams; details?: unknown; message?: string } = {}) {
    super(options.message ?? code);
    this.name = 'DomainError';
    this.code = code;
    this.fields = options.fields;
    this.fieldParams = options.fieldParams;
    this.details = options.details;
  }
}

export const isDomainError = (value: unknown): value is DomainError => value instanceof DomainError;
