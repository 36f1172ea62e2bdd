import {
  DomainError,
  advancingMinimums,
  advancingQuota,
  assertStageOpen,
  rankingOf,
  roundTransition,
  selectAdvancing,
  stageOpenedBy,
  stageReopenedBy,
  stagesOf,
  type AdvancingRacer,
  type RoundAction,
  type RoundState,
  type Sex,
  type Stage,
} from '@climbing/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database.ts';
import { addresses, boulderScores, events, leadRoutes, organizations, racers, rounds, speedMatches, speedRoutes, type Race, type Round } from '../../db/schema/index.ts';
import { computeStageResults, raceFormatOf, type StageResults } from '../results/results-service.ts';
import { createProblemRows } from './round-view.ts';
import { audit, notifyResultsChanged, type ScoreAuthor } from './score-service.ts';
import { createSpeedBracket, removeSpeedBracket } from './speed-bracket-service.ts';
import { closeWhatTheRaceLeft } from './stage-closing.ts';

/** The action that takes a round from `from` to `to` (spec 4: start, close, reopen, restart). */
function actionFor(from: RoundState, to: RoundState): RoundAction | null {
  if (from === to) return null;
  if (to === 'READY') return 'RESTART';
  if (to === 'CLOSED') return 'CLOSE';
  return from === 'READY' ? 'START' : 'REOPEN';
}

async function nextStageHasResults(db: Executor, race: Race, stage: Stage): Promise<boolean> {
  const stages = stagesOf(raceFormatOf(race));
  const next = stages[stages.indexOf(stage) + 1];
  if (!next) return false;
  const [started] = await db
    .select({ id: rounds.id })
    .from(rounds)
    .where(and(eq(rounds.raceId, race.id), eq(rounds.stage, next), ne(rounds.state, 'READY')))
    .limit(1);
  return started !== undefined;
}

async function speedFinalsStarted(db: Executor, race: Race): Promise<boolean> {
  if (race.discipline !== 'SPEED') return false;
  const [started] = await db
    .select({ id: speedMatches.id })
    .from(speedMatches)
    .where(and(eq(speedMatches.raceId, race.id), ne(speedMatches.state, 'READY')))
    .limit(1);
  return started !== undefined;
}

/**
 * Restart erases everything entered in the round (spec 4). It changes every boulder (route, run):
 * a judge's write based on an older version is then a conflict, not a silent overwrite.
 */
async function eraseScores(db: Executor, roundId: number, version: number): Promise<void> {
  await db.update(boulderScores).set({ topAttempts: null, zoneAttempts: null, currentAttempt: 0, changedAtVersion: version }).where(eq(boulderScores.roundId, roundId));
  await db.update(leadRoutes).set({ hold: null, plus: false, top: false, timeMs: null, changedAtVersion: version }).where(eq(leadRoutes.roundId, roundId));
  await db.update(speedRoutes).set({ timeMs: null, fall: false, falseStart: false, changedAtVersion: version }).where(eq(speedRoutes.roundId, roundId));
}

/**
 * Moves rounds of one race to `state` in one transaction: every round is checked against the
 * round rules first (a refused one refuses the whole call), then changed and audited.
 */
export async function changeRoundStates(db: Database, race: Race, input: { roundIds: readonly number[]; state: RoundState; author: ScoreAuthor }): Promise<Round[]> {
  return db.transaction(async (tx) => {
    const found = await tx
      .select()
      .from(rounds)
      .where(and(eq(rounds.raceId, race.id), inArray(rounds.id, [...input.roundIds])))
      .orderBy(asc(rounds.id))
      .for('update');
    if (found.length !== new Set(input.roundIds).size) throw new DomainError('ENTITY_NOT_FOUND');

    const changed: Round[] = [];
    for (const round of found) {
      const action = actionFor(round.state, input.state);
      if (!action) {
        changed.push(round);
        continue;
      }
      assertStageOpen(race.state, round.stage);
      // Restarting (starting, closing) one racer's final round would erase or cut runs that decided
      // matches. Reopening a closed one only lets its matches be corrected (a race reopened for a
      // correction after an appeal keeps its rounds closed until the organiser reopens the match's two).
      const speedFinal = race.discipline === 'SPEED' && round.stage === 'FINAL';
      if (speedFinal && action !== 'REOPEN') throw new DomainError('SPEED_FINAL_ROUND_BY_MATCH');
      const reopen =
        action === 'REOPEN'
          ? {
              discipline: race.discipline,
              // The bracket being raced is what blocks reopening the stage before it, not its own rounds.
              speedFinalsStarted: speedFinal ? false : await speedFinalsStarted(tx, race),
              nextRoundHasResults: await nextStageHasResults(tx, race, round.stage),
            }
          : undefined;
      const next = roundTransition(round.state, action, reopen);
      if (action === 'RESTART') await eraseScores(tx, round.id, round.version + 1);
      const [updated] = await tx
        .update(rounds)
        .set({ state: next, version: round.version + 1, updatedAt: new Date() })
        .where(eq(rounds.id, round.id))
        .returning();
      if (!updated) throw new Error('round update returned no row');
      await audit(tx, {
        race,
        round,
        author: input.author,
        action: action === 'RESTART' ? 'ROUND_RESTARTED' : 'ROUND_STATE_CHANGED',
        before: { state: round.state },
        after: { state: next, action },
      });
      changed.push(updated);
    }
    await notifyResultsChanged(tx, race.id);
    return changed;
  });
}

/** Who goes from the stage before `stage` into it, per ranking, as `selectAdvancing` decides it. */
export interface StageAdvancing {
  previousStage: Stage;
  /** The places of the format (semifinal or final count): each ranking has them. */
  quota: number;
  /** The previous stage's results the selection read (every row, racers without a result too). */
  previous: StageResults;
  /** One entry per ranking of the previous results (women first), with the racers who advance by rank. */
  rankings: { ranking: Sex | null; advancing: AdvancingRacer<number>[] }[];
}

/**
 * The racers who advance into `stage` (semifinal or final) from the previous one: the quota of the
 * format, everyone tied at the cut-off, and the member and country minimums of the race settings,
 * all per ranking (each sex of a MIXED race that ranks the sexes apart has its own quota and
 * minimums). Racers without a result never advance. Starting the stage creates their rounds
 * (`createStageRounds`); the preview of the step shows the same list (stage-preview.ts).
 */
export async function stageAdvancing(db: Executor, race: Race, stage: Stage): Promise<StageAdvancing> {
  const format = raceFormatOf(race);
  const stages = stagesOf(format);
  const previousStage = stages[stages.indexOf(stage) - 1];
  if (!previousStage) throw new DomainError('INVALID_RACE_STATE_UPDATE');

  const previous = await computeStageResults(db, race, previousStage);
  const settings = race.discipline === 'LEAD' ? race.leadSettings : race.discipline === 'SPEED' ? null : race.boulderingSettings;
  const counts = {
    numberOfSemifinalRacers: settings && 'numberOfSemifinalRacers' in settings ? settings.numberOfSemifinalRacers : 0,
    numberOfFinalRacers: race.discipline === 'SPEED' ? (race.speedSettings?.numberOfFinalRacers ?? 0) : (settings?.numberOfFinalRacers ?? 0),
  };
  const quota = advancingQuota(format, counts, previousStage);
  const minimums = advancingMinimums(format, settings ?? {}, previousStage);

  const [organizer] = await db
    .select({ country: addresses.country })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .leftJoin(addresses, eq(addresses.id, organizations.addressId))
    .where(eq(events.id, race.eventId));
  const racerRows = await db.select({ id: racers.id, member: racers.member, country: racers.country }).from(racers).where(eq(racers.raceId, race.id));
  const orgCountry = organizer?.country ?? null;

  const profiles = racerRows.map((racer) => ({ racerId: racer.id, isMember: racer.member, isOrgCountry: orgCountry !== null && racer.country === orgCountry }));
  const rankings = [...new Set(previous.rows.map((row) => rankingOf(race, row.racer.sex)))];
  return {
    previousStage,
    quota,
    previous,
    rankings: rankings.map((ranking) => ({
      ranking,
      advancing: selectAdvancing({
        ranking: previous.rows.filter((row) => !row.empty && rankingOf(race, row.racer.sex) === ranking).map((row) => ({ racerId: row.racer.id, rank: row.rank })),
        quota,
        racers: profiles,
        minMembers: minimums.minMembers,
        minOrgCountry: minimums.minOrgCountry,
      }),
    })),
  };
}

/**
 * Creates the rounds of a new stage (semifinal or final) for the racers who advance from the
 * previous one (`stageAdvancing`). Starting order is the reverse of the previous ranking (the best
 * climbs last), women first. Returns the number of rounds created; a stage that already has
 * rounds is left alone.
 */
export async function createStageRounds(db: Executor, race: Race, stage: Stage): Promise<number> {
  const [existing] = await db.select({ id: rounds.id }).from(rounds).where(and(eq(rounds.raceId, race.id), eq(rounds.stage, stage))).limit(1);
  if (existing) return 0;
  const perRanking = (await stageAdvancing(db, race, stage)).rankings.map(({ advancing }) => advancing);
  const total = perRanking.reduce((sum, advancing) => sum + advancing.length, 0);
  if (total === 0) return 0;

  // One running count over the rankings (previous rows come women first), the best of each ranking last.
  let offset = 0;
  const values = perRanking.flatMap((advancing) => {
    const numbered = advancing.map((racer, index) => ({ raceId: race.id, racerId: racer.racerId, stage, startingNumber: offset + advancing.length - index }));
    offset += advancing.length;
    return numbered;
  });
  const created = await db.insert(rounds).values(values).returning({ id: rounds.id, stage: rounds.stage });
  await createProblemRows(db, race, created);
  return created.length;
}

/**
 * The rounds of the stages after `stage` that reopening it takes back (their racers may change
 * when the earlier results do). Refused (SPEED_FINALS_STARTED, ROUND_CANNOT_BE_REOPENED) once one
 * of them has started; the step's preview asks the same (stage-preview.ts).
 */
export async function laterStageRounds(db: Executor, race: Race, stage: Stage): Promise<{ later: Stage[]; roundIds: number[] }> {
  const stages = stagesOf(raceFormatOf(race));
  const later = stages.slice(stages.indexOf(stage) + 1);
  if (later.length === 0) return { later, roundIds: [] };
  const laterRounds = await db
    .select({ id: rounds.id, state: rounds.state })
    .from(rounds)
    .where(and(eq(rounds.raceId, race.id), inArray(rounds.stage, later)));
  if (await speedFinalsStarted(db, race)) throw new DomainError('SPEED_FINALS_STARTED');
  if (laterRounds.some((round) => round.state !== 'READY')) throw new DomainError('ROUND_CANNOT_BE_REOPENED');
  return { later, roundIds: laterRounds.map((round) => round.id) };
}

/** Reopening an earlier stage: the later stages' untouched rounds (and a speed bracket) are taken back. */
async function removeLaterStageRounds(db: Executor, race: Race, stage: Stage): Promise<void> {
  const { later, roundIds } = await laterStageRounds(db, race, stage);
  if (race.discipline === 'SPEED' && later.includes('FINAL')) await removeSpeedBracket(db, race);
  if (roundIds.length > 0) await db.delete(rounds).where(inArray(rounds.id, roundIds));
}

/**
 * The stage work of a race state change: moving into a later stage creates its rounds from the
 * advancing rules (for the FINAL of a speed race: the elimination bracket, speed-bracket-service.ts), moving back to an earlier one removes the untouched rounds after it. Live views
 * hear about it through the same notification as a score.
 */
export async function applyStageChange(db: Executor, race: Race, nextState: Race['state'], author?: ScoreAuthor): Promise<void> {
  await closeWhatTheRaceLeft(db, race, nextState, author);
  // A finished race is in its last stage: reopening it (REOPEN_RACE) makes no rounds.
  const format = raceFormatOf(race);
  // The stage whose rounds the step creates: the same rule the step's preview reads (stage-preview.ts).
  const opened = stageOpenedBy(race.state, nextState, format);
  const moved = { ...race, state: nextState };
  // Speed finals are an elimination bracket, not a quota of the previous ranking.
  if (opened === 'FINAL' && race.discipline === 'SPEED') await createSpeedBracket(db, moved);
  else if (opened !== null) await createStageRounds(db, moved, opened);
  // Going back to an earlier stage takes the untouched rounds after it away.
  const reopened = stageReopenedBy(race.state, nextState, format);
  if (reopened !== null) await removeLaterStageRounds(db, race, reopened);
  await notifyResultsChanged(db, race.id);
}

