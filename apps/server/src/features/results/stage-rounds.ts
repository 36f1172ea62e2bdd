import type { Sex, Stage } from '@climbing/domain';
import { sql } from 'drizzle-orm';
import { jsonColumn, type Executor } from '../../db/database.ts';
import { ageCategories, qualificationGroups, racers, rounds } from '../../db/schema/index.ts';
import type { LoadedRound } from './result-rows.ts';

/** One round as the query below builds it: round, group, racer (id, number, name, birth year, sex, country, club), group name, age category. */
type RoundTuple = [number, number | null, number, number, string, number | null, Sex, string | null, string | null, string | null, number | null, string | null];

/**
 * The rounds of one stage with their racers (as snapshotted at qualification), groups and age
 * categories, in starting order. One JSON array of tuples: five thousand rounds cost less than as
 * many row objects built by the driver and Drizzle (docs/performance.md, "Request paths").
 */
export async function loadStageRounds(db: Executor, raceId: number, stage: Stage): Promise<LoadedRound[]> {
  const result = await db.execute(sql`
    select coalesce(json_agg(json_build_array(
      ${rounds.id}, ${rounds.qualificationGroupId}, ${racers.id}, ${racers.racerNumber}, ${racers.fullName}, ${racers.birthYear},
      ${racers.sex}, ${racers.country}, ${racers.club}, ${qualificationGroups.name}, ${ageCategories.id}, ${ageCategories.name}
    ) order by ${rounds.startingNumber}, ${racers.racerNumber}), '[]'::json) as rounds
    from ${rounds}
    inner join ${racers} on ${racers.id} = ${rounds.racerId}
    left join ${qualificationGroups} on ${qualificationGroups.id} = ${racers.qualificationGroupId}
    left join ${ageCategories} on ${ageCategories.id} = ${racers.ageCategoryId}
    where ${rounds.raceId} = ${raceId} and ${rounds.stage} = ${stage}`);
  return jsonColumn<RoundTuple[]>(result, 'rounds').map(([roundId, groupId, racerId, racerNumber, fullName, birthYear, sex, country, club, groupName, ageCategoryId, ageCategoryName]) => ({
    roundId,
    groupId,
    ageCategory: ageCategoryId === null || ageCategoryName === null ? null : { id: ageCategoryId, name: ageCategoryName },
    racer: { id: racerId, racerNumber, fullName, birthYear, sex, country, club, qualificationGroup: groupName ?? null },
  }));
}
