import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll, readsSideBySide, rowsOf, type Executor } from '../../src/db/database.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Reads that may go side by side (results of several stages, a bracket's racers and runs) do so on
 * the pool, and one after the other inside a transaction: a transaction is one connection, and
 * node-postgres 9 refuses a second query on a connection that runs one.
 */
describe('reads side by side', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await createTestApp();
  });
  afterAll(async () => {
    await harness?.close();
  });

  /** Two reads that note when they start and end; each waits for the database. */
  const tracedReads = (events: string[], db: Executor): [() => Promise<string>, () => Promise<string>] =>
    (['a', 'b'] as const).map((name) => async () => {
      events.push(`${name} starts`);
      const result = await db.execute(sql`select ${name}::text as name`);
      events.push(`${name} ends`);
      return rowsOf(result)[0]?.name as string;
    }) as [() => Promise<string>, () => Promise<string>];

  it('on the database: both start before either ends, answers in order', async () => {
    const events: string[] = [];
    expect(readsSideBySide(harness.app.db)).toBe(true);
    expect(await readAll(harness.app.db, tracedReads(events, harness.app.db))).toEqual(['a', 'b']);
    expect(events.slice(0, 2)).toEqual(['a starts', 'b starts']);
  });

  it('in a transaction: one after the other, answers in order', async () => {
    const events: string[] = [];
    const answers = await harness.app.db.transaction(async (tx) => {
      expect(readsSideBySide(tx)).toBe(false);
      return readAll(tx, tracedReads(events, tx));
    });
    expect(answers).toEqual(['a', 'b']);
    expect(events).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });
});
