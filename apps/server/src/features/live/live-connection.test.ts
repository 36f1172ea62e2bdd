import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { liveConnection } from './live-connection.ts';

/** A response whose client has stopped reading: nothing written ever leaves its buffer. */
const stalled = () => {
  const sink = new Writable({ highWaterMark: 16 * 1024, write: () => undefined });
  sink.on('error', () => undefined);
  return sink;
};

describe('a live connection', () => {
  it('keeps at most its allowance waiting beyond the largest frame, then drops the stream', () => {
    const sink = stalled();
    const drops: number[] = [];
    let bytes = 0;
    const connection = liveConnection(sink, { maxBufferedBytes: 64 * 1024, onBytes: (count) => (bytes += count), onDrop: () => drops.push(sink.writableLength) });
    const table = Buffer.alloc(200 * 1024, 'r');
    const patch = Buffer.alloc(1024, 'p');
    expect(connection.send(table)).toBe(true);
    let written = 0;
    while (connection.send(patch)) written += 1;
    // The whole table, then patches up to the allowance: 64 more, and the stream is gone.
    expect(written).toBeGreaterThanOrEqual(63);
    expect(written).toBeLessThanOrEqual(66);
    expect(connection.dropped).toBe(true);
    expect(sink.destroyed).toBe(true);
    expect(drops).toHaveLength(1);
    expect(bytes).toBe(table.length + written * patch.length);
    expect(connection.send(patch)).toBe(false);
    expect(drops).toHaveLength(1);
  });

  it('never drops a client that reads', async () => {
    const chunks: number[] = [];
    const reading = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.length);
        setImmediate(done);
      },
    });
    const connection = liveConnection(reading, { maxBufferedBytes: 8 * 1024 });
    for (let frame = 0; frame < 200; frame += 1) {
      expect(connection.send(Buffer.alloc(512))).toBe(true);
      // A reader keeps up: the buffer empties between bursts of updates.
      if (frame % 8 === 7 && reading.writableNeedDrain) await new Promise((resolve) => reading.once('drain', resolve));
    }
    expect(connection.dropped).toBe(false);
    await new Promise((resolve) => reading.end(resolve));
    expect(chunks.reduce((sum, size) => sum + size, 0)).toBe(200 * 512);
  });

  it('writes nothing after the stream ended', () => {
    const sink = stalled();
    sink.end();
    expect(liveConnection(sink).send('data: x\n\n')).toBe(false);
  });
});
