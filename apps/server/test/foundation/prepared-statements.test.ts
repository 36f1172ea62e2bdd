import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementNames, namePreparedStatements } from '../../src/db/prepared-statements.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-app.ts';

describe('statement names', () => {
  it('names a text from its second use on, always with the same name', () => {
    const names = createStatementNames();
    expect(names.nameOf('select $1')).toBeUndefined();
    const name = names.nameOf('select $1');
    expect(name).toMatch(/^climbing_\d+$/);
    expect(names.nameOf('select $1')).toBe(name);
    expect(names.nameOf('select $2')).toBeUndefined();
    expect(names.nameOf('select $2')).not.toBe(name);
    expect(names.named).toBe(2);
  });

  it('names no new text once the limit is reached, and keeps the names it gave', () => {
    const names = createStatementNames(2);
    for (const text of ['a $1', 'b $1', 'a $1', 'b $1']) names.nameOf(text);
    expect(names.named).toBe(2);
    const kept = names.nameOf('a $1');
    expect(kept).toBeDefined();
    for (let use = 0; use < 5; use += 1) expect(names.nameOf('c $1')).toBeUndefined();
    expect(names.nameOf('a $1')).toBe(kept);
    expect(names.named).toBe(2);
  });
});

// With DATABASE_URL the suite runs on PostgreSQL (like every server test); PGlite has no pool.
if (process.env.DATABASE_URL) {
  describe('named prepared statements on PostgreSQL', () => {
    let database: TestDatabase;
    let pool: pg.Pool;

    beforeAll(async () => {
      database = await createTestDatabase();
      // One connection, so that what it prepared can be read from the same session.
      pool = new pg.Pool({ connectionString: database.url, max: 1 });
      namePreparedStatements(pool);
      // pool.end() resolves before its connection has closed; dropping the database then
      // terminates that connection, which a client the pool has let go reports as an error.
      pool.on('connect', (client) => client.on('error', () => undefined));
    });
    afterAll(async () => {
      await pool?.end();
      await database?.dispose();
    });

    const prepared = async (): Promise<string[]> =>
      (await pool.query<{ statement: string }>('select statement from pg_prepared_statements order by statement')).rows.map((row) => row.statement);

    it('prepares a text with parameters once it comes back, and answers each call with its own values', async () => {
      const text = 'select $1::integer * 2 as doubled';
      const answers: number[] = [];
      for (const value of [1, 2, 3]) answers.push((await pool.query<{ doubled: number }>({ text }, [value])).rows[0]!.doubled);
      expect(answers).toEqual([2, 4, 6]);
      expect(await prepared()).toEqual([text]);
    });

    it('leaves a text without parameters and a named statement as they are', async () => {
      for (let use = 0; use < 3; use += 1) await pool.query('select 1 as one');
      for (let use = 0; use < 3; use += 1) await pool.query({ name: 'own_name', text: 'select $1::text as own', values: ['x'] });
      const names = (await pool.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((row) => row.name);
      expect(names).toContain('own_name');
      expect(names.filter((name) => name.startsWith('climbing_'))).toHaveLength(1);
    });

    it('keeps working after a statement fails to parse and after a rolled-back transaction', async () => {
      const broken = 'select $1::integer +';
      for (let use = 0; use < 3; use += 1) await expect(pool.query({ text: broken }, [1])).rejects.toThrow(/syntax/);
      const text = 'select $1::text as echoed';
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query({ text }, ['a']);
        await client.query({ text }, ['b']);
        await client.query('rollback');
        expect((await client.query<{ echoed: string }>({ text }, ['c'])).rows[0]!.echoed).toBe('c');
      } finally {
        client.release();
      }
      expect(await prepared()).toContain(text);
      expect(await prepared()).not.toContain(broken);
    });
  });
}
