import { encodeValidationMessage, isValidationMessageKey } from '@climbing/domain';
import { ApiError } from './api-error';

/**
 * The server's per-field messages (`{ "body.address.city": "validation.tooLong" }` with
 * `fieldParams` `{ count: 200 }`) as form paths (`address.city`) and encoded messages
 * (`validation.tooLong?count=200`), so they read exactly like the form's own.
 */
export const serverFieldErrors = (error: unknown): Record<string, string> => {
  if (!(error instanceof ApiError) || error.fields === undefined) return {};
  return Object.fromEntries(
    Object.entries(error.fields).map(([path, message]) => {
      const params = error.fieldParams?.[path];
      const encoded = isValidationMessageKey(message) && params ? encodeValidationMessage({ key: message, params }) : message;
      return [path.replace(/^(body|querystring|params)\./, ''), encoded];
    }),
  );
};
