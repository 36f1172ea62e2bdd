import { readsSideBySide, type Database, type Executor } from './database.ts';

/**
 * A query Drizzle builds once per database instead of on every call (docs/performance.md,
 * "Prepared statements"): building the SQL of a join of two wide tables costs Drizzle 0.5-1 ms of
 * the CPU, on paths every score write and every results request takes (the session, the race and
 * its event). `build` makes the prepared query with `sql.placeholder` for the values; it is kept
 * per database handle (inside a transaction, built for it). On PostgreSQL the query's name makes it
 * a named prepared statement too.
 */
export function preparedOnce<Prepared>(build: (db: Database) => Prepared): (db: Executor) => Prepared {
  const built = new WeakMap<Executor, Prepared>();
  return (db) => {
    if (!readsSideBySide(db)) return build(db as Database);
    let prepared = built.get(db);
    if (prepared === undefined) {
      prepared = build(db as Database);
      built.set(db, prepared);
    }
    return prepared;
  };
}
