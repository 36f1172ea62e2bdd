import type { FastifyInstance } from 'fastify';
import type { FieldErrors } from '@climbing/domain';
import { sendError } from './error-handler.ts';

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** A NUL or another C0 control character other than tab, line feed and carriage return. */
function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 && code !== TAB && code !== LINE_FEED && code !== CARRIAGE_RETURN) return true;
  }
  return false;
}
const MAX_DEPTH = 20;
/** Path parameters named like ids that are text: a judge device names itself. */
const TEXT_ID_PARAMS = new Set(['deviceId']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Path parameters of this route named like ids that are not integers (random file ids); the route's schema checks them. */
    textIdParams?: readonly string[];
  }
}

/** The paths (`body.name`, `querystring.q`) of the strings that hold a control character. */
function controlCharacterPaths(value: unknown, path: string, found: string[], depth = 0): void {
  if (found.length >= 20 || depth > MAX_DEPTH) return;
  if (typeof value === 'string') {
    if (hasControlCharacter(value)) found.push(path);
    return;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) controlCharacterPaths(child, `${path}.${key}`, found, depth + 1);
}

/**
 * docs/security.md, input: text with a NUL (or another control character) never reaches the
 * database, whose failed statement would otherwise carry every value into the logs; it is a 400
 * naming the fields. Ids in paths are decimal integers: `0x10` or `1e3` are not ids.
 */
export function registerInputHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const found: string[] = [];
    controlCharacterPaths(request.params, 'params', found);
    controlCharacterPaths(request.query, 'querystring', found);
    if (!request.isMultipart()) controlCharacterPaths(request.body, 'body', found);
    if (found.length > 0) {
      const fields: FieldErrors = Object.fromEntries(found.map((path) => [path, 'validation.invalid']));
      return sendError(request, reply, 'VALIDATION_FAILED', { fields });
    }
    const params = (request.params ?? {}) as Record<string, unknown>;
    const textIds = request.routeOptions.config.textIdParams ?? [];
    const isTextId = (key: string) => TEXT_ID_PARAMS.has(key) || textIds.includes(key);
    const badId = Object.entries(params).find(([key, value]) => /id$/i.test(key) && !isTextId(key) && typeof value === 'string' && !/^[0-9]{1,10}$/.test(value));
    if (badId) return sendError(request, reply, 'VALIDATION_FAILED', { fields: { [`params.${badId[0]}`]: 'validation.invalid' } });
    return undefined;
  });
}
