/**
 * npm run test:cluster (docs/deployment.md, "Several instances"): PostgreSQL, nginx and three
 * instances of the compiled server on loopback ports, as a production setup runs them. Ten judges
 * write scores through nginx while twenty spectators follow the race live through nginx; one
 * instance is killed (SIGKILL) in the middle of the round. Checks that every judge's writes went
 * through (retried with the same Idempotency-Key where the instance died under them), also while a
 * second instance is restarted gracefully (SIGTERM, then started again: a rolling restart), that no
 * spectator ever saw a score go backwards, and that every spectator ends with every committed
 * score. The instances start together on an empty database, so they also show that the
 * migrations run once. Prints its figures; exits non-zero on a failure.
 *
 * Needs nginx (`apt-get install nginx`; .ci/run installs it) and PostgreSQL at
 * CLUSTER_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), where it creates and
 * drops its own database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { foldLiveEvent, type LivePatch, type LiveTable, type PatchableRow } from '@climbing/domain';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/database.ts';
import { serverRoot } from '../src/lib/server-root.ts';
import { boulderRaceFixture } from '../test/support/race-fixture.ts';
import { buildServer } from '../scripts/build.mjs';

const NGINX_PORT = Number(process.env.CLUSTER_PORT ?? 3980);
const INSTANCE_PORTS = [NGINX_PORT + 1, NGINX_PORT + 2, NGINX_PORT + 3];
const JUDGES = 10;
const WRITES_PER_JUDGE = 20;
const SPECTATORS = 20;
const JWT_SECRET = `cluster-${randomUUID()}-secret-long-enough-for-hs256`;
const adminUrl = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const work = mkdtempSync(path.join(tmpdir(), 'climbing-cluster-'));
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))] ?? 0;

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (existsSync(candidate)) return candidate;
  throw new Error('nginx is not installed (apt-get install nginx)');
}

/** The nginx settings docs/deployment.md describes: no buffering and long reads for SSE, keep-alive upstream, retries of failed writes on another instance. */
function nginxConfig(): string {
  const upstreams = INSTANCE_PORTS.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join('\n');
  return `daemon off;
pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
worker_processes 1;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${work}/client-body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  upstream climbing {
${upstreams}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${NGINX_PORT};
    proxy_http_version 1.1;
    proxy_set_header Connection "";
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    location /api/live/ {
      proxy_pass http://climbing;
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
    }
    location / {
      proxy_pass http://climbing;
      # Score writes carry an Idempotency-Key, so sending one again to another instance is safe.
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
    }
  }
}
`;
}

function startInstance(port: number, databaseUrl: string): ChildProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(serverRoot, 'dist/main.mjs')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: path.join(work, 'no-web'),
      DATA_DIR: path.join(work, `data-${port}`),
      ADMIN_EMAIL: 'cluster-admin@example.com',
      ADMIN_PASSWORD: 'Cluster-Admin-42',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

async function waitForHealth(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not become healthy`);
    await sleep(100);
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
function request(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(url, { method, agent, headers: { ...headers, ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}) } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.setTimeout(15_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

interface SpectatorRow extends PatchableRow {
  boulders: { topAttempts: number | null }[] | null;
}

interface Spectator {
  /** Per racer: the newest top attempts seen on boulder 1. */
  latest: Map<number, number>;
  wentBackwards: string[];
  connections: number;
  /** Patches that did not fit the table held (there should be none). */
  resyncs: number;
  stop(): void;
}

/** A spectator as a browser's EventSource: holds the tables of `results` events, applies `patch` events, and reconnects after a dropped connection. */
function spectate(url: string, raceId: number): Spectator {
  const spectator: Spectator = { latest: new Map(), wentBackwards: [], connections: 0, resyncs: 0, stop: () => undefined };
  let stopped = false;
  let current: http.ClientRequest | null = null;
  const connect = () => {
    if (stopped) return;
    spectator.connections += 1;
    current = http.get(`${url}/api/live/race/${raceId}`, { headers: { accept: 'text/event-stream' } }, (res) => {
      // Each stream starts with the whole table; the patches after it apply to it.
      let held: LiveTable<SpectatorRow> | undefined;
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const kind = block.startsWith('event: results') ? 'results' : block.startsWith('event: patch') ? 'patch' : null;
          if (!kind) continue;
          const data = block.split('\n').find((line) => line.startsWith('data: '))?.slice(6);
          if (!data) continue;
          const event = JSON.parse(data) as LivePatch<SpectatorRow> & { version: number; rows: SpectatorRow[] };
          const table = foldLiveEvent(held, kind === 'results' ? { kind, version: event.version, rows: event.rows } : { kind, ...event });
          if (table === 'resync') {
            spectator.resyncs += 1;
            res.destroy();
            return;
          }
          held = table;
          for (const row of table.rows) {
            const value = row.boulders?.[0]?.topAttempts ?? 0;
            const before = spectator.latest.get(row.racer.id) ?? 0;
            if (value < before) spectator.wentBackwards.push(`racer ${row.racer.id}: ${before} -> ${value}`);
            spectator.latest.set(row.racer.id, Math.max(before, value));
          }
        }
      });
      res.on('end', () => setTimeout(connect, 300));
      res.on('error', () => setTimeout(connect, 300));
    });
    current.on('error', () => setTimeout(connect, 300));
  };
  connect();
  spectator.stop = () => {
    stopped = true;
    current?.destroy();
  };
  return spectator;
}

async function main(): Promise<number> {
  const nginx = nginxBinary();
  const databaseName = `climbing_cluster_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${databaseName}`;

  try {
    // The three instances start at once on the empty database: one migrates, the others wait for it.
    await buildServer();
    const instances = INSTANCE_PORTS.map((port) => startInstance(port, databaseUrl.toString()));
    await Promise.all(INSTANCE_PORTS.map((port) => waitForHealth(`http://127.0.0.1:${port}`)));

    // The race, written once through the application's own code on the shared database.
    const handle = openPostgres(databaseUrl.toString());
    const config = loadConfig({ DATABASE_URL: databaseUrl.toString(), JWT_SECRET, LOG_LEVEL: 'error', DATA_DIR: path.join(work, 'seed'), WEB_DIST_DIR: path.join(work, 'no-web') });
    const seeder = await buildApp(config, { database: handle });
    const fixture = await boulderRaceFixture({ app: seeder, config, database: handle, databaseUrl: databaseUrl.toString(), close: async () => undefined }, { racers: JUDGES, boulders: 4 });
    await seeder.close();
    writeFileSync(path.join(work, 'nginx.conf'), nginxConfig());
    const proxy = spawn(nginx, ['-p', work, '-c', path.join(work, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
    children.push(proxy);
    const base = `http://127.0.0.1:${NGINX_PORT}`;
    await waitForHealth(base);

    const spectators = Array.from({ length: SPECTATORS }, () => spectate(base, fixture.raceId));
    await sleep(1000);

    const writeMs: number[] = [];
    let retries = 0;
    let killedAt = -1;
    let restartedAt = -1;
    let restarted: Promise<void> | null = null;
    const totalWrites = JUDGES * WRITES_PER_JUDGE;
    let written = 0;
    const failures: string[] = [];
    const judge = async (target: { racerId: number; roundId: number }) => {
      let version: number | undefined;
      for (let value = 1; value <= WRITES_PER_JUDGE; value += 1) {
        const key = randomUUID();
        const started = performance.now();
        for (let attempt = 1; ; attempt += 1) {
          // What the scorecard's queue does: the same operation, the same key, until it is answered.
          const answer = await request(
            'PUT',
            `${base}/api/racer/${target.racerId}/round/${target.roundId}`,
            { authorization: `Bearer ${fixture.adminToken}`, 'idempotency-key': key },
            { boulders: [{ boulderIndex: 0, topAttempts: value, zoneAttempts: 1, currentAttempt: value }], ...(version === undefined ? {} : { version }) },
          ).catch((error: unknown) => ({ status: 0, text: String(error) }));
          if (answer.status === 200) {
            version = (JSON.parse(answer.text) as { version: number }).version;
            break;
          }
          if (answer.status === 409) {
            // Another write of this judge (an answer lost with the instance) moved the version on: read it and write again.
            version = undefined;
          } else if (answer.status !== 0 && answer.status < 500) {
            failures.push(`racer ${target.racerId} value ${value}: ${answer.status} ${answer.text.slice(0, 200)}`);
            break;
          }
          retries += 1;
          if (attempt > 20) {
            failures.push(`racer ${target.racerId} value ${value}: gave up after ${attempt} attempts (${answer.status})`);
            break;
          }
          await sleep(200);
        }
        writeMs.push(performance.now() - started);
        written += 1;
        if (killedAt < 0 && written >= totalWrites / 3) {
          killedAt = written;
          instances[1]!.kill('SIGKILL');
        }
        if (restartedAt < 0 && written >= (totalWrites * 2) / 3) {
          // A rolling restart: SIGTERM (finish what is in flight, end the streams, close), then start again.
          restartedAt = written;
          const stopping = instances[2]!;
          restarted = new Promise<void>((resolve) => stopping.once('exit', () => resolve())).then(async () => {
            instances[2] = startInstance(INSTANCE_PORTS[2]!, databaseUrl.toString());
            await waitForHealth(`http://127.0.0.1:${INSTANCE_PORTS[2]}`);
          });
          stopping.kill('SIGTERM');
        }
        await sleep(20 + Math.random() * 40);
      }
    };
    const roundStarted = performance.now();
    await Promise.all(fixture.racers.map((racer) => judge(racer)));
    const roundMs = performance.now() - roundStarted;
    await restarted;

    // Every spectator must end with every racer's last committed value.
    const convergeStarted = performance.now();
    const complete = (spectator: Spectator) => fixture.racers.every((racer) => spectator.latest.get(racer.racerId) === WRITES_PER_JUDGE);
    while (!spectators.every(complete) && performance.now() - convergeStarted < 15_000) await sleep(100);
    const convergedMs = performance.now() - convergeStarted;
    for (const spectator of spectators) spectator.stop();

    const incomplete = spectators.filter((spectator) => !complete(spectator)).length;
    const backwards = spectators.flatMap((spectator) => spectator.wentBackwards);
    const resyncs = spectators.reduce((sum, spectator) => sum + spectator.resyncs, 0);
    console.log(`cluster: nginx + ${INSTANCE_PORTS.length} instances on PostgreSQL; instance 2 killed (SIGKILL) after ${killedAt} of ${totalWrites} writes, instance 3 restarted (SIGTERM, start) after ${restartedAt}`);
    console.log(`judges: ${JUDGES} x ${WRITES_PER_JUDGE} writes in ${(roundMs / 1000).toFixed(1)} s, write p50 ${percentile(writeMs, 0.5).toFixed(0)} ms, p95 ${percentile(writeMs, 0.95).toFixed(0)} ms, max ${Math.max(...writeMs).toFixed(0)} ms, ${retries} retries, ${failures.length} failures`);
    console.log(`spectators: ${SPECTATORS}, ${spectators.reduce((sum, spectator) => sum + spectator.connections, 0) - SPECTATORS} reconnections, all scores seen ${(convergedMs / 1000).toFixed(1)} s after the last write, ${incomplete} incomplete, ${backwards.length} scores seen going backwards, ${resyncs} patches that did not fit`);
    for (const failure of failures.slice(0, 10)) console.log(`  failure: ${failure}`);
    for (const step of backwards.slice(0, 10)) console.log(`  backwards: ${step}`);
    const ok = failures.length === 0 && incomplete === 0 && backwards.length === 0 && resyncs === 0 && killedAt > 0 && restartedAt > 0;
    console.log(ok ? 'cluster test passed' : 'cluster test FAILED');
    return ok ? 0 : 1;
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await sleep(500);
    await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    rmSync(work, { recursive: true, force: true });
  }
}

const code = await main().catch((error: unknown) => {
  console.error(error);
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  return 1;
});
agent.destroy();
process.exit(code);
