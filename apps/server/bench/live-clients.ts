/**
 * The load side of bench/live.bench.ts, run in a worker thread so that judges and subscribers do
 * not share the server's event loop: 30 judges writing scores in a loop and 1,000 Server-Sent
 * Events subscribers on one race. Reports write latencies, delivery delays and the final state
 * each measured subscriber holds.
 */
import http from 'node:http';
import { parentPort, workerData } from 'node:worker_threads';

export interface ClientsInput {
  baseUrl: string;
  raceId: number;
  token: string;
  judges: { racerId: number; roundId: number }[];
  writesPerJudge: number;
  /** Pause of a judge between two writes (0: write again as soon as the answer is in). */
  thinkMs: number;
  subscribers: number;
  /** Subscribers that parse every event to time deliveries; the rest only read the bytes. */
  measuredSubscribers: number;
}

export interface ClientsOutput {
  writeMs: number[];
  deliveryMs: number[];
  connected: number;
  eventsReceived: number;
  bytesReceived: number;
  lastRowsBySubscriber: { racerId: number; rank: number; tops: number; topAttempts: number }[][];
  conflicts: number;
  failures: number;
}

interface ResultRowLite {
  racer: { id: number };
  rank: number;
  tops: number;
  topAttempts: number;
  boulders: { topAttempts: number | null }[] | null;
}

const input = workerData as ClientsInput;
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

function request(method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${input.baseUrl}${path}`,
      {
        method,
        agent,
        headers: { authorization: `Bearer ${input.token}`, ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/** When each (racer, value) was sent; a delivery is timed from the send (an upper bound on commit-to-receipt). */
const sentAt = new Map<string, number>();
const delivered = new Set<string>();
const deliveryMs: number[] = [];
let eventsReceived = 0;
let bytesReceived = 0;
let connected = 0;

function subscribe(measured: boolean, lastRows: ResultRowLite[][], index: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${input.baseUrl}/api/live/race/${input.raceId}`, { agent: false, headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`subscriber got ${res.statusCode}`));
        return;
      }
      connected += 1;
      res.setEncoding('utf8');
      let buffer = '';
      let resolved = false;
      res.on('data', (chunk: string) => {
        bytesReceived += chunk.length;
        if (!measured) {
          if (!resolved && chunk.includes('event: results')) {
            resolved = true;
            resolve();
          }
          return;
        }
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (!data) continue;
          const now = performance.now();
          eventsReceived += 1;
          const rows = (JSON.parse(data.slice(6)) as { rows: ResultRowLite[] }).rows;
          lastRows[index] = rows;
          for (const row of rows) {
            const value = row.boulders?.[0]?.topAttempts;
            if (value === null || value === undefined) continue;
            const key = `${index}:${row.racer.id}:${value}`;
            const sent = sentAt.get(`${row.racer.id}:${value}`);
            if (sent !== undefined && !delivered.has(key)) {
              delivered.add(key);
              deliveryMs.push(now - sent);
            }
          }
          if (!resolved) {
            resolved = true;
            resolve();
          }
        }
      });
    });
    req.on('error', reject);
  });
}

async function judge(target: { racerId: number; roundId: number }, writeMs: number[], counters: { conflicts: number; failures: number }): Promise<void> {
  let version: number | undefined;
  for (let value = 1; value <= input.writesPerJudge; value += 1) {
    const started = performance.now();
    sentAt.set(`${target.racerId}:${value}`, started);
    const response = await request('PUT', `/api/racer/${target.racerId}/round/${target.roundId}`, {
      boulders: [{ boulderIndex: 0, topAttempts: value, zoneAttempts: 1, currentAttempt: value }],
      ...(version === undefined ? {} : { version }),
    });
    writeMs.push(performance.now() - started);
    if (input.thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, input.thinkMs * (0.5 + Math.random())));
    if (response.status === 200) {
      version = (JSON.parse(response.text) as { version: number }).version;
    } else if (response.status === 409) {
      counters.conflicts += 1;
      version = undefined;
      value -= 1;
    } else {
      counters.failures += 1;
    }
  }
}

async function main(): Promise<ClientsOutput> {
  const lastRows: ResultRowLite[][] = [];
  const subscriptions: Promise<void>[] = [];
  for (let index = 0; index < input.subscribers; index += 1) {
    subscriptions.push(subscribe(index < input.measuredSubscribers, lastRows, index));
    // Opening a thousand connections at once would only measure the accept queue.
    if (index % 100 === 99) await Promise.all(subscriptions.slice(-100));
  }
  await Promise.all(subscriptions);

  const writeMs: number[] = [];
  const counters = { conflicts: 0, failures: 0 };
  await Promise.all(input.judges.map((target) => judge(target, writeMs, counters)));
  // Let the last notifications arrive.
  await new Promise((resolve) => setTimeout(resolve, 1500));

  return {
    writeMs,
    deliveryMs,
    connected,
    eventsReceived,
    bytesReceived,
    lastRowsBySubscriber: lastRows.slice(0, input.measuredSubscribers).map((rows) => rows.map((row) => ({ racerId: row.racer.id, rank: row.rank, tops: row.tops, topAttempts: row.topAttempts }))),
    ...counters,
  };
}

main().then(
  (output) => {
    parentPort?.postMessage(output);
    process.exit(0);
  },
  (error: unknown) => {
    parentPort?.postMessage({ error: String(error) });
    process.exit(1);
  },
);
