import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { client, type Client } from '../support/accounts.ts';
import { boulderRaceFixture, type RaceFixture } from '../support/race-fixture.ts';
import { openSse } from '../support/sse-client.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * Issue 13, item 1: live streams are written by a process of their own (LIVE_FAN_OUT=process,
 * the default), so ten thousand spectators' socket writes do not take the judges' event loop.
 * live.test.ts runs the whole live behaviour in both modes; this file checks what is particular to
 * the hand-over.
 */
describe('the live fan-out process', () => {
  let harness: TestApp;
  let api: Client;
  let fixture: RaceFixture;
  let baseUrl: string;

  const connectionsOfServer = (): Promise<number> =>
    new Promise((resolve, reject) => harness.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
  const until = async (condition: () => boolean | Promise<boolean>, what: string): Promise<void> => {
    const deadline = Date.now() + 10_000;
    while (!(await condition())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const score = (index: number, tops: number) =>
    api.call('PUT', `/api/racer/${fixture.racers[index]!.racerId}/round/${fixture.racers[index]!.roundId}`, {
      token: fixture.adminToken,
      payload: { boulders: Array.from({ length: tops }, (_, boulderIndex) => ({ boulderIndex, topAttempts: 1, zoneAttempts: 1 })) },
    });

  beforeAll(async () => {
    harness = await createTestApp({ LIVE_FAN_OUT: 'process' });
    api = client(harness);
    fixture = await boulderRaceFixture(harness, { racers: 4 });
    await harness.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('takes the connection over: the server holds no socket of the stream, counts it, computes its updates only on PGlite, and forgets it when the browser leaves', async () => {
    const stream = await openSse(`${baseUrl}/api/live/race/${fixture.raceId}`);
    try {
      await stream.waitForTable('QUALIFICATION', (rows) => rows.length === 4);
      const pid = harness.app.live.fanOutProcessId();
      expect(pid).toBeGreaterThan(0);
      expect(pid).not.toBe(process.pid);
      // The body ends with the connection: written as is, no chunked framing.
      expect(stream.headers.get('connection')).toBe('close');
      expect(stream.headers.get('transfer-encoding')).toBeNull();
      expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      // The security headers of every answer come along.
      expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
      expect(harness.app.live.subscriberCount(fixture.raceId)).toBe(1);
      await until(async () => (await connectionsOfServer()) === 0, 'the server to let go of the socket');

      const computedBefore = harness.app.resultsCache.computations;
      expect((await score(2, 3)).statusCode).toBe(200);
      await stream.waitForTable('QUALIFICATION', (rows) => rows[0]?.racer.id === fixture.racers[2]!.racerId && rows[0]?.tops === 3);
      expect(stream.events.some((event) => event.event === 'patch')).toBe(true);
      // On PostgreSQL the process reads and ranks the race itself, on a connection of its own (its
      // address in the environment, not in the arguments that `ps` shows); PGlite lives in the
      // server's process, which computes the update and sends its frames.
      const environment = (await readFile(`/proc/${pid}/environ`, 'utf8')).split('\0');
      const command = await readFile(`/proc/${pid}/cmdline`, 'utf8');
      if (harness.database.kind === 'postgres') {
        expect(harness.app.resultsCache.computations).toBe(computedBefore);
        expect(environment).toContain(`CLIMBING_FAN_OUT_DATABASE_URL=${harness.databaseUrl}`);
        expect(command).not.toContain('postgres://');
      } else {
        expect(harness.app.resultsCache.computations).toBeGreaterThan(computedBefore);
        expect(environment).toContain('CLIMBING_FAN_OUT_DATABASE_URL=');
      }
    } finally {
      stream.close();
    }
    await until(() => harness.app.live.subscriberCount(fixture.raceId) === 0, 'the closed stream to be forgotten');
  });

  it('ends its streams when it dies, and the next stream starts a new one that gets every score', async () => {
    const stream = await openSse(`${baseUrl}/api/live/race/${fixture.raceId}`);
    await stream.waitFor((event) => event.event === 'results');
    const pid = harness.app.live.fanOutProcessId()!;
    process.kill(pid, 'SIGKILL');
    // The browser sees its stream end and reconnects after `retry`.
    await expect(Promise.race([stream.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000))])).resolves.toBe('ended');
    await until(() => harness.app.live.subscriberCount(fixture.raceId) === 0, 'the dead streams to be forgotten');

    const again = await openSse(`${baseUrl}/api/live/race/${fixture.raceId}`);
    try {
      await again.waitFor((event) => event.event === 'results');
      expect(harness.app.live.fanOutProcessId()).not.toBe(pid);
      expect((await score(3, 4)).statusCode).toBe(200);
      await again.waitForTable('QUALIFICATION', (rows) => rows[0]?.racer.id === fixture.racers[3]!.racerId && rows[0]?.tops === 4);
    } finally {
      again.close();
    }
  });

  it('stops with the server', async () => {
    const stream = await openSse(`${baseUrl}/api/live/race/${fixture.raceId}`);
    await stream.waitFor((event) => event.event === 'results');
    const pid = harness.app.live.fanOutProcessId()!;
    await harness.app.close();
    await expect(Promise.race([stream.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still open'), 5_000))])).resolves.toBe('ended');
    await until(() => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    }, 'the fan-out process to exit');
  });
});

describe('the live fan-out process kept on chosen CPUs (LIVE_FAN_OUT_CPUS)', () => {
  it('runs every thread of the process on those CPUs only', async () => {
    const harness = await createTestApp({ LIVE_FAN_OUT: 'process', LIVE_FAN_OUT_CPUS: '0' });
    try {
      const fixture = await boulderRaceFixture(harness, { racers: 2 });
      await harness.app.listen({ port: 0, host: '127.0.0.1' });
      const stream = await openSse(`http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}/api/live/race/${fixture.raceId}`);
      try {
        await stream.waitFor((event) => event.event === 'results');
        const pid = harness.app.live.fanOutProcessId()!;
        const allowed = async () => {
          const tasks = await readdir(`/proc/${pid}/task`);
          const lists = await Promise.all(tasks.map(async (task) => /Cpus_allowed_list:\s*(\S+)/.exec(await readFile(`/proc/${pid}/task/${task}/status`, 'utf8'))?.[1]));
          return [...new Set(lists)];
        };
        await expect.poll(allowed, { timeout: 10_000 }).toEqual(['0']);
      } finally {
        stream.close();
      }
    } finally {
      await harness.close();
    }
  });

  it('refuses a value that is not a list of CPUs when the server starts', () => {
    expect(() => loadConfig({ LIVE_FAN_OUT_CPUS: '1;reboot' })).toThrow(/LIVE_FAN_OUT_CPUS: a list of CPU numbers and ranges, like 3 or 2-3,6/);
    expect(loadConfig({ LIVE_FAN_OUT_CPUS: '2-3,6' }).liveFanOutCpus).toBe('2-3,6');
  });
});

describe('the live fan-out process writing a share of the time (LIVE_FAN_OUT_SHARE)', () => {
  it('gets the share from the server and, at the smallest share, brings every stream every score in order', async () => {
    const harness = await createTestApp({ LIVE_FAN_OUT: 'process', LIVE_FAN_OUT_SHARE: '0.05' });
    const streams: Awaited<ReturnType<typeof openSse>>[] = [];
    try {
      const api = client(harness);
      const fixture = await boulderRaceFixture(harness, { racers: 6 });
      await harness.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(harness.app.server.address() as AddressInfo).port}/api/live/race/${fixture.raceId}`;
      for (let index = 0; index < 30; index += 1) streams.push(await openSse(url));
      await Promise.all(streams.map((stream) => stream.waitFor((event) => event.event === 'results')));
      const pid = harness.app.live.fanOutProcessId()!;
      expect((await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0')).toContain('0.05');

      // Scores in quick succession: a stream behind gets several updates in one write; a patch
      // that did not follow the one before would fail the client's fold (sse-client.ts).
      for (let racer = 0; racer < 6; racer += 1) {
        const { racerId, roundId } = fixture.racers[racer]!;
        const answer = await api.call('PUT', `/api/racer/${racerId}/round/${roundId}`, {
          token: fixture.adminToken,
          payload: { boulders: Array.from({ length: racer + 1 }, (_, boulderIndex) => ({ boulderIndex: boulderIndex % 4, topAttempts: 1, zoneAttempts: 1 })) },
        });
        expect(answer.statusCode).toBe(200);
      }
      const topsOf = (rows: { racer: { id: number }; tops: number | null }[]) => fixture.racers.map(({ racerId }) => rows.find((row) => row.racer.id === racerId)?.tops);
      for (const stream of streams) {
        await stream.waitForTable('QUALIFICATION', (rows) => JSON.stringify(topsOf(rows)) === JSON.stringify([1, 2, 3, 4, 4, 4]));
        expect(stream.events.some((event) => event.event === 'resync')).toBe(false);
      }
    } finally {
      for (const stream of streams) stream.close();
      await harness.close();
    }
  });

  it('takes a share between 0.05 and 1, 0.6 when not set', () => {
    expect(loadConfig({}).liveFanOutShare).toBe(0.6);
    expect(loadConfig({ LIVE_FAN_OUT_SHARE: '0.25' }).liveFanOutShare).toBe(0.25);
    expect(() => loadConfig({ LIVE_FAN_OUT_SHARE: '0' })).toThrow(/LIVE_FAN_OUT_SHARE/);
    expect(() => loadConfig({ LIVE_FAN_OUT_SHARE: '2' })).toThrow(/LIVE_FAN_OUT_SHARE/);
  });
});
