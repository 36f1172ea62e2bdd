import { inArray, sql, type SQL } from 'drizzle-orm';
import { scoreAuditLog, type ScoreAuditAction } from '../../db/schema/index.ts';

/** The audit actions that are score entries (not round state changes). */
const SCORE_ENTRY_ACTIONS: readonly ScoreAuditAction[] = ['BOULDERS_UPDATED', 'LEAD_ROUTE_UPDATED', 'SPEED_ROUTE_UPDATED', 'MATCH_UPDATED'];

/**
 * When the server received a race's newest score entry (null before the first one), as a subquery:
 * the results read it beside the race. The newest audit row of an entry, found from the newest
 * end of the race's index.
 */
export const lastScoreAtSql = (raceId: SQL): SQL<Date | null> =>
  sql<Date | null>`(select ${scoreAuditLog.at} from ${scoreAuditLog} where ${scoreAuditLog.raceId} = ${raceId} and ${inArray(scoreAuditLog.action, [...SCORE_ENTRY_ACTIONS])} order by ${scoreAuditLog.at} desc limit 1)`.mapWith(
    scoreAuditLog.at,
  );
