import type { Stage } from '@climbing/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { ageCategories, qualificationGroups, racers, rounds } from '../../db/schema/index.ts';
import type { LoadedRound } from './result-rows.ts';

/** The rounds of one stage with their racers (as snapshotted at qualification), groups and age categories. */
export async function loadStageRounds(db: Executor, raceId: number, stage: Stage): Promise<LoadedRound[]> {
  const rows = await db
    .select({
      roundId: rounds.id,
      groupId: rounds.qualificationGroupId,
      racerId: racers.id,
      racerNumber: racers.racerNumber,
      fullName: racers.fullName,
      birthYear: racers.birthYear,
      sex: racers.sex,
      country: racers.country,
      club: racers.club,
      groupName: qualificationGroups.name,
      ageCategoryId: ageCategories.id,
      ageCategoryName: ageCategories.name,
    })
    .from(rounds)
    .innerJoin(racers, eq(racers.id, rounds.racerId))
    .leftJoin(qualificationGroups, eq(qualificationGroups.id, racers.qualificationGroupId))
    .leftJoin(ageCategories, eq(ageCategories.id, racers.ageCategoryId))
    .where(and(eq(rounds.raceId, raceId), eq(rounds.stage, stage)))
    .orderBy(asc(rounds.startingNumber), asc(racers.racerNumber));
  return rows.map((row) => ({
    roundId: row.roundId,
    groupId: row.groupId,
    ageCategory: row.ageCategoryId === null || row.ageCategoryName === null ? null : { id: row.ageCategoryId, name: row.ageCategoryName },
    racer: {
      id: row.racerId,
      racerNumber: row.racerNumber,
      fullName: row.fullName,
      birthYear: row.birthYear,
      sex: row.sex,
      country: row.country,
      club: row.club,
      qualificationGroup: row.groupName ?? null,
    },
  }));
}
