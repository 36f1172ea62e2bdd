import { stdSerializers } from 'pino';

/**
 * docs/security.md, logs: what never reaches a log line. Header secrets and every field that holds
 * a password, a token or a hash are censored wherever they appear; a database error keeps its
 * SQLSTATE, constraint and statement text, never the values it was given.
 */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.currentPassword',
  '*.passwordHash',
  '*.token',
  '*.refreshToken',
  '*.accessToken',
];

/** Drizzle wraps a failed statement as "Failed query: <sql>\nparams: <values>"; the values go. */
const withoutParams = (message: string): string => message.replace(/\nparams:[\s\S]*$/, '\nparams: [redacted]');

type SerializedError = { type: string; message: string; stack: string } & Record<string, unknown>;

/** The error serializer of the server's logger: pino's, minus the values of a failed statement. */
export function redactError(error: Error): SerializedError {
  const serialized = stdSerializers.err(error) as SerializedError;
  const safe: SerializedError = { type: serialized.type, message: serialized.message, stack: serialized.stack };
  for (const [key, value] of Object.entries(serialized)) {
    // `cause` is already in the message and stack; its own fields (a row's values in `detail`) are not wanted.
    if (['raw', 'params', 'parameters', 'values', 'detail', 'cause', 'where'].includes(key)) continue;
    safe[key] = (key === 'message' || key === 'stack') && typeof value === 'string' ? withoutParams(value) : value;
  }
  return safe;
}
