import { mergeGroupRanks, rankBoulderRound, selectAdvancing, type BoulderScore, type ScoringType } from '@climbing/domain';
import type { DemoRandom } from './demo-random.ts';

/** One boulder as stored: attempts to the top and zone (null = not reached) and attempts made. */
export interface DemoBoulderAttempts extends BoulderScore {
  currentAttempt: number;
}

/** Qualification boulders from the easy warm-up to the hard one; final boulders are harder still. */
export const QUALIFICATION_DIFFICULTY = [0.35, 0.5, 0.6, 0.7, 0.85] as const;
export const FINAL_DIFFICULTY = [0.7, 0.8, 0.9, 1.0] as const;

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

/**
 * Simulates one racer on one boulder, attempt by attempt: the zone first, then the top (a flash
 * may take both on the same attempt). Counting attempts this way keeps zone <= top by
 * construction. A racer who does not top stops after 3-8 tries, as in a 4-5 minute rotation.
 */
export function climbBoulder(random: DemoRandom, ability: number, difficulty: number): DemoBoulderAttempts {
  const margin = ability - difficulty;
  const zoneChance = clamp(0.3 + 1.1 * margin, 0.04, 0.9);
  const topChance = clamp(0.18 + 1.0 * margin, 0.02, 0.8);
  const tries = random.int(3, 8);
  let zoneAttempts: number | null = null;
  for (let attempt = 1; attempt <= tries; attempt += 1) {
    if (zoneAttempts === null) {
      if (!random.chance(zoneChance)) continue;
      zoneAttempts = attempt;
      // A clean go past the zone often continues to the top on the same attempt.
      if (random.chance(topChance * 0.5)) return { topAttempts: attempt, zoneAttempts, currentAttempt: attempt };
    } else if (random.chance(topChance)) {
      return { topAttempts: attempt, zoneAttempts, currentAttempt: attempt };
    }
  }
  return { topAttempts: null, zoneAttempts, currentAttempt: tries };
}

export const climbRound = (random: DemoRandom, ability: number, difficulties: readonly number[]): DemoBoulderAttempts[] =>
  difficulties.map((difficulty) => climbBoulder(random, ability, difficulty));

export interface QualificationEntry {
  /** Any key unique within the race (the demo uses the racer number, the test the racer id). */
  racerId: string;
  groupKey: string;
  boulders: readonly BoulderScore[];
  isMember: boolean;
  isOrgCountry: boolean;
}

export interface AdvancingRule {
  scoringType: ScoringType;
  quota: number;
  minMembers: number;
  minOrgCountry: number;
}

/**
 * The qualification ranking of a race climbed in parallel groups, and who advances: each group is
 * ranked on its own, the groups are merged (spec: labels A, B, ...; RULES.md 1c), then the
 * domain's selectAdvancing applies the quota (ties at the cut-off all go) and the guarantees.
 * The result is ordered by qualification rank.
 */
export function advancingFromQualification(entries: readonly QualificationEntry[], rule: AdvancingRule): { racerId: string; rank: number }[] {
  const groups = new Map<string, QualificationEntry[]>();
  for (const entry of entries) groups.set(entry.groupKey, [...(groups.get(entry.groupKey) ?? []), entry]);
  const groupRankings = [...groups.values()].map((members) =>
    rankBoulderRound({ scoringType: rule.scoringType, racers: members.map((member) => ({ racerId: member.racerId, boulders: member.boulders })) }).map(
      (row) => ({ racerId: row.racerId, rank: row.rank }),
    ),
  );
  const merged = mergeGroupRanks(groupRankings);
  return selectAdvancing({
    ranking: merged,
    quota: rule.quota,
    racers: entries.map((entry) => ({ racerId: entry.racerId, isMember: entry.isMember, isOrgCountry: entry.isOrgCountry })),
    minMembers: rule.minMembers,
    minOrgCountry: rule.minOrgCountry,
  }).map((racer) => ({ racerId: racer.racerId, rank: racer.rank }));
}
