export interface ServerSentEvent {
  event: string;
  data: string;
}

export interface SseClient {
  events: ServerSentEvent[];
  /** Resolves with the first received event (already received or arriving later) that matches. */
  waitFor(match: (event: ServerSentEvent) => boolean, timeoutMs?: number): Promise<ServerSentEvent>;
  close(): void;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
}

/** Reads a Server-Sent Events stream with fetch, as a browser's EventSource would. */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream', ...headers }, signal: controller.signal });
  if (response.status !== 200 || !response.body) throw new Error(`SSE ${url} answered ${response.status}: ${await response.text()}`);
  const events: ServerSentEvent[] = [];
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

  return {
    events,
    ended,
    waitFor(match, timeoutMs = 10_000) {
      const known = events.find(match);
      if (known) return Promise.resolve(known);
      return new Promise((resolve, reject) => {
        const waiter = { match, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error(`no matching SSE event within ${timeoutMs} ms; received ${events.length} events`));
        }, timeoutMs);
      });
    },
    close() {
      controller.abort();
    },
  };
}
