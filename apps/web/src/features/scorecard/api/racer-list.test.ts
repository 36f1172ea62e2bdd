import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored } from '../../../lib/device-store';
import { keepNewestRounds, keepRacerListOnDevice, racerListCacheKey, racerListQueryOptions, type RacerWithRound } from './racer-list';

const racer = (id: number, roundId: number, version: number, zoneAttempts: number | null): RacerWithRound => ({
  id,
  racerNumber: id,
  fullName: `Racer ${id}`,
  birthYear: 2000,
  sex: 'M',
  country: 'SVK',
  club: null,
  qualificationGroup: 'A',
  rounds: [
    {
      id: roundId,
      racerId: id,
      stage: 'QUALIFICATION',
      state: 'STARTED',
      startingNumber: id,
      version,
      qualificationGroupId: 1,
      boulders: [{ id: roundId * 10, boulderIndex: 0, topAttempts: null, zoneAttempts, currentAttempt: zoneAttempts ?? 0, version }],
      routes: [],
      speedRoutes: [],
    },
  ],
  speedMatches: [],
});

describe('keepNewestRounds (a racer list just read against the one held)', () => {
  it('keeps a round the device holds in a newer version than the list read (a stale request, the offline copy)', () => {
    const held = [racer(1, 11, 5, 1), racer(2, 12, 1, null)];
    const read = [racer(1, 11, 4, null), racer(2, 12, 3, 2)];
    const merged = keepNewestRounds(held, read);
    expect(merged[0]!.rounds[0]).toMatchObject({ version: 5, boulders: [{ zoneAttempts: 1 }] });
    expect(merged[1]!.rounds[0]).toMatchObject({ version: 3, boulders: [{ zoneAttempts: 2 }] });
  });

  it('takes the list read as it is for new racers, another round, or nothing held', () => {
    const read = [racer(1, 11, 4, null), racer(3, 13, 1, null)];
    expect(keepNewestRounds(undefined, read)).toEqual(read);
    expect(keepNewestRounds([racer(1, 99, 9, 1)], read)).toEqual(read);
  });
});

describe('the racer list kept on the device', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Racer-list requests answered by the test, in the order it chooses; every request waits for its answer. */
  const heldAnswers = () => {
    const waiting: ((list: RacerWithRound[]) => void)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        // A request the server already answered is not undone by the query's cancel: its body still arrives.
        () => new Promise<Response>((resolve) => waiting.push((list) => resolve(new Response(JSON.stringify(list))))),
      ),
    );
    return waiting;
  };

  const stored = () => readStored<RacerWithRound[]>('cache', racerListCacheKey(3, 'QUALIFICATION'));
  const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

  it('is not taken back by an older request answered after a newer one (a refresh after a score and a live refresh overlapping)', async () => {
    const answers = heldAnswers();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = racerListQueryOptions(3, 'QUALIFICATION');
    // The scorecard holds the list.
    const loaded = client.fetchQuery(options);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!([racer(1, 11, 3, null), racer(2, 12, 3, 2)]);
    await loaded;
    // A refresh after a score, then the live stream's refresh while the first is on its way.
    void client.refetchQueries({ queryKey: options.queryKey, type: 'all' });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    const refresh = client.refetchQueries({ queryKey: options.queryKey, type: 'all' });
    await vi.waitFor(() => expect(answers).toHaveLength(3));
    answers[2]!([racer(1, 11, 5, 1), racer(2, 12, 3, 2)]);
    await refresh;
    await vi.waitFor(async () => expect((await stored())?.[0]?.rounds[0]?.version).toBe(5));
    // The older request's answer comes last: the server read it before the score.
    answers[1]!([racer(1, 11, 4, null), racer(2, 12, 3, 2)]);
    await settled();
    expect((await stored())?.[0]?.rounds[0]).toMatchObject({ version: 5, boulders: [{ zoneAttempts: 1 }] });
    expect(client.getQueryData(options.queryKey)?.[0]?.rounds[0]?.version).toBe(5);
  });

  it('keeps the round a score answer stored when a list read before the score is answered after it', async () => {
    const answers = heldAnswers();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const reading = client.fetchQuery(racerListQueryOptions(3, 'QUALIFICATION'));
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    // Meanwhile the queue's entry is stored and its answer (version 6) is kept on the device.
    await keepRacerListOnDevice(3, 'QUALIFICATION', [racer(1, 11, 6, 2)]);
    answers[0]!([racer(1, 11, 5, 1)]);
    await reading;
    await settled();
    expect((await stored())?.[0]?.rounds[0]).toMatchObject({ version: 6, boulders: [{ zoneAttempts: 2 }] });
  });

  it('takes every round that moved forward from a newer answer, and a racer it adds', async () => {
    const answers = heldAnswers();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const options = racerListQueryOptions(3, 'QUALIFICATION');
    const first = client.fetchQuery(options);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    answers[0]!([racer(1, 11, 5, 1)]);
    await first;
    const second = client.fetchQuery({ ...options, staleTime: 0 });
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!([racer(1, 11, 6, 2), racer(2, 12, 1, null)]);
    await second;
    await vi.waitFor(async () => expect((await stored())?.map((each) => each.rounds[0]?.version)).toEqual([6, 1]));
  });
});
