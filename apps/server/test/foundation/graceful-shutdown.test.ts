import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { boulderScores } from '../../src/db/schema/index.ts';
import { boulderRaceFixture } from '../support/race-fixture.ts';
import { openSse } from '../support/sse-client.ts';
import { createTestDatabase } from '../support/test-app.ts';

/*
 * Issue 13, item 5: what `app.close()` does (main.ts calls it on SIGTERM). The cluster test does
 * the same to a whole instance behind nginx in the middle of a judged round.
 */
describe('graceful shutdown', () => {
  it('finishes the score write in flight, ends the live streams, closes within seconds and refuses connections; the write is kept', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'climbing-data-'));
    const database = await createTestDatabase();
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing', WEB_DIST_DIR: path.join(dataDir, 'no-web') });
    const app = await buildApp(config, { database: database.handle });
    // The write is held on arrival until the shutdown has begun, so it is really in flight.
    let arrived: () => void = () => undefined;
    const writeArrived = new Promise<void>((resolve) => (arrived = resolve));
    let release: () => void = () => undefined;
    const shutdownBegun = new Promise<void>((resolve) => (release = resolve));
    app.addHook('preHandler', async (request) => {
      if (request.method !== 'PUT') return;
      arrived();
      await shutdownBegun;
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const fixture = await boulderRaceFixture({ app, config, database: database.handle, databaseUrl: database.url, close: async () => undefined }, { racers: 3 });
      const stream = await openSse(`${base}/api/live/race/${fixture.raceId}`);
      await stream.waitFor((event) => event.event === 'results');

      const racer = fixture.racers[0]!;
      const write = fetch(`${base}/api/racer/${racer.racerId}/round/${racer.roundId}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${fixture.adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ boulders: [{ topAttempts: 2, zoneAttempts: 1 }] }),
      });
      await writeArrived;
      const closed = app.close();
      release();

      const answer = await write;
      expect(answer.status).toBe(200);
      // Well before main.ts's forced exit after 10 s: the write's keep-alive connection is closed
      // with its answer instead of staying open until its keep-alive timeout (72 s) ran out.
      await expect(Promise.race([closed.then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still closing'), 10_000))])).resolves.toBe('closed');
      expect(answer.headers.get('connection')).toBe('close');
      // The stream was ended by the server (the browser's EventSource reconnects after its `retry`).
      await expect(Promise.race([stream.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000))])).resolves.toBe('ended');
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();

      const stored = await database.handle.db.select().from(boulderScores).where(eq(boulderScores.roundId, racer.roundId));
      expect(stored.find((row) => row.boulderIndex === 0)).toMatchObject({ topAttempts: 2, zoneAttempts: 1 });
    } finally {
      await app.close();
      await database.dispose();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
