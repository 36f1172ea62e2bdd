/**
 * The write side of one live stream with a bounded buffer. A spectator whose phone stops reading
 * (a tunnel, a locked screen) must not make the server keep every frame for it: once more than
 * its allowance waits unsent, the connection is dropped. The stream's `retry:` line (sent first)
 * makes the browser reconnect, and the new stream starts with the whole table again.
 */

/** What the connection needs of the response: Node's ServerResponse (or a stub in the tests). */
export interface LiveSink {
  write(chunk: Buffer | string): boolean;
  readonly writableLength: number;
  readonly writableEnded: boolean;
  destroy(): void;
}

/** The first line of every stream: browsers reconnect 3 s after a stream ends. */
export const RETRY_FRAME = 'retry: 3000\n\n';
/** A comment line every so often keeps proxies and phones from dropping a quiet stream. */
export const HEARTBEAT_FRAME = ': keep-alive\n\n';
export const HEARTBEAT_MS = 15_000;

/** Bytes a live stream may have waiting beyond the largest frame (a whole table) it was sent. */
export const LIVE_MAX_BUFFERED_BYTES = 256 * 1024;

export interface LiveConnection {
  /** Writes a frame unless the stream is over; drops a stream that has stopped reading. Returns whether it was written. */
  send(chunk: Buffer | string): boolean;
  /** Whether the stream was dropped for not reading. */
  readonly dropped: boolean;
}

export function liveConnection(sink: LiveSink, options: { maxBufferedBytes?: number; onBytes?: (bytes: number) => void; onDrop?: () => void } = {}): LiveConnection {
  const allowance = options.maxBufferedBytes ?? LIVE_MAX_BUFFERED_BYTES;
  // A whole table may be large (thousands of racers) and a slow phone needs time for it; what it
  // may have waiting on top of the largest frame it was sent stays bounded.
  let largest = 0;
  let dropped = false;
  return {
    send(chunk) {
      if (dropped || sink.writableEnded) return false;
      if (sink.writableLength > largest + allowance) {
        dropped = true;
        sink.destroy();
        options.onDrop?.();
        return false;
      }
      const bytes = typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
      if (bytes > largest) largest = bytes;
      sink.write(chunk);
      options.onBytes?.(bytes);
      return true;
    },
    get dropped() {
      return dropped;
    },
  };
}
