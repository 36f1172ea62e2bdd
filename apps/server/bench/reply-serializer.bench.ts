/**
 * npm run bench:replies -w apps/server — what serializing a large reply costs (issue 13, item 3).
 *
 * Starts the real app in-process on a bouldering race of BENCH_RACERS (1,000) racers × 5 boulders,
 * captures the payloads of three large replies (the judges' racer list, the race's registrations,
 * its starting list) before they are serialized, and times, alternating, BENCH_ROUNDS (200)
 * serializations of each with:
 *   - zod: validate by the route's schema, then JSON.stringify (what every reply did before);
 *   - compiled: the projection compiled from the schema, then JSON.stringify (production now);
 *   - bare JSON.stringify of the same payload: the floor, taken in the same run.
 * Then the whole requests through `app.inject`, the app built both ways, alternating.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { encode, type $ZodType } from 'zod/v4/core';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { compileProjection } from '../src/lib/reply-serializer.ts';
import { boulderRaceFixture } from '../test/support/race-fixture.ts';
import { openBenchDatabase, percentile } from './bench-support.ts';

const RACERS = Number(process.env.BENCH_RACERS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);

interface Captured {
  schema: $ZodType;
  payload: unknown;
}

const median = (values: number[]): number => percentile(values, 50);
const time = (run: () => unknown): number => {
  const started = performance.now();
  run();
  return performance.now() - started;
};

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'climbing-bench-'));
  const database = await openBenchDatabase(dataDir);
  const environment = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256', WEB_DIST_DIR: path.join(dataDir, 'no-web') };
  const compiled = await buildApp(loadConfig({ ...environment, CHECK_REPLIES: 'false' }), { database: database.handle });
  const checked = await buildApp(loadConfig({ ...environment, CHECK_REPLIES: 'true' }), { database: database.handle });
  const captured = new Map<string, Captured>();
  compiled.addHook('preSerialization', async (request, reply, payload) => {
    const schema = (request.routeOptions.schema?.response as Record<number, $ZodType> | undefined)?.[reply.statusCode];
    if (schema && request.method === 'GET') captured.set(request.routeOptions.url ?? request.url, { schema, payload });
    return payload;
  });
  try {
    const harness = { app: compiled, config: compiled.config, database: database.handle, databaseUrl: undefined, close: async () => undefined };
    const fixture = await boulderRaceFixture(harness, { racers: RACERS, boulders: 5 });
    const auth = { authorization: `Bearer ${fixture.adminToken}` };
    const urls = [`/api/racer/list?race=${fixture.raceId}&stage=QUALIFICATION`, `/api/race-registration/race/${fixture.raceId}`, `/api/race/${fixture.raceId}/starting-list`];
    for (const url of urls) {
      const response = await compiled.inject({ url, headers: auth });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    }
    console.log(`serializing replies: ${database.kind}, ${RACERS} racers x 5 boulders, ${ROUNDS} rounds each, medians`);
    console.log('| reply | size | zod + stringify | compiled + stringify | bare stringify | compiled / zod |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const [route, { schema, payload }] of captured) {
      const project = compileProjection(schema);
      const size = JSON.stringify(project(payload)).length;
      const zod: number[] = [];
      const fast: number[] = [];
      const bare: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        zod.push(time(() => JSON.stringify(encode(schema, payload))));
        fast.push(time(() => JSON.stringify(project(payload))));
        bare.push(time(() => JSON.stringify(payload)));
      }
      console.log(`| \`${route}\` | ${(size / 1024).toFixed(0)} KB | ${median(zod).toFixed(2)} ms | ${median(fast).toFixed(2)} ms | ${median(bare).toFixed(2)} ms | ${(median(fast) / median(zod)).toFixed(2)}x |`);
    }
    console.log(`\nwhole requests through app.inject, ${REQUESTS} each, alternating (the "checked" app validates with zod and also projects: an upper bound of the old cost)`);
    console.log('| request | checked p50 | compiled p50 | compiled / checked |');
    console.log('| --- | --- | --- | --- |');
    for (const url of urls) {
      const times = { checked: [] as number[], compiled: [] as number[] };
      const once = async (app: FastifyInstance): Promise<number> => {
        const started = performance.now();
        await app.inject({ url, headers: auth });
        return performance.now() - started;
      };
      for (let request = 0; request < REQUESTS; request += 1) {
        times.checked.push(await once(checked));
        times.compiled.push(await once(compiled));
      }
      console.log(`| \`${url.split('?')[0]}\` | ${median(times.checked).toFixed(1)} ms | ${median(times.compiled).toFixed(1)} ms | ${(median(times.compiled) / median(times.checked)).toFixed(2)}x |`);
    }
  } finally {
    await checked.close();
    await compiled.close();
    await database.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
