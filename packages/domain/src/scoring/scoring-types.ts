/** Identifier of a racer inside one ranking; the caller chooses it (database id, bib, ...). */
export type RacerId = string;

/**
 * One boulder of one racer. Attempts are counted up to and including the first top and the
 * first zone; null means not reached.
 */
export interface BoulderScore {
  topAttempts: number | null;
  zoneAttempts: number | null;
}

/**
 * One lead route of one racer: the highest hold controlled, `plus` when the racer made a
 * controlled move from it (usage), or a top. Holds may be half holds such as 26.5.
 */
export interface LeadScore {
  hold: number;
  plus: boolean;
  top: boolean;
  timeMs?: number | null;
}

/** One speed run: a time only counts when the racer neither fell nor false-started. */
export interface SpeedRun {
  timeMs: number | null;
  fall: boolean;
  falseStart: boolean;
}

/** A racer and a rank, the common shape exchanged between rounds. */
export interface RankedRacer {
  racerId: RacerId;
  rank: number;
}
