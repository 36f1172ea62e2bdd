import type { Sex, Stage } from '@climbing/domain';
import type { Race } from '../../db/schema/index.ts';
import type { LoadedRound, ResultRow } from './result-rows.ts';

/** What a discipline's stage ranking gets from computeStageResults. */
export interface StageContext {
  race: Race;
  stage: Stage;
  loaded: LoadedRound[];
  /** How many boulders, lead routes or speed runs a round of this stage has. */
  problemCount: number;
  /** A MIXED race with mixedRanking SEPARATE: one ranking per sex. */
  separateSexes: boolean;
  /** Count-back ranks for one ranking (its sex, or null for the one ranking); undefined when there is no count-back. */
  countback: (ranking: Sex | null) => Record<string, number> | undefined;
  /** The rows of the stage before, for the speed bracket's seeding. */
  previousRows: readonly ResultRow[];
}
