import type { RaceGender, SpeedStage } from '@climbing/domain';
import { describe, expect, it } from 'vitest';
import type { RacerSpeedMatch, RacerWithRound, Round } from '../api/racer-list';
import { closedRoundsOf, speedFinalSections } from './speed-final-matches';

const round = (racerId: number, state: Round['state'] = 'CLOSED', runs: Record<number, number> = {}): Round => ({
  id: 100 + racerId,
  racerId,
  stage: 'FINAL',
  state,
  startingNumber: racerId,
  version: 1,
  qualificationGroupId: null,
  boulders: [],
  routes: [],
  speedRoutes: [0, 1, 2, 3, 4].map((routeIndex) => ({ id: racerId * 10 + routeIndex, routeIndex, attemptIndex: 0, time: runs[routeIndex] ?? null, fall: false, falseStart: false, version: 1 })),
});

const pairing = (id: number, gender: RaceGender, stage: SpeedStage, stageIndex: number, a: number, b: number | null, state: RacerSpeedMatch['state'] = 'CLOSED'): RacerSpeedMatch => ({
  id,
  gender,
  stage,
  stageIndex,
  state,
  racerAId: a,
  racerBId: b,
  winnerRacerId: state === 'CLOSED' ? a : null,
});

const row = (id: number, matches: RacerSpeedMatch[], state: Round['state'] = 'CLOSED', runs: Record<number, number> = {}) => {
  const racer: RacerWithRound = { id, racerNumber: id, fullName: `Racer ${id}`, birthYear: null, sex: 'M', country: null, club: null, qualificationGroup: 'A', rounds: [round(id, state, runs)], speedMatches: matches };
  return { racer, round: racer.rounds[0]! };
};

describe('speedFinalSections', () => {
  it('builds each match once from both racers, in the order raced, the finals together, each bracket apart', () => {
    const women = [pairing(1, 'WOMEN', 'HALF_FINAL', 0, 11, 14), pairing(2, 'WOMEN', 'HALF_FINAL', 1, 12, 13), pairing(3, 'WOMEN', 'SMALL_FINAL', 0, 14, 13), pairing(4, 'WOMEN', 'BIG_FINAL', 0, 11, 12)];
    const men = [pairing(5, 'MEN', 'HALF_FINAL', 0, 21, 24), pairing(6, 'MEN', 'HALF_FINAL', 1, 22, 23, 'READY')];
    const of = (racerId: number) => [...women, ...men].filter((match) => match.racerAId === racerId || match.racerBId === racerId);
    // The list comes in starting order, men first here: the sections still come women first, by stage.
    const rows = [21, 22, 23, 24, 11, 12, 13, 14].map((id) => row(id, of(id), 'CLOSED', id === 11 ? { 2: 6210, 4: 6100 } : {}));
    const sections = speedFinalSections(rows);
    expect(sections.map((section) => [section.key, section.matches.map((match) => match.id)])).toEqual([
      ['WOMEN-HALF_FINAL', [1, 2]],
      ['WOMEN-BIG_FINAL', [3, 4]],
      ['MEN-HALF_FINAL', [5, 6]],
    ]);
    const big = sections[1]!.matches[1]!;
    expect([big.racerA?.racer.id, big.racerB?.racer.id]).toEqual([11, 12]);
    // The run of the match is the route of its stage in the racer's FINAL round.
    expect(big.racerA?.run).toEqual({ time: 6100, fall: false, falseStart: false });
    expect(sections[0]!.matches[0]!.racerA?.run).toEqual({ time: 6210, fall: false, falseStart: false });
    // A match not raced yet shows no run.
    expect(sections[2]!.matches[1]!.racerA?.run).toBeNull();
  });

  it('reopens the closed rounds of a match, and none of a list without pairings', () => {
    const match = pairing(1, 'MEN', 'QUARTER_FINAL', 2, 1, 2);
    const sections = speedFinalSections([row(1, [match], 'STARTED'), row(2, [match], 'CLOSED')]);
    expect(closedRoundsOf(sections[0]!.matches[0]!)).toEqual([102]);
    // A list the device kept from before the server named the matches: the page keeps its racer table.
    expect(speedFinalSections([row(1, []), row(2, [])])).toEqual([]);
  });
});
