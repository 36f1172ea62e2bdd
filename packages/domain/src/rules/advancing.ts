import { stagesOf, type RaceFormat, type Stage } from '../model/enums.ts';
import type { AdvancingSettings } from './race-settings.ts';

/** Racers on the podium when a stage has no following stage (spec section 9). */
export const DEFAULT_PODIUM_SIZE = 3;

export interface AdvancingCounts {
  numberOfSemifinalRacers: number;
  numberOfFinalRacers: number;
}

export const hasStage = (format: RaceFormat, stage: Stage): boolean => stagesOf(format).includes(stage);

/** The stage after `stage` in this format, or null after the last one (or for a stage the format lacks). */
export const nextStage = (format: RaceFormat, stage: Stage): Stage | null => {
  const stages = stagesOf(format);
  const index = stages.indexOf(stage);
  if (index < 0) return null;
  return stages[index + 1] ?? null;
};

/** How many racers leave `fromStage` for the next stage; the podium size after the last stage. */
export const advancingQuota = (format: RaceFormat, settings: AdvancingCounts, fromStage: Stage): number => {
  const next = nextStage(format, fromStage);
  if (next === 'SEMIFINAL') return settings.numberOfSemifinalRacers;
  if (next === 'FINAL') return settings.numberOfFinalRacers;
  return DEFAULT_PODIUM_SIZE;
};

/**
 * The guaranteed places for the stage after `fromStage`: the *Semifinals fields when going into the
 * semifinal, the *Finals fields when going into the final, none otherwise (speed has no such fields).
 */
export const advancingMinimums = (
  format: RaceFormat,
  settings: Partial<Omit<AdvancingSettings, keyof AdvancingCounts>>,
  fromStage: Stage,
): { minMembers: number; minOrgCountry: number } => {
  const next = nextStage(format, fromStage);
  if (next === 'SEMIFINAL') return { minMembers: settings.minAdvancingMembersSemifinals ?? 0, minOrgCountry: settings.minAdvancingOrgCountrySemifinals ?? 0 };
  if (next === 'FINAL') return { minMembers: settings.minAdvancingMembersFinals ?? 0, minOrgCountry: settings.minAdvancingOrgCountryFinals ?? 0 };
  return { minMembers: 0, minOrgCountry: 0 };
};

export type AdvancingReason = 'QUOTA' | 'MIN_MEMBERS' | 'MIN_ORG_COUNTRY';

export interface AdvancingRacer<Id> {
  racerId: Id;
  rank: number;
  reason: AdvancingReason;
}

export interface SelectAdvancingInput<Id> {
  ranking: readonly { racerId: Id; rank: number }[];
  quota: number;
  racers: readonly { racerId: Id; isMember: boolean; isOrgCountry: boolean }[];
  /** minAdvancingMembers*: members of the organising organisation guaranteed a place. */
  minMembers?: number;
  /** minAdvancingOrgCountry*: racers of the organisation's country guaranteed a place. */
  minOrgCountry?: number;
}

/**
 * Who goes to the next stage. Everyone ranked within the quota advances, so every racer tied at
 * the cut-off goes (IFSC practice: a 2022 lead final had 9 finalists for a quota of 8).
 * Then the guaranteed places: while fewer than minMembers members are in, the best-ranked missing
 * members are added beyond the quota, and the same afterwards for the organisation's country.
 * A tie at that boundary is not broken either: every missing racer sharing the rank of the last
 * one needed goes too, so the guarantee can admit more than N (never fewer, never an arbitrary pick).
 * Members are added first; a member who is also from the country counts for both guarantees.
 * The result is ordered by rank, then by the order of `ranking`.
 */
export const selectAdvancing = <Id>(input: SelectAdvancingInput<Id>): AdvancingRacer<Id>[] => {
  const profile = new Map(input.racers.map((racer) => [racer.racerId, racer]));
  const ordered = input.ranking
    .map((entry, position) => ({ ...entry, position }))
    .filter((entry) => Number.isFinite(entry.rank))
    .sort((a, b) => a.rank - b.rank || a.position - b.position);

  const chosen = new Map<Id, AdvancingRacer<Id>>();
  for (const entry of ordered) {
    if (entry.rank <= input.quota) chosen.set(entry.racerId, { racerId: entry.racerId, rank: entry.rank, reason: 'QUOTA' });
  }

  const guarantee = (minimum: number | undefined, matches: (id: Id) => boolean, reason: AdvancingReason): void => {
    if (!minimum || minimum <= 0) return;
    let inCount = ordered.filter((entry) => chosen.has(entry.racerId) && matches(entry.racerId)).length;
    let boundaryRank: number | null = null;
    for (const entry of ordered) {
      if (chosen.has(entry.racerId) || !matches(entry.racerId)) continue;
      if (inCount >= minimum && entry.rank !== boundaryRank) break;
      chosen.set(entry.racerId, { racerId: entry.racerId, rank: entry.rank, reason });
      inCount += 1;
      boundaryRank = entry.rank;
    }
  };
  guarantee(input.minMembers, (id) => profile.get(id)?.isMember === true, 'MIN_MEMBERS');
  guarantee(input.minOrgCountry, (id) => profile.get(id)?.isOrgCountry === true, 'MIN_ORG_COUNTRY');

  return ordered.flatMap((entry) => {
    const racer = chosen.get(entry.racerId);
    return racer ? [racer] : [];
  });
};

export interface CutoffTie<Id> {
  /** The shared rank at the cut-off. */
  rank: number;
  /** The places of the quota left for the racers sharing that rank. */
  places: number;
  /** Every racer sharing it: all of them advance. */
  racerIds: Id[];
}

/**
 * The tie at the quota's cut-off that sends more racers than the quota (8 places, two racers
 * tied 8th: 9 advance), read from `selectAdvancing`'s answer; null when the quota's racers fit
 * it. Places given by the member or country guarantees are not part of it.
 */
export const cutoffTie = <Id>(advancing: readonly AdvancingRacer<Id>[], quota: number): CutoffTie<Id> | null => {
  const byQuota = advancing.filter((racer) => racer.reason === 'QUOTA');
  if (byQuota.length <= quota) return null;
  const rank = Math.max(...byQuota.map((racer) => racer.rank));
  const tied = byQuota.filter((racer) => racer.rank === rank);
  return { rank, places: quota - (byQuota.length - tied.length), racerIds: tied.map((racer) => racer.racerId) };
};
