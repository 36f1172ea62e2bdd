import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored } from '../../../lib/device-store';
import { keepNewestMatches, speedBracketQueryOptions, type SpeedBracket, type SpeedMatch, type SpeedMatchRacer } from './speed-bracket';

/** A racer of a match; its FINAL round is `id + 100`. */
const lane = (id: number, time: number | null = null): SpeedMatchRacer => ({
  id,
  roundId: id + 100,
  racerNumber: id,
  fullName: `Racer ${id}`,
  country: 'SVK',
  run: time === null ? null : { time, fall: false, falseStart: false },
});

const match = (id: number, stage: SpeedMatch['stage'], stageIndex: number, version: number, a: SpeedMatchRacer | null, b: SpeedMatchRacer | null, winnerRacerId: number | null = null): SpeedMatch => ({
  id,
  gender: 'MIXED',
  stage,
  stageIndex,
  state: winnerRacerId === null ? 'READY' : 'CLOSED',
  version,
  racerA: a,
  racerB: b,
  winnerRacerId,
});

const bracket = (matches: SpeedMatch[]): SpeedBracket => ({
  raceId: 3,
  size: 4,
  stages: ['HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'],
  matches,
  brackets: [{ gender: 'MIXED', size: 4, stages: ['HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'], matches }],
  planned: [],
});

/** Before any entry: two half finals. */
const untouched = () => bracket([match(1, 'HALF_FINAL', 0, 2, lane(1), lane(4)), match(2, 'HALF_FINAL', 1, 2, lane(2), lane(3))]);
/** The first half final entered: both rounds a version up, racer 1 into the big final, racer 4 into the small final. */
const firstEntered = () =>
  bracket([
    match(1, 'HALF_FINAL', 0, 4, lane(1, 6100), lane(4, 6900), 1),
    match(2, 'HALF_FINAL', 1, 2, lane(2), lane(3)),
    match(3, 'SMALL_FINAL', 0, 2, lane(4), null),
    match(4, 'BIG_FINAL', 0, 2, lane(1), null),
  ]);

describe('keepNewestMatches (a bracket just read against the one held)', () => {
  it('keeps a match the device holds in a newer version, and the matches it fed', () => {
    const merged = keepNewestMatches(firstEntered(), untouched());
    expect(merged.matches.map((each) => [each.id, each.version, each.winnerRacerId])).toEqual([
      [1, 4, 1],
      [2, 2, null],
      [3, 2, null],
      [4, 2, null],
    ]);
    expect(merged.brackets[0]!.matches).toEqual(merged.matches);
  });

  it('takes the bracket read as it is when it is as new or newer, or nothing is held', () => {
    expect(keepNewestMatches(untouched(), firstEntered())).toEqual(firstEntered());
    expect(keepNewestMatches(undefined, untouched())).toEqual(untouched());
    expect(keepNewestMatches(firstEntered(), firstEntered())).toEqual(firstEntered());
  });

  it('takes a match whose racers changed when nothing that decided them is older in the read (a correction)', () => {
    // The first half final corrected: racer 4 wins now and replaces racer 1 in the big final.
    const corrected = bracket([
      match(1, 'HALF_FINAL', 0, 6, lane(1, 6100), lane(4, 5900), 4),
      match(2, 'HALF_FINAL', 1, 2, lane(2), lane(3)),
      match(3, 'SMALL_FINAL', 0, 2, lane(1), null),
      match(4, 'BIG_FINAL', 0, 2, lane(4), null),
    ]);
    expect(keepNewestMatches(firstEntered(), corrected)).toEqual(corrected);
    // And the answer read before the correction, arriving after it, does not take it back.
    expect(keepNewestMatches(corrected, firstEntered())).toEqual(corrected);
  });

  it('drops what the read no longer has when nothing in it is older (the finals reopened)', () => {
    expect(keepNewestMatches(firstEntered(), bracket([])).matches).toEqual([]);
  });
});

describe('the speed bracket kept on the device', () => {
  afterEach(() => vi.unstubAllGlobals());

  const heldAnswers = () => {
    const waiting: ((answer: SpeedBracket) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => waiting.push((answer) => resolve(new Response(JSON.stringify(answer)))))),
    );
    return waiting;
  };
  const stored = () => readStored<SpeedBracket>('cache', 'speed-bracket:3');
  const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('is not taken back by an older request answered after a newer one (the refresh after a match and a live refresh overlapping)', async () => {
    const answers = heldAnswers();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = speedBracketQueryOptions(3);
    const loaded = client.fetchQuery(options);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!(untouched());
    await loaded;
    // Two refreshes overlap; the second is answered first, after the first half final was entered.
    void client.refetchQueries({ queryKey: options.queryKey, type: 'all' });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    const refresh = client.refetchQueries({ queryKey: options.queryKey, type: 'all' });
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    answers[2]!(firstEntered());
    await refresh;
    await vi.waitFor(async () => expect((await stored())?.matches.find((each) => each.id === 1)?.version).toBe(4));
    // The older request's answer comes last: the server read it before the entry.
    answers[1]!(untouched());
    await settled();
    const kept = await stored();
    expect(kept?.matches.find((each) => each.id === 1)).toMatchObject({ version: 4, winnerRacerId: 1, state: 'CLOSED' });
    expect(kept?.matches.map((each) => each.id)).toEqual([1, 2, 3, 4]);
    const shown = client.getQueryData(options.queryKey);
    expect(shown?.matches.find((each) => each.id === 1)?.version).toBe(4);
    expect(shown?.brackets[0]?.matches.map((each) => each.id)).toEqual([1, 2, 3, 4]);
  });
});
