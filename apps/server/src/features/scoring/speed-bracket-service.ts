import {
  DomainError,
  assertRoundEditable,
  assertStageOpen,
  raceStageOf,
  speedBracket,
  stagesOf,
  validTimeMs,
  type FieldErrors,
  type SpeedRun,
  type SpeedStage,
} from '@climbing/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database.ts';
import { races, rounds, speedMatches, speedRoutes, type Race, type Round, type SpeedMatch } from '../../db/schema/index.ts';
import { computeStageResults, raceFormatOf, type ResultRow } from '../results/results-service.ts';
import { bracketStages, matchViews, plannedBrackets, speedStageRouteIndex, type SpeedMatchView } from '../results/speed-bracket-store.ts';
import { closeWhatTheRaceLeft } from './stage-closing.ts';
import { audit, notifyResultsChanged, type ScoreAuthor } from './score-service.ts';

/*
 * Speed elimination finals: building the bracket when the FINAL stage starts and entering match
 * results. Storage and reading: results/speed-bracket-store.ts.
 */

const FIRST_STAGE_BY_SIZE: Record<16 | 8 | 4, SpeedStage> = { 16: 'EIGHTH_FINAL', 8: 'QUARTER_FINAL', 4: 'HALF_FINAL' };

/** The results of the stage before FINAL (qualification, or a speed semifinal). */
export async function previousStageRows(db: Executor, race: Race): Promise<ResultRow[]> {
  const stages = stagesOf(raceFormatOf(race));
  const previous = stages[stages.indexOf('FINAL') - 1];
  if (!previous) throw new DomainError('INVALID_RACE_STATE_UPDATE');
  return (await computeStageResults(db, race, previous)).rows;
}

/**
 * Starting the FINAL stage of a speed race: per ranking (one bracket per sex when a MIXED race
 * ranks the sexes apart), one FINAL round per bracket racer (starting number = seed) with its run
 * rows, and the matches of the first bracket stage in the standard seeding, of the size the
 * racers with a time and the race's numberOfFinalRacers allow. A ranking too small for a bracket
 * keeps its qualification ranking as its final one. Refused with SPEED_BRACKET_TOO_SMALL when no
 * ranking can have a bracket (finishOnQualification is the way out). A race that already has its
 * bracket is left alone. Returns the number of rounds created.
 */
export async function createSpeedBracket(db: Executor, race: Race): Promise<number> {
  const [existing] = await db.select({ id: rounds.id }).from(rounds).where(and(eq(rounds.raceId, race.id), eq(rounds.stage, 'FINAL'))).limit(1);
  if (existing) return 0;
  const planned = plannedBrackets(race, await previousStageRows(db, race));
  if (planned.every((bracket) => bracket.size === 0)) {
    throw new DomainError('SPEED_BRACKET_TOO_SMALL', {
      details: { racersWithTime: Math.max(0, ...planned.map((bracket) => bracket.entrants.length)), numberOfFinalRacers: race.speedSettings?.numberOfFinalRacers ?? null },
    });
  }
  let created = 0;
  for (const { gender, entrants, size } of planned) {
    if (size === 0) continue;
    const heats = speedBracket(entrants, size);
    const seeds = heats.flatMap((heat) => [heat.racerA, heat.racerB]).map(Number);
    const seedOf = new Map(entrants.map((entrant, index) => [Number(entrant.racerId), index + 1]));
    const inserted = await db
      .insert(rounds)
      .values(seeds.map((racerId) => ({ raceId: race.id, racerId, stage: 'FINAL' as const, startingNumber: seedOf.get(racerId) ?? null })))
      .returning();
    const roundOf = new Map(inserted.map((round) => [round.racerId, round]));
    const stages = bracketStages(FIRST_STAGE_BY_SIZE[size]);
    await db
      .insert(speedRoutes)
      .values(inserted.flatMap((round) => stages.map((stage) => ({ roundId: round.id, routeIndex: speedStageRouteIndex(stage), attemptIndex: 0 }))))
      .onConflictDoNothing();
    await db.insert(speedMatches).values(
      heats.map((heat) => {
        const a = Number(heat.racerA);
        const b = Number(heat.racerB);
        return {
          raceId: race.id,
          stage: heat.stage,
          stageIndex: heat.index,
          gender,
          racerAId: a,
          racerBId: b,
          racerARoundId: roundOf.get(a)?.id ?? null,
          racerBRoundId: roundOf.get(b)?.id ?? null,
        };
      }),
    );
    created += inserted.length;
  }
  return created;
}

/**
 * POST /api/race/{id}/finish-on-qualification: a speed race whose finals cannot have a bracket
 * (fewer than 4 racers with a valid time in every ranking, or fewer than 4 racers in the final in
 * its settings) is finished while its qualification runs; the qualification ranking is then the
 * race's final ranking (results, cups). Anything else is refused: another discipline or another
 * state (INVALID_RACE_STATE_UPDATE), or a race that could have a bracket (SPEED_BRACKET_POSSIBLE).
 */
export async function finishOnQualification(db: Database, raceId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [race] = await tx.select().from(races).where(eq(races.id, raceId)).for('update');
    if (!race) throw new DomainError('RACE_NOT_FOUND');
    const stages = stagesOf(raceFormatOf(race));
    const beforeFinal = stages[stages.indexOf('FINAL') - 1];
    const running = race.state.endsWith('_ONGOING') && raceStageOf(race.state) === beforeFinal;
    if (race.discipline !== 'SPEED' || beforeFinal === undefined || !running) {
      throw new DomainError('INVALID_RACE_STATE_UPDATE', { details: { state: race.state, discipline: race.discipline, to: 'FINISHED' } });
    }
    const planned = plannedBrackets(race, await previousStageRows(tx, race));
    if (planned.some((bracket) => bracket.size > 0)) throw new DomainError('SPEED_BRACKET_POSSIBLE', { details: { sizes: planned.map(({ gender, size }) => ({ gender, size })) } });
    await tx.update(races).set({ state: 'FINISHED' }).where(eq(races.id, race.id));
    await closeWhatTheRaceLeft(tx, race, 'FINISHED');
    await notifyResultsChanged(tx, race.id);
  });
}

/** Reopening the stage before the finals takes the bracket back (its rounds are removed next). */
export async function removeSpeedBracket(db: Executor, race: Race): Promise<void> {
  await db.delete(speedMatches).where(eq(speedMatches.raceId, race.id));
}

// ---------------------------------------------------------------------------------------------
// Writing

export interface SpeedRunInput {
  time: number | null;
  fall: boolean;
  falseStart: boolean;
}

/** The winner side of a match, or the catalogue code asking for a rerun (RULES.md 3). */
export function decideMatch(a: SpeedRunInput, b: SpeedRunInput): 'A' | 'B' {
  const run = (input: SpeedRunInput): SpeedRun => ({ timeMs: input.time, fall: input.fall, falseStart: input.falseStart });
  // A false start loses, whatever the other racer did (a fall beats a false start).
  if (a.falseStart !== b.falseStart) return a.falseStart ? 'B' : 'A';
  if (a.falseStart && b.falseStart) throw new DomainError('SPEED_MATCH_NO_VALID_RUN');
  const timeA = validTimeMs(run(a));
  const timeB = validTimeMs(run(b));
  if (timeA === null && timeB === null) throw new DomainError('SPEED_MATCH_NO_VALID_RUN');
  if (timeA === null) return 'B';
  if (timeB === null) return 'A';
  if (timeA === timeB) throw new DomainError('SPEED_MATCH_TIE', { details: { time: timeA } });
  return timeA < timeB ? 'A' : 'B';
}

/** A run needs a time unless the racer fell or false-started, or the opponent false-started. */
function validateRuns(a: SpeedRunInput, b: SpeedRunInput): void {
  const fields: FieldErrors = {};
  const check = (side: 'racerA' | 'racerB', own: SpeedRunInput, other: SpeedRunInput) => {
    if (own.time === null && !own.fall && !own.falseStart && !other.falseStart) fields[`${side}.time`] = 'VALIDATION_FAILED';
  };
  check('racerA', a, b);
  check('racerB', b, a);
  if (Object.keys(fields).length > 0) throw new DomainError('VALIDATION_FAILED', { fields });
}

/** The match (stage, index, slot) the winner (and, from a half final, the loser) goes to. */
function feeds(match: SpeedMatch): { winner: { stage: SpeedStage; index: number } | null; loser: { stage: SpeedStage; index: number } | null; slot: 'A' | 'B' } {
  const slot = match.stageIndex % 2 === 0 ? 'A' : 'B';
  if (match.stage === 'EIGHTH_FINAL') return { winner: { stage: 'QUARTER_FINAL', index: Math.floor(match.stageIndex / 2) }, loser: null, slot };
  if (match.stage === 'QUARTER_FINAL') return { winner: { stage: 'HALF_FINAL', index: Math.floor(match.stageIndex / 2) }, loser: null, slot };
  if (match.stage === 'HALF_FINAL') return { winner: { stage: 'BIG_FINAL', index: 0 }, loser: { stage: 'SMALL_FINAL', index: 0 }, slot };
  return { winner: null, loser: null, slot };
}

const sideOf = (match: SpeedMatch, side: 'A' | 'B') =>
  side === 'A' ? { racerId: match.racerAId, roundId: match.racerARoundId } : { racerId: match.racerBId, roundId: match.racerBRoundId };

/**
 * Puts a racer into slot `slot` of the match at (stage, index): updates it when it exists (it is
 * READY, checked before), else creates it once the other slot's feeder is decided too.
 */
async function advance(db: Executor, race: Race, match: SpeedMatch, target: { stage: SpeedStage; index: number }, slot: 'A' | 'B', racer: { racerId: number | null; roundId: number | null }, role: 'winner' | 'loser'): Promise<void> {
  const [next] = await db
    .select()
    .from(speedMatches)
    .where(and(eq(speedMatches.raceId, race.id), eq(speedMatches.gender, match.gender), eq(speedMatches.stage, target.stage), eq(speedMatches.stageIndex, target.index)))
    .for('update');
  if (next) {
    await db
      .update(speedMatches)
      .set(slot === 'A' ? { racerAId: racer.racerId, racerARoundId: racer.roundId } : { racerBId: racer.racerId, racerBRoundId: racer.roundId })
      .where(eq(speedMatches.id, next.id));
    return;
  }
  const [sibling] = await db
    .select()
    .from(speedMatches)
    .where(and(eq(speedMatches.raceId, race.id), eq(speedMatches.gender, match.gender), eq(speedMatches.stage, match.stage), eq(speedMatches.stageIndex, match.stageIndex ^ 1)));
  if (!sibling || sibling.state !== 'CLOSED' || sibling.winnerRacerId === null) return;
  const siblingWinnerSide: 'A' | 'B' = sibling.winnerRacerId === sibling.racerAId ? 'A' : 'B';
  const other = sideOf(sibling, role === 'winner' ? siblingWinnerSide : siblingWinnerSide === 'A' ? 'B' : 'A');
  const [a, b] = slot === 'A' ? [racer, other] : [other, racer];
  await db.insert(speedMatches).values({
    raceId: race.id,
    stage: target.stage,
    stageIndex: target.index,
    gender: match.gender,
    racerAId: a.racerId,
    racerARoundId: a.roundId,
    racerBId: b.racerId,
    racerBRoundId: b.roundId,
  });
}

async function lockRoundsOf(db: Executor, match: SpeedMatch): Promise<{ a: Round; b: Round }> {
  const ids = [match.racerARoundId, match.racerBRoundId].filter((id): id is number => id !== null);
  const locked = ids.length === 0 ? [] : await db.select().from(rounds).where(inArray(rounds.id, ids)).orderBy(asc(rounds.id)).for('update');
  const a = locked.find((round) => round.id === match.racerARoundId);
  const b = locked.find((round) => round.id === match.racerBRoundId);
  // Matches are created only with both racers known; anything else is a broken bracket.
  if (!a || !b) throw new DomainError('CONFLICT');
  return { a, b };
}

/** The race of a match; ENTITY_NOT_FOUND for an unknown id. */
export async function findMatchRaceId(db: Executor, matchId: number): Promise<number> {
  const [match] = await db.select({ raceId: speedMatches.raceId }).from(speedMatches).where(eq(speedMatches.id, matchId));
  if (!match) throw new DomainError('ENTITY_NOT_FOUND');
  return match.raceId;
}

/**
 * Enters the result of one match in one transaction: both runs, the winner, CLOSED, the winner
 * (and from a half final the loser) into the next match, both racers' rounds bumped, an audit row
 * per racer and the notification. A closed match may be corrected: a correction that keeps the
 * winner at any time, one that changes it while the matches it feeds are READY (the new winner
 * replaces the old one there); else SPEED_NEXT_MATCH_STARTED naming the later match. The two
 * racers' rounds must be open (a race reopened for a correction: the organiser reopens them).
 * Run it inside a transaction (the route wraps it with its idempotency key).
 */
export async function writeSpeedMatch(
  tx: Executor,
  race: Race,
  input: { matchId: number; racerA: SpeedRunInput; racerB: SpeedRunInput; expectedVersion?: number | undefined; author: ScoreAuthor },
): Promise<SpeedMatchView> {
  if (race.discipline !== 'SPEED') throw new DomainError('VALIDATION_FAILED', { fields: { matchId: 'VALIDATION_FAILED' } });
  const [match] = await tx
    .select()
    .from(speedMatches)
    .where(and(eq(speedMatches.id, input.matchId), eq(speedMatches.raceId, race.id)))
    .for('update');
  if (!match) throw new DomainError('ENTITY_NOT_FOUND');
  const locked = await lockRoundsOf(tx, match);
  const [before] = await matchViews(tx, [match]);
  if (!before) throw new Error('match view missing');
  if (input.expectedVersion !== undefined && input.expectedVersion !== before.version) throw new DomainError('VERSION_CONFLICT', { details: { current: before } });
  assertStageOpen(race.state, 'FINAL');
  // A race reopened for a correction keeps its rounds closed: the answer names the two racers whose
  // rounds the organiser reopens (the same code as any closed round, with the match's details).
  const closedRacers = [locked.a, locked.b].filter((round) => round.state === 'CLOSED');
  if (closedRacers.length > 0) {
    const racer = (side: SpeedMatchView['racerA']) => (side ? { racerNumber: side.racerNumber, fullName: side.fullName } : null);
    throw new DomainError('ROUND_CLOSED', { details: { matchId: match.id, racerA: racer(before.racerA), racerB: racer(before.racerB) } });
  }
  assertRoundEditable(locked.a.state);
  assertRoundEditable(locked.b.state);
  validateRuns(input.racerA, input.racerB);
  const winnerSide = decideMatch(input.racerA, input.racerB);

  const targets = feeds(match);
  // A correction that keeps the winner (a time, a fall of the loser) changes nobody's place in the
  // later matches: it is taken even when they are raced. A changed winner would have raced them.
  const winnerChanged = match.state !== 'CLOSED' || match.winnerRacerId !== sideOf(match, winnerSide).racerId;
  if (match.state === 'CLOSED' && winnerChanged) {
    const fed = [targets.winner, targets.loser].filter((target): target is { stage: SpeedStage; index: number } => target !== null);
    for (const target of fed) {
      const [next] = await tx
        .select()
        .from(speedMatches)
        .where(and(eq(speedMatches.raceId, race.id), eq(speedMatches.gender, match.gender), eq(speedMatches.stage, target.stage), eq(speedMatches.stageIndex, target.index)));
      if (next && next.state !== 'READY') {
        const [view] = await matchViews(tx, [next]);
        const racer = (side: SpeedMatchView['racerA']) => (side ? { racerNumber: side.racerNumber, fullName: side.fullName } : null);
        throw new DomainError('SPEED_NEXT_MATCH_STARTED', {
          details: { matchId: next.id, stage: next.stage, stageIndex: next.stageIndex, racerA: racer(view?.racerA ?? null), racerB: racer(view?.racerB ?? null) },
        });
      }
    }
  }

  const routeIndex = speedStageRouteIndex(match.stage);
  for (const [round, run] of [
    [locked.a, input.racerA],
    [locked.b, input.racerB],
  ] as const) {
    await tx
      .insert(speedRoutes)
      .values({ roundId: round.id, routeIndex, attemptIndex: 0, timeMs: run.time, fall: run.fall, falseStart: run.falseStart, changedAtVersion: round.version + 1 })
      .onConflictDoUpdate({
        target: [speedRoutes.roundId, speedRoutes.routeIndex, speedRoutes.attemptIndex],
        set: { timeMs: run.time, fall: run.fall, falseStart: run.falseStart, changedAtVersion: round.version + 1 },
      });
    await tx
      .update(rounds)
      .set({ version: round.version + 1, state: round.state === 'READY' ? 'STARTED' : round.state, updatedAt: new Date() })
      .where(eq(rounds.id, round.id));
  }
  const winner = sideOf(match, winnerSide);
  const loser = sideOf(match, winnerSide === 'A' ? 'B' : 'A');
  const [closed] = await tx.update(speedMatches).set({ state: 'CLOSED', winnerRacerId: winner.racerId }).where(eq(speedMatches.id, match.id)).returning();
  if (!closed) throw new Error('match update returned no row');
  if (winnerChanged && targets.winner) await advance(tx, race, match, targets.winner, targets.slot, winner, 'winner');
  if (winnerChanged && targets.loser) await advance(tx, race, match, targets.loser, targets.slot, loser, 'loser');

  const [after] = await matchViews(tx, [closed]);
  if (!after) throw new Error('match view missing');
  for (const round of [locked.a, locked.b]) {
    await audit(tx, { race, round, author: input.author, action: 'MATCH_UPDATED', before, after });
  }
  await notifyResultsChanged(tx, race.id);
  return after;
}
