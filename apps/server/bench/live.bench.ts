/**
 * npm run bench:live — do spectators slow the judges? Against the real server over HTTP:
 *   1. BENCH_JUDGES (30) judges write BENCH_WRITES (40) scores each with no spectator: the baseline,
 *      with a plain GET /api/health probed beside them and a raw database write (a 7-statement
 *      transaction on a scratch table) timed alone; on PostgreSQL the same raw write is also timed
 *      beside the judges in both phases, from the judges' process (the database and the machine
 *      without the server);
 *   2. BENCH_SUBSCRIBERS (1,000; try 10000) live subscribers connect to the race (BENCH_MEASURED
 *      of them parse and time every event), and BENCH_STALLED (10) that stop reading;
 *   3. the judges write again with everyone connected.
 * Prints write, health and delivery p50/p95/p99, the ratios to the baseline, memory per
 * subscriber, bytes per update, and checks every measured subscriber's table against a fresh
 * GET /api/results. The race has BENCH_RACERS (200) racers. The load runs in three child processes
 * (bench/live-clients.ts) with their own event loops and file descriptors: the judges and the probe
 * in one, the timed and the stalled subscribers in another (each phone has its own CPU: parsing
 * their events on the judges' event loop held the judges' responses up), both a little above the
 * server's CPU priority where allowed (they stand for phones elsewhere: their own waits for a core
 * are not the server's), and the rest of the subscribers (the crowd) in one at the lowest CPU
 * priority, as phones elsewhere would be; the crowd drains each stream every
 * BENCH_CROWD_READ_MS (1000; 0: every frame as it comes), so that the stand-in for ten thousand
 * phones does not take a core of the machine under test (the server writes every frame to every
 * stream either way). The server's event-loop delay and GC pauses are printed per phase. PGlite by default; with
 * DATABASE_URL a fresh database on that PostgreSQL server. LIVE_FAN_OUT=inline writes the streams
 * in the server's process instead of the fan-out process; LIVE_FAN_OUT_CPUS keeps the fan-out
 * process on those CPUs and BENCH_CROWD_CPUS the crowd (both on one core: the judges' core sees
 * neither the spectators' writing nor their reading, as with phones elsewhere).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { pinToCpus } from '../src/features/live/live-fan-out.ts';
import { loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/database.ts';
import { boulderRaceFixture } from '../test/support/race-fixture.ts';
import { openBenchDatabase, percentile, summary } from './bench-support.ts';
import type { ClientsCommand, JudgeOutput, ReceiptsOutput, SubscribeOutput } from './live-clients.ts';

const JUDGES = Number(process.env.BENCH_JUDGES ?? 30);
const RACERS = Math.max(JUDGES, Number(process.env.BENCH_RACERS ?? 200));
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 1000);
const WRITES_PER_JUDGE = Number(process.env.BENCH_WRITES ?? 40);
const MEASURED = Math.min(SUBSCRIBERS, Number(process.env.BENCH_MEASURED ?? 50));
const STALLED = Number(process.env.BENCH_STALLED ?? 10);
/** Mean pause of each judge between writes; 0 writes back to back (saturation). */
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 0);
/** The crowd drains each stream every this many ms (phones elsewhere cost this machine no reads); 0 reads every frame at once. */
const CROWD_READ_MS = Number(process.env.BENCH_CROWD_READ_MS ?? 1000);
const RAW_WRITES = 200;
const INSTRUMENTS_NICENESS = -5;
const WARM_UP_WRITES = 3;

const mb = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;

/** CPU time (user + system) a process has used so far, in seconds (Linux), 0 when it does not run. */
function cpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    // utime and stime are fields 14 and 15, after the command name in parentheses.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Resident memory of a process (Linux), 0 when it does not run. */
function fanOutProcessRss(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
const ratio = (value: number, baseline: number): string => `${(value / baseline).toFixed(2)}x`;

/** Sends a command to the load process and waits for its answer. */
function command<T>(child: ChildProcess, message: ClientsCommand): Promise<T> {
  return new Promise((resolve, reject) => {
    child.once('message', (answer: { ok: T } | { error: string }) => ('error' in answer ? reject(new Error(answer.error)) : resolve(answer.ok)));
    child.send(message);
  });
}

/** A write as bare as the database allows: seven statements in one transaction on a scratch table. */
async function rawWrites(db: Database): Promise<number[]> {
  await db.execute(sql`create table if not exists bench_raw (id int primary key, value int not null, version int not null)`);
  await db.execute(sql`create table if not exists bench_raw_log (id serial primary key, raw_id int not null, value int not null)`);
  await db.execute(sql`insert into bench_raw values (1, 0, 0) on conflict do nothing`);
  const times: number[] = [];
  for (let write = 0; write < RAW_WRITES; write += 1) {
    const started = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`select version from bench_raw where id = 1 for update`);
      await tx.execute(sql`update bench_raw set value = ${write}, version = version + 1 where id = 1`);
      await tx.execute(sql`insert into bench_raw_log (raw_id, value) values (1, ${write})`);
      await tx.execute(sql`select value from bench_raw where id = 1`);
      await tx.execute(sql`select pg_notify('bench_raw', '1')`);
    });
    times.push(performance.now() - started);
  }
  return times;
}

/** The server's own event loop while the judges write: its delay and the garbage collector's pauses. */
interface LoopFigures {
  delayP50: number;
  delayP99: number;
  delayMax: number;
  gcPauses: number;
  gcMs: number;
  gcLongestMs: number;
}

async function watchLoop<T>(work: () => Promise<T>): Promise<[T, LoopFigures]> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  const pauses: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  delay.enable();
  try {
    const output = await work();
    return [
      output,
      {
        delayP50: delay.percentile(50) / 1e6,
        delayP99: delay.percentile(99) / 1e6,
        delayMax: delay.max / 1e6,
        gcPauses: pauses.length,
        gcMs: pauses.reduce((sum, pause) => sum + pause, 0),
        gcLongestMs: Math.max(0, ...pauses),
      },
    ];
  } finally {
    delay.disable();
    observer.disconnect();
  }
}

function printJudging(label: string, output: JudgeOutput, loop: LoopFigures): void {
  console.log(`${label}: ${output.writeMs.length} writes in ${output.seconds.toFixed(1)} s (${output.failures} failed, ${output.conflicts} version conflicts)`);
  console.log(`  score write           ${summary(output.writeMs)}`);
  console.log(`  GET /api/health      ${summary(output.healthMs)}`);
  if (output.rawMs.length > 0) console.log(`  raw write beside     ${summary(output.rawMs)} (7 statements from the judges' process)`);
  console.log(
    `  server event loop     delay p50 ${loop.delayP50.toFixed(1)} ms  p99 ${loop.delayP99.toFixed(1)} ms  max ${loop.delayMax.toFixed(1)} ms; GC ${loop.gcPauses} pauses, ${loop.gcMs.toFixed(0)} ms in all, longest ${loop.gcLongestMs.toFixed(1)} ms`,
  );
}

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'climbing-bench-'));
  const database = await openBenchDatabase(dataDir);
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(process.env.LIVE_FAN_OUT ? { LIVE_FAN_OUT: process.env.LIVE_FAN_OUT } : {}),
    ...(process.env.LIVE_FAN_OUT_CPUS ? { LIVE_FAN_OUT_CPUS: process.env.LIVE_FAN_OUT_CPUS } : {}),
    ...(process.env.LIVE_FAN_OUT_SHARE ? { LIVE_FAN_OUT_SHARE: process.env.LIVE_FAN_OUT_SHARE } : {}),
  });
  const app = await buildApp(config, { database: database.handle });
  await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const loadProcess = () => fork(new URL('./live-clients.ts', import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  // The judges and the health probe.
  const clients = loadProcess();
  // The timed subscribers and the stalled ones.
  const spectators = loadProcess();
  // The judges and the timed subscribers are the instruments: phones elsewhere, whose own waits for
  // a core of this machine are not the server's. Above the server's priority where allowed (root),
  // so that their timings are the server's; printed either way.
  const instrumentsPriority = (() => {
    try {
      for (const child of [clients, spectators]) if (child.pid) os.setPriority(child.pid, INSTRUMENTS_NICENESS);
      return `niceness ${INSTRUMENTS_NICENESS}`;
    } catch {
      return 'the server\'s priority (raising it needs root)';
    }
  })();
  // The crowd: the other subscribers, at the lowest priority. Spectators' phones are not the
  // server's CPU; on one 2-core machine the crowd only reads what the server has spare time for.
  const crowd = loadProcess();
  if (crowd.pid) os.setPriority(crowd.pid, 19);
  // BENCH_CROWD_CPUS keeps the crowd on those CPUs (with LIVE_FAN_OUT_CPUS, the judges' cores see
  // neither the spectators' writing nor their reading, as with phones elsewhere).
  if (crowd.pid && process.env.BENCH_CROWD_CPUS) pinToCpus(crowd.pid, process.env.BENCH_CROWD_CPUS, app.log);

  try {
    const harness = { app, config, database: database.handle, databaseUrl: undefined, close: async () => undefined };
    const fixture = await boulderRaceFixture(harness, { racers: RACERS, boulders: 4 });
    const judges = fixture.racers.slice(0, JUDGES).map(({ racerId, roundId }) => ({ racerId, roundId }));
    console.log(`${database.kind}, ${os.cpus().length} cores: a race of ${RACERS} racers, ${JUDGES} judges x ${WRITES_PER_JUDGE} writes (think time ${THINK_MS} ms), ${SUBSCRIBERS} subscribers (${MEASURED} timed) and ${STALLED} stalled; fan-out on CPUs ${config.liveFanOutCpus ?? 'any'} writing ${config.liveFanOutShare * 100} % of the time at most, crowd on ${process.env.BENCH_CROWD_CPUS ?? 'any'}, crowd reading ${CROWD_READ_MS ? `every ${CROWD_READ_MS} ms` : 'every frame'}; judges and timed subscribers at ${instrumentsPriority}`);
    const judge = (firstValue: number, writesPerJudge = WRITES_PER_JUDGE) =>
      command<JudgeOutput>(clients, { kind: 'judge', baseUrl, token: fixture.adminToken, judges, writesPerJudge, thinkMs: THINK_MS, firstValue, databaseUrl: database.url ?? undefined });

    // 1. Baselines: the judges alone (after a warm-up that is not counted), the health route beside
    //    them, a raw write alone.
    await judge(1, WARM_UP_WRITES);
    const [alone, aloneLoop] = await watchLoop(() => judge(1 + WARM_UP_WRITES));
    printJudging('judges alone (baseline)', alone, aloneLoop);
    const raw = await rawWrites(app.db);
    console.log(`raw 7-statement write    ${summary(raw)}`);

    // 2. The spectators connect.
    global.gc?.();
    const memoryBefore = process.memoryUsage();
    const crowded = await command<SubscribeOutput>(crowd, { kind: 'subscribe', baseUrl, raceId: fixture.raceId, subscribers: SUBSCRIBERS - MEASURED, measured: 0, stalled: 0, readEveryMs: CROWD_READ_MS });
    const timed = await command<SubscribeOutput>(spectators, { kind: 'subscribe', baseUrl, raceId: fixture.raceId, subscribers: MEASURED, measured: MEASURED, stalled: STALLED });
    const subscribed = { connected: crowded.connected + timed.connected, seconds: crowded.seconds + timed.seconds, wholeTableBytes: timed.wholeTableBytes };
    await new Promise((resolve) => setTimeout(resolve, 1000));
    global.gc?.();
    const memoryConnected = process.memoryUsage();
    console.log(`subscribers connected    ${subscribed.connected} of ${SUBSCRIBERS + STALLED} in ${subscribed.seconds.toFixed(1)} s; server ${app.live.subscriberCount(fixture.raceId)}`);
    // The fan-out process (LIVE_FAN_OUT=process) starts with the first stream: its whole RSS counts.
    const fanOutRss = fanOutProcessRss(app.live.fanOutProcessId());
    const perSubscriber = (memoryConnected.rss - memoryBefore.rss + fanOutRss) / Math.max(1, app.live.subscriberCount(fixture.raceId));
    console.log(
      `memory per subscriber    ${(perSubscriber / 1024).toFixed(1)} KB RSS (server RSS ${mb(memoryBefore.rss)} -> ${mb(memoryConnected.rss)}, heap ${mb(memoryBefore.heapUsed)} -> ${mb(memoryConnected.heapUsed)}; fan-out process RSS ${mb(fanOutRss)}, LIVE_FAN_OUT=${harness.config.liveFanOut})`,
    );

    // 3. The judges again, watched by everyone.
    const processes = { server: process.pid, 'fan-out': app.live.fanOutProcessId(), crowd: crowd.pid, judges: clients.pid, 'timed subscribers': spectators.pid };
    const cpuBefore = Object.fromEntries(Object.entries(processes).map(([name, pid]) => [name, cpuSeconds(pid)]));
    const judgingStarted = performance.now();
    // What the timed subscribers received on connecting is not a delivery.
    await command<ReceiptsOutput>(spectators, { kind: 'receipts' });
    const [watched, watchedLoop] = await watchLoop(() => judge(1 + WARM_UP_WRITES + WRITES_PER_JUDGE));
    const receipts = await command<ReceiptsOutput>(spectators, { kind: 'receipts' });
    const sentAt = new Map(watched.sentAt);
    const deliveryMs = receipts.receivedAt.flatMap(([score, at]) => {
      const sent = sentAt.get(score);
      return sent === undefined ? [] : [at - sent];
    });
    const judgingSeconds = (performance.now() - judgingStarted) / 1000;
    const cpuUse = Object.entries(processes)
      .filter(([, pid]) => pid)
      .map(([name, pid]) => `${name} ${(((cpuSeconds(pid) - cpuBefore[name]!) / judgingSeconds) * 100).toFixed(0)} %`);
    printJudging(`judges with ${SUBSCRIBERS} subscribers`, watched, watchedLoop);
    // Where the machine's cores went (100 % is one core), PostgreSQL aside: the crowd's share is
    // work that phones elsewhere would do in production.
    console.log(`  CPU while judging     ${cpuUse.join(', ')} of one core (${os.cpus().length} cores)`);
    console.log(`  delivery (send to receipt) ${summary(deliveryMs)} (${deliveryMs.length} timed)`);
    const perScore = receipts.bytes / Math.max(1, deliveryMs.length);
    console.log(`  bytes per update      ${(receipts.bytes / Math.max(1, receipts.events)).toFixed(0)} B per event, ${perScore.toFixed(0)} B per score, at a timed subscriber (${receipts.events} events; a whole table was ${subscribed.wholeTableBytes} B)`);
    const memoryAfter = process.memoryUsage();
    const open = app.live.subscriberCount(fixture.raceId);
    const fanOutRssAfter = fanOutProcessRss(app.live.fanOutProcessId());
    console.log(
      `  server RSS after      ${mb(memoryAfter.rss)} (${mb(memoryAfter.rss - memoryConnected.rss)} since connected), fan-out process ${mb(fanOutRssAfter)} (${mb(fanOutRssAfter - fanOutRss)}); ${subscribed.connected - open} streams dropped for not reading (${STALLED} stalled)`,
    );
    console.log(
      `ratios                   write p95 ${ratio(percentile(watched.writeMs, 95), percentile(alone.writeMs, 95))} of alone, health p95 ${ratio(percentile(watched.healthMs, 95), percentile(alone.healthMs, 95))} of alone, ${watched.rawMs.length > 0 ? `raw write beside p95 ${ratio(percentile(watched.rawMs, 95), percentile(alone.rawMs, 95))} of alone, ` : ''}write p95 alone ${ratio(percentile(alone.writeMs, 95), percentile(raw, 95))} of a raw write`,
    );

    // Every timed subscriber holds what a fresh request answers.
    const fresh = (await app.inject({ method: 'GET', url: `/api/results/${fixture.raceId}?stage=QUALIFICATION` })).json() as { racer: { id: number }; rank: number; tops: number; topAttempts: number }[];
    const expected = JSON.stringify(fresh.map((row) => ({ racerId: row.racer.id, rank: row.rank, tops: row.tops, topAttempts: row.topAttempts })));
    const held = await command<{ tables: { racerId: number }[][]; resyncs: number }>(spectators, { kind: 'tables' });
    const stale = held.tables.slice(0, MEASURED).filter((rows) => JSON.stringify(rows) !== expected).length;
    console.log(`lost updates             ${stale === 0 ? 'none' : `${stale} of ${MEASURED} timed subscribers differ from GET /api/results`}; ${held.resyncs} patches that did not fit`);
    if (stale > 0 || held.resyncs > 0 || alone.failures > 0 || watched.failures > 0) process.exitCode = 1;
  } finally {
    await Promise.all([clients, spectators, crowd].map((child) => command(child, { kind: 'close' }).catch(() => undefined)));
    await app.close();
    await database.dispose();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
