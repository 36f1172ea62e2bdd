import type { ErrorCode } from './error-catalogue.ts';

/** Per-field problems, each a message key of the validation catalogue (or a plain error code). */
export type FieldErrors = Record<string, string>;

/**
 * A failure a user can cause, carrying a stable code of the error catalogue. The server maps it
 * to an HTTP status and a translated message in one place.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fields: FieldErrors | undefined;
  readonly details: unknown;

  constructor(code: ErrorCode, options: { fields?: FieldErrors; details?: unknown; message?: string } = {}) {
    super(options.message ?? code);
    this.name = 'DomainError';
    this.code = code;
    this.fields = options.fields;
    this.details = options.details;
  }
}

export const isDomainError = (value: unknown): value is DomainError => value instanceof DomainError;
