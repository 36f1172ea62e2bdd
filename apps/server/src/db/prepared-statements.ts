import type pg from 'pg';

/*
 * Named prepared statements on PostgreSQL (docs/performance.md, "Prepared statements"). Drizzle
 * sends every query as an unnamed statement, which PostgreSQL parses and plans again on every call:
 * for the score write that was about half of the database's time (the session's statement 1.1 ms,
 * of which parsing and planning 1.07). A statement whose text comes back gets a name, so each
 * connection parses it once and PostgreSQL may keep its plan. The texts that come back are the
 * code's own queries (the values travel apart as parameters); a text is named from its second use
 * on, and at most MAX_NAMED texts are named in the process's life, so a shape that varies without
 * end (a list of ids of any length) cannot fill the connections' memory with statements.
 */

/** Texts named at most, over the process's life (each connection prepares those it runs). */
export const MAX_NAMED = 500;

interface QueryConfigLike {
  text?: unknown;
  name?: unknown;
  submit?: unknown;
}

export interface StatementNames {
  /** The name for this statement's text, or undefined (first sight, or past MAX_NAMED). */
  nameOf(text: string): string | undefined;
  /** Texts named so far. */
  readonly named: number;
}

export function createStatementNames(max = MAX_NAMED): StatementNames {
  const names = new Map<string, string>();
  const seen = new Set<string>();
  return {
    nameOf(text) {
      const known = names.get(text);
      if (known !== undefined || names.size >= max) return known;
      if (!seen.has(text)) {
        // Texts seen once are kept only until the named ones are full: then nothing new is named.
        seen.add(text);
        return undefined;
      }
      seen.delete(text);
      const name = `climbing_${names.size + 1}`;
      names.set(text, name);
      return name;
    },
    get named() {
      return names.size;
    },
  };
}

/**
 * Makes every client of the pool name the statements it is given by text (not those already
 * named, nor a Query object or a text without parameters, which goes by the simple protocol).
 */
export function namePreparedStatements(pool: pg.Pool, names: StatementNames = createStatementNames()): StatementNames {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
      const given = config as QueryConfigLike | null;
      if (typeof given !== 'object' || given === null || typeof given.text !== 'string' || given.name !== undefined || given.submit !== undefined) return query(config, ...rest);
      const values = Array.isArray(rest[0]) ? rest[0] : (given as { values?: unknown }).values;
      const name = Array.isArray(values) && values.length > 0 ? names.nameOf(given.text) : undefined;
      return query(name === undefined ? config : { ...given, name }, ...rest);
    };
  });
  return names;
}
