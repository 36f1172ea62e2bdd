import { foldLiveEvent, type LivePatch, type LiveTable, type PatchableRow } from '@climbing/domain';

export interface ServerSentEvent {
  event: string;
  data: string;
}

/** A results row as the live tables hold it (the fields the tests read). */
export interface LiveRow extends PatchableRow {
  tops: number | null;
  boulders: { topAttempts: number | null; zoneAttempts: number | null }[] | null;
  [field: string]: unknown;
}

export interface SseClient {
  events: ServerSentEvent[];
  /** Each stage's table as a browser holds it: `results` events replace it, `patch` events apply to it. */
  tables: Map<string, LiveTable<LiveRow>>;
  /** Resolves with the stage's table once it matches (already or after a later event). */
  waitForTable(stage: string, match: (rows: LiveRow[]) => boolean, timeoutMs?: number): Promise<LiveRow[]>;
  /** Resolves with the first received event (already received or arriving later) that matches. */
  waitFor(match: (event: ServerSentEvent) => boolean, timeoutMs?: number): Promise<ServerSentEvent>;
  close(): void;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  /** The response's headers. */
  headers: Headers;
}

/** Folds a `results` or `patch` event into the tables; a patch that does not fit is a failure of the stream. */
function fold(tables: Map<string, LiveTable<LiveRow>>, received: ServerSentEvent): void {
  if (received.event !== 'results' && received.event !== 'patch') return;
  const data = JSON.parse(received.data) as { stage: string; version: number; rows: LiveRow[] } & LivePatch<LiveRow>;
  const next = foldLiveEvent(tables.get(data.stage), received.event === 'results' ? { kind: 'results', version: data.version, rows: data.rows } : { kind: 'patch', ...data });
  if (next === 'resync') throw new Error(`a ${received.event} event of version ${data.version} does not fit the table held (version ${tables.get(data.stage)?.version})`);
  tables.set(data.stage, next);
}

/** Reads a Server-Sent Events stream with fetch, as a browser's EventSource would. */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`SSE ${url} answered ${response.status}: ${await response.text()}`);
  const events: ServerSentEvent[] = [];
  const tables = new Map<string, LiveTable<LiveRow>>();
  const waiters = new Set<{ match: (event: ServerSentEvent) => boolean; resolve: (event: ServerSentEvent) => void }>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let markEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });

  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          markEnded();
          return;
        }
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const lines = block.split('\n');
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines.filter((line) => line.startsWith('data: ')).map((line) => line.slice(6)).join('\n');
          if (!event) continue;
          const received = { event, data };
          try {
            fold(tables, received);
          } catch (error) {
            // Seen by a test as an event of its own (`resync`), instead of a silent stop.
            events.push({ event: 'resync', data: String(error) });
          }
          events.push(received);
          for (const waiter of waiters) {
            if (waiter.match(received)) {
              waiters.delete(waiter);
              waiter.resolve(received);
            }
          }
        }
      }
    } catch {
      // aborted by close()
    }
  })();

  const waitFor: SseClient['waitFor'] = (match, timeoutMs = 10_000) => {
    const known = events.find(match);
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const waiter = { match, resolve };
      waiters.add(waiter);
      setTimeout(() => {
        if (waiters.delete(waiter)) reject(new Error(`no matching SSE event within ${timeoutMs} ms; received ${events.length} events`));
      }, timeoutMs);
    });
  };

  return {
    events,
    tables,
    ended,
    headers: response.headers,
    waitFor,
    async waitForTable(stage, match, timeoutMs = 10_000) {
      const fits = () => {
        const rows = tables.get(stage)?.rows;
        return rows !== undefined && match(rows);
      };
      if (!fits()) await waitFor(fits, timeoutMs);
      return tables.get(stage)!.rows;
    },
    close() {
      controller.abort();
    },
  };
}

/** The header a browser sends with the web app's session cookie (what an EventSource or an <img> carries). */
export const sessionCookie = (token: string): Record<string, string> => ({ cookie: `climbing_session=${token}` });
