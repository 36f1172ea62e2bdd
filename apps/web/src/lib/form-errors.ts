import { ApiError } from './api-error';

/**
 * The server's per-field messages (`{ "body.address.city": "validation.maxSize" }`) as form paths
 * (`address.city`). Values are catalogue keys like the form's own, so both read the same.
 */
export const serverFieldErrors = (error: unknown): Record<string, string> => {
  if (!(error instanceof ApiError) || error.fields === undefined) return {};
  return Object.fromEntries(
    Object.entries(error.fields).map(([path, message]) => [path.replace(/^(body|querystring|params)\./, ''), message]),
  );
};
