import type { Database, DatabaseHandle } from '../../src/db/database.ts';

/**
 * Counts the statements the server sends to the database while `work` runs: every query Drizzle
 * runs (its logger sees each one, BEGIN and COMMIT too on PostgreSQL) plus, on PGlite, the BEGIN and
 * COMMIT of each transaction, which PGlite sends itself. On PostgreSQL each statement is one round
 * trip; PGlite runs in the process, so there the count says what PostgreSQL would see.
 */
export async function countStatements<T>(handle: DatabaseHandle, work: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  type Logger = { logQuery(query: string, params: unknown[]): void };
  const session = (handle.db as unknown as { session: { logger: Logger; options: { logger?: Logger } } }).session;
  const statements: string[] = [];
  const logger = { logQuery: (query: string) => statements.push(query) };
  // The session's logger is patched in place: a query prepared once (db/prepared-query.ts) kept
  // that object; a transaction's session takes the options' logger.
  const sessionLogger = session.logger;
  const saved = { logQuery: Object.hasOwn(sessionLogger, 'logQuery') ? sessionLogger.logQuery : undefined, optionsLogger: session.options.logger };
  sessionLogger.logQuery = logger.logQuery;
  session.options.logger = logger;
  const db = handle.db as Database;
  const transaction = db.transaction.bind(db);
  if (handle.kind === 'pglite') {
    (db as { transaction: Database['transaction'] }).transaction = (async (run: Parameters<Database['transaction']>[0], config?: Parameters<Database['transaction']>[1]) => {
      statements.push('BEGIN');
      try {
        return await transaction(run, config);
      } finally {
        statements.push('COMMIT');
      }
    }) as Database['transaction'];
  }
  try {
    return { result: await work(), statements };
  } finally {
    if (saved.logQuery) sessionLogger.logQuery = saved.logQuery;
    else delete (sessionLogger as Partial<Logger>).logQuery;
    session.options.logger = saved.optionsLogger;
    if (handle.kind === 'pglite') delete (db as { transaction?: unknown }).transaction;
  }
}
