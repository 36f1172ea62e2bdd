import type { SpeedStage } from '../model/enums.ts';
import type { RacerId, RankedRacer } from './scoring-types.ts';
import { speedBracketSize } from './speed-bracket-size.ts';

export interface SpeedHeat {
  stage: SpeedStage;
  /** Position of the heat in its stage, 0 first; heats 2i and 2i+1 feed heat i of the next stage. */
  index: number;
  racerA: RacerId;
  racerB: RacerId;
}

/**
 * First-round pairings by seed (1-based), in heat order (RULES.md 3, digitalrock start order).
 * The order puts seeds 1 and 2 in opposite halves so they can only meet in the final.
 */
const SEED_PAIRS: Record<16 | 8 | 4, readonly (readonly [number, number])[]> = {
  16: [
    [1, 16],
    [8, 9],
    [4, 13],
    [5, 12],
    [2, 15],
    [7, 10],
    [3, 14],
    [6, 11],
  ],
  8: [
    [1, 8],
    [4, 5],
    [2, 7],
    [3, 6],
  ],
  4: [
    [1, 4],
    [2, 3],
  ],
};

const FIRST_STAGE: Record<16 | 8 | 4, SpeedStage> = { 16: 'EIGHTH_FINAL', 8: 'QUARTER_FINAL', 4: 'HALF_FINAL' };

/** The racers in seed order: by qualification rank, a shared rank keeping the input order. */
export const seedOrder = (qualification: readonly RankedRacer[]): RacerId[] =>
  qualification
    .map((racer, position) => ({ racer, position }))
    .sort((a, b) => a.racer.rank - b.racer.rank || a.position - b.position)
    .map(({ racer }) => racer.racerId);

/**
 * First-round heats of the speed finals. Pass the racers eligible for the bracket (those with a
 * valid qualification time); the bracket size follows their number and the race's
 * `numberOfFinalRacers` (speedBracketSize). Only the best `size` racers
 * take part: a tie at the cut-off cannot be broken by the engine (IFSC re-runs it), so the
 * racer listed first among the tied ones takes the last seed and the organiser decides by
 * listing the re-run winner first.
 */
export const speedBracket = (qualification: readonly RankedRacer[], numberOfFinalRacers?: number): SpeedHeat[] => {
  const size = speedBracketSize(qualification.length, numberOfFinalRacers);
  if (size === 0) return [];
  const seeds = seedOrder(qualification);
  return SEED_PAIRS[size].map(([seedA, seedB], index) => ({
    stage: FIRST_STAGE[size],
    index,
    racerA: seeds[seedA - 1] ?? '',
    racerB: seeds[seedB - 1] ?? '',
  }));
};
