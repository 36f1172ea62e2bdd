import { describe, expect, it } from 'vitest';
import { createFanOutRound, type RoundStream } from './live-fan-out-round.ts';

/** A stream that records its writes; each write costs the test clock `costMs`. */
interface TestStream extends RoundStream {
  id: number;
  writes: string[][];
}

function setUp(options: { tickMs?: number; writingMs?: number; costMs?: number } = {}) {
  let clock = 0;
  const deliveries: number[] = [];
  const costMs = options.costMs ?? 0.01;
  let due: { at: number; turn: () => void } | null = null;
  const round = createFanOutRound<TestStream>({
    tickMs: options.tickMs ?? 10,
    writingMs: options.writingMs ?? 5,
    now: () => clock,
    schedule: (turn, ms) => {
      const entry = { at: clock + ms, turn };
      due = entry;
      return () => {
        if (due === entry) due = null;
      };
    },
    onDelivered: (ms) => deliveries.push(ms),
  });
  let nextId = 1;
  const stream = (raceId = 1, stages: string[] | null = null): TestStream => {
    const created: TestStream = {
      id: nextId++,
      raceId,
      stages: stages ? new Set(stages) : null,
      writes: [],
      write(frames) {
        clock += costMs;
        created.writes.push(frames.map((frame) => frame.toString()));
        return true;
      },
    };
    round.add(created);
    return created;
  };
  /** Runs the scheduled turns, moving the clock to each; answers how many there were and when each started. */
  const runTurns = (limit = 1000): number[] => {
    const starts: number[] = [];
    while (due && starts.length < limit) {
      const { at, turn } = due;
      due = null;
      clock = Math.max(clock, at);
      starts.push(clock);
      turn();
    }
    return starts;
  };
  const frame = (text: string) => Buffer.from(text);
  return { round, stream, runTurns, frame, deliveries, now: () => clock };
}

describe('the fan-out round', () => {
  it('writes every stream an update in the first turn when there are few', () => {
    const { round, stream, runTurns, frame } = setUp();
    const streams = Array.from({ length: 5 }, () => stream());
    round.update(1, [['QUALIFICATION', frame('a')]]);
    expect(runTurns()).toHaveLength(1);
    for (const one of streams) expect(one.writes).toEqual([['a']]);
  });

  it('spends at most its share of each tick writing, and reaches every stream within the round', () => {
    // 2,000 streams, a write costs 0.01 ms, 2 ms of writing per 10 ms tick: about 200 writes a turn.
    const { round, stream, runTurns, frame } = setUp({ tickMs: 10, writingMs: 2, costMs: 0.01 });
    const streams = Array.from({ length: 2_000 }, () => stream());
    round.update(1, [['QUALIFICATION', frame('a')]]);
    const counts: number[] = [];
    let before = 0;
    while (runTurns(1).length === 1) {
      const written = streams.filter((one) => one.writes.length > 0).length;
      counts.push(written - before);
      before = written;
    }
    // No turn writes much beyond its share (the clock is read every eighth write).
    for (const count of counts) expect(count).toBeLessThanOrEqual(2 / 0.01 + 8);
    expect(counts.length).toBeGreaterThanOrEqual(9);
    expect(counts.length).toBeLessThanOrEqual(11);
    expect(streams.every((one) => one.writes.length === 1)).toBe(true);
  });

  it('starts each turn one tick after the one before', () => {
    const { round, stream, runTurns, frame } = setUp({ tickMs: 10, writingMs: 1, costMs: 0.1 });
    Array.from({ length: 100 }, () => stream());
    round.update(1, [['QUALIFICATION', frame('a')]]);
    const starts = runTurns();
    expect(starts.length).toBeGreaterThan(3);
    for (let index = 1; index < starts.length; index += 1) expect(starts[index]! - starts[index - 1]!).toBeCloseTo(10, 5);
  });

  it('gives a stream that is behind every update it missed, in order, in one write', () => {
    // About 16 writes a turn: a round of 100 streams takes several turns.
    const { round, stream, runTurns, frame } = setUp({ tickMs: 10, writingMs: 1, costMs: 0.1 });
    const streams = Array.from({ length: 100 }, () => stream());
    round.update(1, [['QUALIFICATION', frame('1')]]);
    runTurns(1);
    round.update(1, [['QUALIFICATION', frame('2')]]);
    round.update(1, [['QUALIFICATION', frame('3')]]);
    runTurns();
    const first = streams[0]!;
    const last = streams[99]!;
    // The first streams had update 1 in the first turn, then 2 and 3 together.
    expect(first.writes).toEqual([['1'], ['2', '3']]);
    // The last ones had all three in one write.
    expect(last.writes).toEqual([['1', '2', '3']]);
    for (const one of streams) expect(one.writes.flat()).toEqual(['1', '2', '3']);
  });

  it('starts a stream added after an update from the next one, and writes only the stages it follows', () => {
    const { round, stream, runTurns, frame } = setUp();
    const early = stream();
    round.update(1, [['QUALIFICATION', frame('q1')]]);
    const late = stream();
    const finalOnly = stream(1, ['FINAL']);
    runTurns();
    round.update(1, [
      ['QUALIFICATION', frame('q2')],
      ['FINAL', frame('f1')],
    ]);
    runTurns();
    expect(early.writes).toEqual([['q1'], ['q2', 'f1']]);
    expect(late.writes).toEqual([['q2', 'f1']]);
    expect(finalOnly.writes).toEqual([['f1']]);
  });

  it('keeps races apart and ignores an update of a race nobody follows here', () => {
    const { round, stream, runTurns, frame } = setUp();
    const one = stream(1);
    const two = stream(2);
    round.update(2, [['QUALIFICATION', frame('two')]]);
    round.update(3, [['QUALIFICATION', frame('three')]]);
    runTurns();
    expect(one.writes).toEqual([]);
    expect(two.writes).toEqual([['two']]);
    expect(round.framesKept).toBeLessThanOrEqual(1);
  });

  it('forgets the updates every stream has had: what it keeps stays bounded', () => {
    const { round, stream, runTurns, frame } = setUp({ tickMs: 10, writingMs: 1, costMs: 0.1 });
    const streams = Array.from({ length: 60 }, () => stream());
    for (let update = 1; update <= 200; update += 1) {
      round.update(1, [['QUALIFICATION', frame(String(update))]]);
      runTurns(1);
      expect(round.framesKept).toBeLessThanOrEqual(10);
    }
    runTurns();
    for (const one of streams) expect(one.writes.flat()).toEqual(Array.from({ length: 200 }, (_, index) => String(index + 1)));
  });

  it('skips a stream that ended, and a stream about to end can be given what it missed first', () => {
    const { round, stream, runTurns, frame } = setUp({ tickMs: 10, writingMs: 1, costMs: 0.1 });
    const streams = Array.from({ length: 50 }, () => stream());
    round.update(1, [['QUALIFICATION', frame('a')]]);
    const ending = streams[49]!;
    expect(round.catchUp(ending)).toBe(true);
    round.remove(ending);
    const gone = streams[48]!;
    round.remove(gone);
    runTurns();
    expect(ending.writes).toEqual([['a']]);
    expect(gone.writes).toEqual([]);
    expect(round.size).toBe(48);
    for (const one of streams.slice(0, 48)) expect(one.writes).toEqual([['a']]);
    // A later stream takes the place of the ended ones in the next round.
    const next = stream();
    round.update(1, [['QUALIFICATION', frame('b')]]);
    runTurns();
    expect(next.writes).toEqual([['b']]);
    expect(streams[0]!.writes).toEqual([['a'], ['b']]);
  });

  it('tells how long each update took to reach every stream', () => {
    // About 16 writes a turn, a turn every 10 ms: 100 streams take 7 turns, about 61 ms.
    const { round, stream, runTurns, frame, deliveries } = setUp({ tickMs: 10, writingMs: 1, costMs: 0.1 });
    Array.from({ length: 100 }, () => stream());
    round.update(1, [['QUALIFICATION', frame('a')]]);
    runTurns();
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toBeGreaterThan(55);
    expect(deliveries[0]).toBeLessThan(75);
    // Updates that keep coming are told once each, none before it had reached every stream.
    for (let update = 0; update < 20; update += 1) {
      round.update(1, [['QUALIFICATION', frame(String(update))]]);
      runTurns(2);
    }
    runTurns();
    expect(deliveries).toHaveLength(21);
    for (const ms of deliveries.slice(1)) expect(ms).toBeGreaterThan(50);
  });
});
