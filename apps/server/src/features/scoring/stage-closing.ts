import { stagesClosedBetween } from '@climbing/domain';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { qualificationGroups, rounds, scoreAuditLog, speedMatches, type Race } from '../../db/schema/index.ts';
import { raceFormatOf } from '../results/results-service.ts';
import type { ScoreAuthor } from './score-service.ts';

const NO_AUTHOR: ScoreAuthor = { userId: null, judgeAccountId: null };

/**
 * The states of groups, rounds and speed matches follow the race (issue 10): a stage the race
 * leaves behind is closed with everything in it (its rounds; for the qualification its groups too),
 * and a finished race closes every round and match. Each closed round gets a new version (open
 * scorecards learn it on their next save) and an audit row naming who moved the race. Reading
 * applies the same rule (`effectiveRoundState`), so races finished before this show closed too.
 */
export async function closeWhatTheRaceLeft(db: Executor, race: Race, nextState: Race['state'], author: ScoreAuthor = NO_AUTHOR): Promise<void> {
  // The same rule the step's preview names the closing stage by (stage-preview.ts).
  const closing = stagesClosedBetween(race.state, nextState, raceFormatOf(race));
  if (closing.length === 0) return;
  if (closing.includes('QUALIFICATION')) {
    await db.update(qualificationGroups).set({ state: 'QUALIFICATION_CLOSED' }).where(and(eq(qualificationGroups.raceId, race.id), ne(qualificationGroups.state, 'QUALIFICATION_CLOSED')));
  }
  const open = await db
    .select({ id: rounds.id, racerId: rounds.racerId, state: rounds.state })
    .from(rounds)
    .where(and(eq(rounds.raceId, race.id), inArray(rounds.stage, closing), ne(rounds.state, 'CLOSED')))
    .for('update');
  if (open.length > 0) {
    await db
      .update(rounds)
      .set({ state: 'CLOSED', version: sql`${rounds.version} + 1`, updatedAt: new Date() })
      .where(inArray(rounds.id, open.map((round) => round.id)));
    await db.insert(scoreAuditLog).values(
      open.map((round) => ({
        raceId: race.id,
        racerId: round.racerId,
        roundId: round.id,
        userId: author.userId,
        judgeAccountId: author.judgeAccountId,
        action: 'ROUND_STATE_CHANGED' as const,
        before: { state: round.state },
        after: { state: 'CLOSED', raceState: nextState },
      })),
    );
  }
  // A match someone raced in is closed; an unplayed one (a bye, a pairing never reached) stays as it is.
  if (nextState === 'FINISHED') await db.update(speedMatches).set({ state: 'CLOSED' }).where(and(eq(speedMatches.raceId, race.id), eq(speedMatches.state, 'STARTED')));
}
