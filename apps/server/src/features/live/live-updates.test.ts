import { foldBracketEvent, foldLiveEvent, type LiveBracket, type LiveTable, type Stage } from '@climbing/domain';
import { describe, expect, it } from 'vitest';
import type { CachedRaceResults } from '../results/results-cache.ts';
import type { ResultRow, StageResults } from '../results/results-service.ts';
import type { SpeedBracketView, SpeedMatchView } from '../results/speed-bracket-store.ts';
import { createRaceUpdates } from './live-updates.ts';

interface Row {
  racer: { id: number };
  rank: number;
  categoryRank: null;
  tieBreak: null;
  tops: number;
}

const RACE = 7;
const STAGE: Stage = 'QUALIFICATION';

/** The race's results at `version`: racer 1 with `tops`, racer 2 with one top. */
const entry = (version: number, tops: number): CachedRaceResults => {
  const rows: Row[] = [
    { racer: { id: 1 }, rank: tops >= 1 ? 1 : 2, categoryRank: null, tieBreak: null, tops },
    { racer: { id: 2 }, rank: tops >= 1 ? 2 : 1, categoryRank: null, tieBreak: null, tops: 1 },
  ].sort((a, b) => a.rank - b.rank);
  const results = { stage: STAGE, rows: rows as unknown as ResultRow[] } as unknown as StageResults;
  return { raceId: RACE, version, stages: new Map([[STAGE, { results, rowsJson: JSON.stringify(rows) }]]), lastScoreAt: null, bracket: null, bodies: new Map() };
};

/** A stream as a browser holds it: the frames folded into one table; a patch that does not fit is a failure. */
function stream() {
  let table: LiveTable<Row> | undefined;
  const misfits: string[] = [];
  return {
    receive(frames: Iterable<Buffer>) {
      for (const frame of frames) {
        const [eventLine, dataLine] = frame.toString('utf8').split('\n');
        const kind = eventLine!.slice('event: '.length) as 'results' | 'patch';
        const data = JSON.parse(dataLine!.slice('data: '.length));
        const next = foldLiveEvent(table, kind === 'results' ? { kind, version: data.version, rows: data.rows } : { kind, ...data });
        if (next === 'resync') misfits.push(`${kind} base ${data.base} on version ${table?.version}`);
        else table = next;
      }
    },
    get version() {
      return table?.version;
    },
    get tops() {
      return table?.rows.find((row) => row.racer.id === 1)?.tops;
    },
    misfits,
  };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('live updates of a race (live-updates.ts)', () => {
  it('starts a stream that joins while an update is read from the same answer before that update, so the update fits it', async () => {
    let current = entry(1, 0);
    /** The results cache answers concurrent readers of one version with one promise. */
    let shared: { promise: Promise<CachedRaceResults>; resolve: () => void } | null = null;
    const streams: ReturnType<typeof stream>[] = [];
    const updates = createRaceUpdates({
      read: () => {
        if (!shared) return Promise.resolve(current);
        return shared.promise;
      },
      deliver: async (_raceId, frames) => {
        for (const one of streams) one.receive(frames.values());
        return 0;
      },
      warn: (details, message) => {
        throw new Error(`${message}: ${String(details.err)}`);
      },
    });
    const attach = (tables: Map<Stage, Buffer>) => {
      const joined = stream();
      joined.receive(tables.values());
      streams.push(joined);
      return joined;
    };

    const first = await updates.join(RACE, attach);
    expect(first.version).toBe(1);

    // A score is committed: the next read answers version 2, but not yet.
    current = entry(2, 3);
    let resolve = (): void => undefined;
    const promise = new Promise<CachedRaceResults>((done) => (resolve = () => done(current)));
    shared = { promise, resolve };
    // A second stream joins first, then the update starts reading: both wait for the same answer.
    const second = updates.join(RACE, attach);
    updates.changed(RACE);
    await settle(80);
    shared.resolve();
    const joined = await second;
    shared = null;
    await settle(80);

    for (const one of [first, joined]) {
      expect(one.misfits).toEqual([]);
      expect(one.version).toBe(2);
      expect(one.tops).toBe(3);
    }
    await updates.close();
  });

  it('computes nothing for a race it no longer follows, and follows it again from what a new stream is sent', async () => {
    let current = entry(1, 0);
    let reads = 0;
    const delivered: Buffer[][] = [];
    const updates = createRaceUpdates({
      read: async () => {
        reads += 1;
        return current;
      },
      deliver: async (_raceId, frames) => {
        delivered.push([...frames.values()]);
        return 0;
      },
      warn: () => undefined,
    });
    await updates.join(RACE, () => undefined);
    expect(updates.follows(RACE)).toBe(true);
    updates.forget(RACE);
    expect(updates.follows(RACE)).toBe(false);
    const readsBefore = reads;
    current = entry(2, 2);
    updates.changed(RACE);
    await settle(80);
    expect(reads).toBe(readsBefore);
    expect(delivered).toEqual([]);

    const again = stream();
    await updates.join(RACE, (tables) => again.receive(tables.values()));
    expect(again.version).toBe(2);
    expect(again.tops).toBe(2);
    await updates.close();
  });

  it("sends a speed final's bracket whole to a new stream and then only the matches a change touched, with the FINAL stage", async () => {
    const racer = (id: number, time: number | null) => ({ id, roundId: id * 10, racerNumber: id, fullName: `Racer ${id}`, country: null, run: time === null ? null : { time, fall: false, falseStart: false } });
    const match = (id: number, stageIndex: number, a: number, b: number, timeA: number | null = null): SpeedMatchView => ({
      id,
      gender: 'MIXED',
      stage: 'HALF_FINAL',
      stageIndex,
      state: 'STARTED',
      version: timeA === null ? 0 : 1,
      racerA: racer(a, timeA),
      racerB: racer(b, null),
      winnerRacerId: null,
    });
    const bracketOf = (matches: SpeedMatchView[]): SpeedBracketView => ({ raceId: RACE, size: 4, stages: ['HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'], matches, brackets: [{ gender: 'MIXED', size: 4, stages: ['HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'], matches }] });
    const finalEntry = (version: number, bracket: SpeedBracketView | null): CachedRaceResults => {
      const rows = [1, 2, 3, 4].map((id) => ({ racer: { id }, rank: id, categoryRank: null, tieBreak: null, tops: 0 }));
      const results = { stage: 'FINAL', rows } as unknown as StageResults;
      return { raceId: RACE, version, stages: new Map([['FINAL', { results, rowsJson: JSON.stringify(rows) }]]), lastScoreAt: null, bracket, bodies: new Map() };
    };
    let current = finalEntry(1, bracketOf([match(1, 0, 1, 4), match(2, 1, 2, 3)]));
    const updates: Map<Stage, Buffer>[] = [];
    const raceUpdates = createRaceUpdates({ read: async () => current, deliver: async (_raceId, frames) => (updates.push(frames), 0), warn: () => undefined });
    /** The SSE events in a stage's buffer, in order. */
    const events = (buffer: Buffer) =>
      buffer
        .toString('utf8')
        .split('\n\n')
        .filter(Boolean)
        .map((frame) => {
          const [eventLine, dataLine] = frame.split('\n');
          return { type: eventLine!.slice('event: '.length), data: JSON.parse(dataLine!.slice('data: '.length)) };
        });
    const tables = await raceUpdates.join(RACE, (whole) => whole);
    const joined = events(tables.get('FINAL')!);
    expect(joined.map((event) => event.type)).toEqual(['results', 'bracket']);
    let held: LiveBracket<SpeedMatchView> | 'resync' = foldBracketEvent(null, { kind: 'whole', ...joined[1]!.data });
    expect(held !== 'resync' && held.matches.map((each) => each.id)).toEqual([1, 2]);

    // A run in the first semifinal: the update's FINAL buffer carries the bracket patch with that match alone.
    current = finalEntry(2, bracketOf([match(1, 0, 1, 4, 6120), match(2, 1, 2, 3)]));
    raceUpdates.changed(RACE);
    await settle(80);
    const patch = events(updates.at(-1)!.get('FINAL')!).find((event) => event.type === 'bracket')!.data;
    expect(patch).toMatchObject({ raceId: RACE, base: 1, version: 2, removed: [] });
    expect(patch.matches.map((each: SpeedMatchView) => each.id)).toEqual([1]);
    held = foldBracketEvent(held === 'resync' ? null : held, { kind: 'patch', ...patch });
    expect(held !== 'resync' && held.matches[0]!.racerA!.run).toEqual({ time: 6120, fall: false, falseStart: false });

    // The finals reopened: the bracket goes, every match named as removed.
    current = finalEntry(3, null);
    raceUpdates.changed(RACE);
    await settle(80);
    const gone = events(updates.at(-1)!.get('FINAL')!).find((event) => event.type === 'bracket')!.data;
    expect(gone).toMatchObject({ base: 2, version: 3, matches: [], removed: [1, 2], brackets: [] });
    await raceUpdates.close();
  });
});
