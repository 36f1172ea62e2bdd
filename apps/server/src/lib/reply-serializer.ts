import { encode, type $ZodType } from 'zod/v4/core';

/**
 * Serializes replies by their route's response schema (issue 13, item 3).
 *
 * Validating every reply with zod before `JSON.stringify` cost a quarter of a large list's request.
 * In production a reply is instead *projected* through a function compiled once per route from
 * its schema: objects keep exactly the keys of their schema (as zod's default strip does, so no
 * column a query selected by mistake leaks), arrays, records and tuples are walked, leaves are
 * passed as they are. No value is checked. Anything the projection does not understand (unions of
 * objects, transforms, defaults, loose objects, lazy schemas ...) is handed to zod for that
 * subtree, so the output is zod's.
 *
 * Under tests (`checkReplies`) every reply is validated with zod as before *and* projected, and a
 * difference between the two is an error: the whole server suite checks the projection.
 */

type Projection = (value: unknown) => unknown;

interface ZodInternals {
  _zod: { def: ZodDefinition };
}

interface ZodDefinition {
  type: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  options?: readonly $ZodType[];
  keyType?: $ZodType;
  valueType?: $ZodType;
  items?: readonly $ZodType[];
  rest?: $ZodType | null;
}

/** Types whose value JSON-encodes as it is: zod would only have checked it. */
const LEAVES = new Set(['string', 'number', 'int', 'boolean', 'literal', 'enum', 'null', 'date', 'any', 'unknown', 'template_literal', 'nan']);

const definitionOf = (schema: $ZodType): ZodDefinition => (schema as unknown as ZodInternals)._zod.def;

const isLeaf = (schema: $ZodType): boolean => {
  const definition = definitionOf(schema);
  if (LEAVES.has(definition.type)) return true;
  if (definition.type === 'nullable' || definition.type === 'optional' || definition.type === 'readonly') return isLeaf(definition.innerType!);
  if (definition.type === 'union') return definition.options!.every(isLeaf);
  return false;
};

const byZod =
  (schema: $ZodType): Projection =>
  (value) =>
    encode(schema, value);

const identity: Projection = (value) => value;

/** Compiles the projection of one schema; the result is reused for every reply of the route. */
export function compileProjection(schema: $ZodType): Projection {
  const definition = definitionOf(schema);
  if (isLeaf(schema)) return identity;
  switch (definition.type) {
    case 'object': {
      // A loose or strict object keeps or refuses unknown keys: zod decides.
      if (definition.catchall) return byZod(schema);
      const fields = Object.entries(definition.shape!).map(([key, field]) => [key, compileProjection(field)] as const);
      return (value) => {
        if (value === null || typeof value !== 'object') return encode(schema, value);
        const source = value as Record<string, unknown>;
        const out: Record<string, unknown> = {};
        for (const [key, project] of fields) {
          if (key in source) out[key] = project(source[key]);
        }
        return out;
      };
    }
    case 'array': {
      const project = compileProjection(definition.element!);
      if (project === identity) return identity;
      return (value) => (Array.isArray(value) ? value.map((item) => project(item)) : encode(schema, value));
    }
    case 'nullable':
    case 'optional': {
      const project = compileProjection(definition.innerType!);
      return (value) => (value === null || value === undefined ? value : project(value));
    }
    case 'readonly':
      return compileProjection(definition.innerType!);
    case 'record': {
      const project = compileProjection(definition.valueType!);
      if (!isLeaf(definition.keyType!)) return byZod(schema);
      return (value) => {
        if (value === null || typeof value !== 'object' || Array.isArray(value)) return encode(schema, value);
        const out: Record<string, unknown> = {};
        for (const [key, item] of Object.entries(value)) out[key] = project(item);
        return out;
      };
    }
    case 'tuple': {
      if (definition.rest) return byZod(schema);
      const items = definition.items!.map(compileProjection);
      return (value) => (Array.isArray(value) && value.length === items.length ? items.map((project, index) => project(value[index])) : encode(schema, value));
    }
    default:
      return byZod(schema);
  }
}

/** The schema a route gave for a status: a zod schema or `{ properties: schema }`. */
const resolveSchema = (maybeSchema: unknown): $ZodType => {
  if (maybeSchema && typeof maybeSchema === 'object' && '_zod' in maybeSchema) return maybeSchema as $ZodType;
  if (maybeSchema && typeof maybeSchema === 'object' && 'properties' in maybeSchema) return (maybeSchema as { properties: $ZodType }).properties;
  throw new Error(`Not a zod response schema: ${JSON.stringify(maybeSchema)}`);
};

/** A reply did not fit its schema, or (under tests) the projection differs from zod's output. */
export class ReplySerializationError extends Error {
  constructor(method: string, url: string, cause: unknown) {
    super(`Reply of ${method} ${url} does not match its response schema`, { cause });
    this.name = 'ReplySerializationError';
  }
}

/** Fastify's `setSerializerCompiler` argument: compiled projections, checked against zod under tests. */
export const createReplySerializerCompiler =
  (options: { checkReplies: boolean }) =>
  ({ schema: maybeSchema, method, url }: { schema: unknown; method: string; url: string }) => {
    const schema = resolveSchema(maybeSchema);
    const project = compileProjection(schema);
    if (!options.checkReplies) return (data: unknown): string => JSON.stringify(project(data));
    return (data: unknown): string => {
      let checked: string;
      try {
        checked = JSON.stringify(encode(schema, data));
      } catch (error) {
        throw new ReplySerializationError(method, url, error);
      }
      const projected = JSON.stringify(project(data));
      if (projected !== checked) {
        throw new ReplySerializationError(method, url, new Error(`the compiled projection gave ${projected.slice(0, 500)}, zod ${checked.slice(0, 500)}`));
      }
      return checked;
    };
  };
