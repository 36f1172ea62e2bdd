import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stagesOf } from '../model/enums.ts';
import { DEFAULT_PODIUM_SIZE, advancingMinimums, advancingQuota, cutoffTie, nextStage, selectAdvancing } from './advancing.ts';

const settings = { numberOfSemifinalRacers: 24, numberOfFinalRacers: 8 };

const racer = (racerId: number, isMember = false, isOrgCountry = false) => ({ racerId, isMember, isOrgCountry });
const ids = (result: { racerId: number }[]) => result.map((entry) => entry.racerId);

describe('stages of a format', () => {
  it('has a semifinal only in the three-stage format and a final in the two longer ones', () => {
    expect(stagesOf('QUALIFICATION')).toEqual(['QUALIFICATION']);
    expect(stagesOf('QUALIFICATION_FINAL')).toEqual(['QUALIFICATION', 'FINAL']);
    expect(stagesOf('QUALIFICATION_SEMIFINAL_FINAL')).toEqual(['QUALIFICATION', 'SEMIFINAL', 'FINAL']);
  });

  it('names the next stage, or null after the last or for a stage the format lacks', () => {
    expect(nextStage('QUALIFICATION_SEMIFINAL_FINAL', 'QUALIFICATION')).toBe('SEMIFINAL');
    expect(nextStage('QUALIFICATION_SEMIFINAL_FINAL', 'SEMIFINAL')).toBe('FINAL');
    expect(nextStage('QUALIFICATION_FINAL', 'QUALIFICATION')).toBe('FINAL');
    expect(nextStage('QUALIFICATION_FINAL', 'FINAL')).toBeNull();
    expect(nextStage('QUALIFICATION', 'QUALIFICATION')).toBeNull();
    expect(nextStage('QUALIFICATION_FINAL', 'SEMIFINAL')).toBeNull();
  });
});

describe('advancingQuota', () => {
  it('sends the semifinal count out of qualification in the three-stage format', () => {
    expect(advancingQuota('QUALIFICATION_SEMIFINAL_FINAL', settings, 'QUALIFICATION')).toBe(24);
  });

  it('sends the final count out of qualification in the two-stage format and out of the semifinal', () => {
    expect(advancingQuota('QUALIFICATION_FINAL', settings, 'QUALIFICATION')).toBe(8);
    expect(advancingQuota('QUALIFICATION_SEMIFINAL_FINAL', settings, 'SEMIFINAL')).toBe(8);
  });

  it('is the podium size otherwise', () => {
    expect(DEFAULT_PODIUM_SIZE).toBe(3);
    expect(advancingQuota('QUALIFICATION', settings, 'QUALIFICATION')).toBe(3);
    expect(advancingQuota('QUALIFICATION_FINAL', settings, 'FINAL')).toBe(3);
    expect(advancingQuota('QUALIFICATION_SEMIFINAL_FINAL', settings, 'FINAL')).toBe(3);
  });
});

describe('advancingMinimums', () => {
  const minimums = { minAdvancingMembersSemifinals: 4, minAdvancingOrgCountrySemifinals: 3, minAdvancingMembersFinals: 2, minAdvancingOrgCountryFinals: 1 };

  it('uses the semifinal fields into the semifinal and the final fields into the final', () => {
    expect(advancingMinimums('QUALIFICATION_SEMIFINAL_FINAL', minimums, 'QUALIFICATION')).toEqual({ minMembers: 4, minOrgCountry: 3 });
    expect(advancingMinimums('QUALIFICATION_SEMIFINAL_FINAL', minimums, 'SEMIFINAL')).toEqual({ minMembers: 2, minOrgCountry: 1 });
    expect(advancingMinimums('QUALIFICATION_FINAL', minimums, 'QUALIFICATION')).toEqual({ minMembers: 2, minOrgCountry: 1 });
  });

  it('guarantees nothing after the last stage or without the fields', () => {
    expect(advancingMinimums('QUALIFICATION_FINAL', minimums, 'FINAL')).toEqual({ minMembers: 0, minOrgCountry: 0 });
    expect(advancingMinimums('QUALIFICATION_FINAL', {}, 'QUALIFICATION')).toEqual({ minMembers: 0, minOrgCountry: 0 });
  });
});

describe('selectAdvancing', () => {
  const ranking = [1, 2, 3, 4, 5, 6].map((rank) => ({ racerId: rank * 10, rank }));
  const racers = ranking.map((entry) => racer(entry.racerId));

  it('takes everyone within the quota, in rank order, with the reason', () => {
    const result = selectAdvancing({ ranking: [...ranking].reverse(), quota: 3, racers, minMembers: 0, minOrgCountry: 0 });
    expect(result).toEqual([
      { racerId: 10, rank: 1, reason: 'QUOTA' },
      { racerId: 20, rank: 2, reason: 'QUOTA' },
      { racerId: 30, rank: 3, reason: 'QUOTA' },
    ]);
  });

  it('lets every racer tied at the cut-off advance', () => {
    const tied = [
      { racerId: 1, rank: 1 },
      { racerId: 2, rank: 2 },
      { racerId: 3, rank: 2 },
      { racerId: 4, rank: 4 },
    ];
    expect(ids(selectAdvancing({ ranking: tied, quota: 2, racers: [], minMembers: 0, minOrgCountry: 0 }))).toEqual([1, 2, 3]);
  });

  it('adds the best-ranked missing members beyond the quota until the minimum is in', () => {
    const withMembers = [racer(10), racer(20), racer(30), racer(40, true), racer(50), racer(60, true)];
    const result = selectAdvancing({ ranking, quota: 2, racers: withMembers, minMembers: 2, minOrgCountry: 0 });
    expect(result.map((entry) => [entry.racerId, entry.reason])).toEqual([
      [10, 'QUOTA'],
      [20, 'QUOTA'],
      [40, 'MIN_MEMBERS'],
      [60, 'MIN_MEMBERS'],
    ]);
  });

  it('adds nobody when enough members already qualified on rank', () => {
    const withMembers = [racer(10, true), racer(20, true), racer(30), racer(40, true)];
    expect(ids(selectAdvancing({ ranking, quota: 2, racers: withMembers, minMembers: 2, minOrgCountry: 0 }))).toEqual([10, 20]);
  });

  it('adds every missing member tied at the boundary of the guarantee', () => {
    const tiedRanking = [
      { racerId: 1, rank: 1 },
      { racerId: 2, rank: 2 },
      { racerId: 3, rank: 3 },
      { racerId: 4, rank: 3 },
    ];
    const members = [racer(3, true), racer(4, true)];
    expect(ids(selectAdvancing({ ranking: tiedRanking, quota: 2, racers: members, minMembers: 1, minOrgCountry: 0 }))).toEqual([1, 2, 3, 4]);
  });

  it('guarantees the organising country after the members, counting members from that country', () => {
    const profile = [racer(10), racer(20), racer(30, true, true), racer(40), racer(50, false, true), racer(60, false, true)];
    const result = selectAdvancing({ ranking, quota: 2, racers: profile, minMembers: 1, minOrgCountry: 2 });
    expect(result.map((entry) => [entry.racerId, entry.reason])).toEqual([
      [10, 'QUOTA'],
      [20, 'QUOTA'],
      [30, 'MIN_MEMBERS'],
      [50, 'MIN_ORG_COUNTRY'],
    ]);
  });

  it('takes all available members when fewer exist than the minimum', () => {
    const profile = [racer(50, true)];
    expect(ids(selectAdvancing({ ranking, quota: 1, racers: profile, minMembers: 3, minOrgCountry: 0 }))).toEqual([10, 50]);
  });

  it('always contains everyone ranked within the quota (property)', () => {
    const entry = fc.record({ rank: fc.integer({ min: 1, max: 30 }), isMember: fc.boolean(), isOrgCountry: fc.boolean() });
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), fc.integer({ min: 0, max: 30 }), fc.nat(5), fc.nat(5), (entries, quota, minMembers, minOrgCountry) => {
        const input = {
          ranking: entries.map((value, racerId) => ({ racerId, rank: value.rank })),
          racers: entries.map((value, racerId) => ({ racerId, isMember: value.isMember, isOrgCountry: value.isOrgCountry })),
          quota,
          minMembers,
          minOrgCountry,
        };
        const advancing = new Set(ids(selectAdvancing(input)));
        for (const ranked of input.ranking) {
          if (ranked.rank <= quota) expect(advancing.has(ranked.racerId)).toBe(true);
        }
        const members = input.racers.filter((value) => value.isMember);
        const membersIn = members.filter((value) => advancing.has(value.racerId)).length;
        expect(membersIn).toBeGreaterThanOrEqual(Math.min(minMembers, members.length));
      }),
    );
  });
});

describe('cutoffTie', () => {
  const ranking = (...ranks: number[]) => ranks.map((rank, index) => ({ racerId: index + 1, rank }));

  it('names the racers tied at the cut-off when they make more than the quota (9 racers for 8 places)', () => {
    const advancing = selectAdvancing({ ranking: ranking(1, 2, 3, 4, 5, 6, 7, 8, 8, 10), quota: 8, racers: [] });
    expect(advancing).toHaveLength(9);
    expect(cutoffTie(advancing, 8)).toEqual({ rank: 8, places: 1, racerIds: [8, 9] });
  });

  it('counts the places left for a wider tie (four tied 6th for the last three places)', () => {
    const advancing = selectAdvancing({ ranking: ranking(1, 2, 3, 4, 5, 6, 6, 6, 6, 10), quota: 8, racers: [] });
    expect(cutoffTie(advancing, 8)).toEqual({ rank: 6, places: 3, racerIds: [6, 7, 8, 9] });
  });

  it('is null when the quota holds everyone, a tie inside the quota included', () => {
    expect(cutoffTie(selectAdvancing({ ranking: ranking(1, 2, 2, 4, 5), quota: 4, racers: [] }), 4)).toBeNull();
    expect(cutoffTie(selectAdvancing({ ranking: ranking(1, 2), quota: 8, racers: [] }), 8)).toBeNull();
  });

  it('leaves guaranteed places out: a member added beyond the quota is no tie', () => {
    const advancing = selectAdvancing({ ranking: ranking(1, 2, 3), quota: 2, racers: [racer(3, true)], minMembers: 1 });
    expect(ids(advancing)).toEqual([1, 2, 3]);
    expect(cutoffTie(advancing, 2)).toBeNull();
  });
});
