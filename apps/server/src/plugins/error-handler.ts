import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError, ERROR_CATALOGUE, detailedErrorMessage, rateLimitDetails, validationMessageForIssue, type ErrorCode, type FieldErrors, type FieldParams, type ValidationIssue } from '@climbing/domain';
import { requestLanguage } from '../lib/request-language.ts';
import { sqlStateOf } from '../lib/postgres-errors.ts';
import { ReplySerializationError } from '../lib/reply-serializer.ts';

export interface ErrorBody {
  /** `fields`: a validation message key per field; `fieldParams`: the limit each of them names. */
  error: { code: ErrorCode; message: string; fields?: FieldErrors; fieldParams?: FieldParams; details?: unknown };
}

/** Fastify's own error codes that a client can cause, and the catalogue code each one means. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'MALFORMED_REQUEST',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_REQUEST',
  FST_ERR_CTP_EMPTY_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_FIELDS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_RATE_LIMITED: 'RATE_LIMITED',
};

/** For any other 4xx that a plugin raises, the generic code of its status. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'MALFORMED_REQUEST',
  401: 'NOT_AUTHORIZED',
  403: 'FORBIDDEN',
  404: 'REQUEST_NOT_FOUND',
  406: 'MALFORMED_REQUEST',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** PostgreSQL errors that only bad input can cause (a value out of range, a malformed literal, a NUL character in text). */
const BAD_INPUT_SQLSTATES = new Set(['22021', '22P05', '22P02', '22003', '22007', '22008', '22001', '22023']);

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  extra: { fields?: FieldErrors; fieldParams?: FieldParams; details?: unknown; status?: number } = {},
): FastifyReply {
  const language = requestLanguage(request);
  const body: ErrorBody = { error: { code, message: detailedErrorMessage(code, language, extra.details) } };
  const retryAfter = code === 'RATE_LIMITED' ? rateLimitDetails(extra.details).retryAfterSeconds : undefined;
  if (retryAfter !== undefined) void reply.header('retry-after', String(Math.ceil(retryAfter)));
  if (extra.fields) body.error.fields = extra.fields;
  if (extra.fieldParams && Object.keys(extra.fieldParams).length > 0) body.error.fieldParams = extra.fieldParams;
  if (extra.details !== undefined) body.error.details = extra.details;
  return reply.status(extra.status ?? ERROR_CATALOGUE[code].status).type('application/json; charset=utf-8').send(body);
}

/** The value at a path of the request part that failed (body, querystring, params), to tell "missing" from "wrong". */
function valueAt(request: FastifyRequest, where: string, pathParts: (string | number)[]): unknown {
  const parts: Record<string, unknown> = { body: request.body, querystring: request.query, params: request.params, headers: request.headers };
  let value: unknown = parts[where];
  for (const part of pathParts) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[part];
  }
  return value;
}

/**
 * Turns zod issues into `{ "a.b": "validation.tooLong" }` field messages with their limits
 * (`{ "a.b": { count: 100 } }`): every issue kind maps to a catalogue key, zod's English never leaves.
 */
function zodFields(error: FastifyError, request: FastifyRequest): { fields: FieldErrors; fieldParams: FieldParams } {
  const fields: FieldErrors = {};
  const fieldParams: FieldParams = {};
  const issues = Array.isArray(error.validation) ? error.validation : [];
  for (const issue of issues) {
    // fastify-type-provider-zod puts the zod code in `keyword`, its other fields in `params` and the path in `instancePath`.
    const where = error.validationContext ?? 'body';
    const pathParts = issue.instancePath.split('/').filter(Boolean);
    const key = [where, ...pathParts].join('.');
    if (fields[key] !== undefined) continue; // the first problem of a field is the one to fix first
    // zod 4 does not report the input, so a missing value is recognised by looking it up.
    const missing = valueAt(request, where, pathParts) === undefined;
    const zodIssue = { ...(issue.params as Record<string, unknown>), code: issue.keyword, message: issue.message } as ValidationIssue;
    const message = validationMessageForIssue(zodIssue, { missing });
    fields[key] = message.key;
    if (message.params) fieldParams[key] = message.params;
  }
  return { fields, fieldParams };
}

/**
 * Unique and foreign-key violations a race between two requests can cause (the services check
 * first, the constraint decides a tie): the constraint's name tells which rule was hit.
 */
const CONSTRAINT_CODES: Record<string, ErrorCode> = {
  users_email_lower_unique: 'EMAIL_ALREADY_IN_USE',
  organization_memberships_user_organization_unique: 'MEMBER_ALREADY_EXISTS',
  race_registrations_race_racer_number_unique: 'RACER_NUMBER_EXISTS',
  race_registrations_race_user_unique: 'ALREADY_REGISTERED',
  race_registrations_race_unregistered_email_unique: 'RACER_EMAIL_ALREADY_REGISTERED',
  racers_race_racer_number_unique: 'RACER_NUMBER_EXISTS',
};
const CONFLICT_SQLSTATES = new Set(['23505', '23503', '40001', '40P01']);

function violatedConstraint(error: unknown): string | undefined {
  const candidate = error as { constraint?: unknown; cause?: { constraint?: unknown } };
  const name = candidate?.cause?.constraint ?? candidate?.constraint;
  return typeof name === 'string' ? name : undefined;
}


/** One place that turns every failure into `{ error: { code, message, fields? } }`; 5xx details never leave the server. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof DomainError) {
      return sendError(request, reply, error.code, { fields: error.fields, fieldParams: error.fieldParams, details: error.details });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { fields, fieldParams } = zodFields(error, request);
      const missing = Object.values(fields).includes('validation.required') && error.validationContext !== 'body';
      return sendError(request, reply, missing ? 'REQUIRED_PARAMETER_MISSING' : 'VALIDATION_FAILED', { fields, fieldParams });
    }
    if (isResponseSerializationError(error) || error instanceof ReplySerializationError) {
      request.log.error({ err: error, cause: error.cause }, 'response does not match its schema');
      return sendError(request, reply, 'INTERNAL_SERVER_ERROR');
    }
    const fastifyCode = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (fastifyCode) return sendError(request, reply, fastifyCode);
    if (error instanceof SyntaxError) return sendError(request, reply, 'MALFORMED_REQUEST');
    const state = sqlStateOf(error);
    if (state && BAD_INPUT_SQLSTATES.has(state)) {
      request.log.warn({ err: error }, 'bad input reached the database');
      return sendError(request, reply, 'VALIDATION_FAILED');
    }
    if (state === '23514') return sendError(request, reply, 'VALIDATION_FAILED');
    if (state && CONFLICT_SQLSTATES.has(state)) {
      const constraint = violatedConstraint(error);
      return sendError(request, reply, (constraint && CONSTRAINT_CODES[constraint]) || 'CONFLICT');
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return sendError(request, reply, STATUS_CODES[status] ?? 'MALFORMED_REQUEST', { status });
    request.log.error({ err: error }, 'unhandled error');
    return sendError(request, reply, 'INTERNAL_SERVER_ERROR');
  });
}
