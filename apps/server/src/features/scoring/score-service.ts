import {
  DomainError,
  assertRoundEditable,
  assertStageOpen,
  validateBoulderScore,
  type FieldErrors,
} from '@climbing/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database.ts';
import { boulderScores, leadRoutes, rounds, speedRoutes, scoreAuditLog, type Race, type Round, type ScoreAuditAction } from '../../db/schema/index.ts';
import { problemCount } from '../results/results-service.ts';
import { loadRoundViews, type RoundView } from './round-view.ts';

/** NOTIFY channel; the payload is the race id. Every server instance LISTENs (features/live). */
export const RESULTS_CHANNEL = 'race_results';

/** Who wrote a score: a user account or an event's judge account (kept in the audit trail). */
export interface ScoreAuthor {
  userId: number | null;
  judgeAccountId: number | null;
}

/** Tells every listening server instance that this race's results changed; delivered on commit. */
export async function notifyResultsChanged(db: Executor, raceId: number): Promise<void> {
  await db.execute(sql`select pg_notify(${RESULTS_CHANNEL}, ${String(raceId)})`);
}

export async function audit(db: Executor, entry: { race: Race; round: Round; author: ScoreAuthor; action: ScoreAuditAction; before: unknown; after: unknown }): Promise<void> {
  await db.insert(scoreAuditLog).values({
    raceId: entry.race.id,
    racerId: entry.round.racerId,
    roundId: entry.round.id,
    userId: entry.author.userId,
    judgeAccountId: entry.author.judgeAccountId,
    action: entry.action,
    before: entry.before,
    after: entry.after,
  });
}

/** The round of this racer, locked for the rest of the transaction; ENTITY_NOT_FOUND otherwise. */
export async function lockRound(db: Executor, raceId: number, racerId: number, roundId: number): Promise<Round> {
  const [round] = await db
    .select()
    .from(rounds)
    .where(and(eq(rounds.id, roundId), eq(rounds.racerId, racerId), eq(rounds.raceId, raceId)))
    .for('update');
  if (!round) throw new DomainError('ENTITY_NOT_FOUND');
  return round;
}

export async function roundView(db: Executor, race: Race, round: Round): Promise<RoundView> {
  const [view] = await loadRoundViews(db, race, [round]);
  if (!view) throw new Error('round view missing');
  return view;
}


/**
 * A stale write is refused with the round as it is now, so the judge's screen can show it
 * instead of silently overwriting an attempt somebody else entered.
 */
async function assertFresh(db: Executor, race: Race, round: Round, expectedVersion: number | undefined): Promise<void> {
  if (expectedVersion === undefined || expectedVersion === round.version) return;
  throw new DomainError('VERSION_CONFLICT', { details: { current: await roundView(db, race, round) } });
}

function assertWritable(race: Race, round: Round): void {
  assertStageOpen(race.state, round.stage);
  assertRoundEditable(round.state);
}

/** Bumps the version; entering a score into a READY round starts it. */
async function touchRound(db: Executor, round: Round): Promise<Round> {
  const [updated] = await db
    .update(rounds)
    .set({ version: round.version + 1, state: round.state === 'READY' ? 'STARTED' : round.state, updatedAt: new Date() })
    .where(eq(rounds.id, round.id))
    .returning();
  if (!updated) throw new Error('round update returned no row');
  return updated;
}

export interface BoulderInput {
  id?: number | null | undefined;
  boulderIndex?: number | null | undefined;
  topAttempts: number | null;
  zoneAttempts: number | null;
  currentAttempt?: number | null | undefined;
}

/**
 * Writes the boulders of one round (all or some of them). A boulder is addressed by its `id`, else
 * by `boulderIndex`, else by its position in the array. One transaction: the scores, the round's
 * version and state, the audit row and the notification commit together or not at all.
 */
export async function writeBoulders(
  db: Database,
  race: Race,
  input: { racerId: number; roundId: number; boulders: readonly BoulderInput[]; expectedVersion?: number | undefined; author: ScoreAuthor },
): Promise<RoundView> {
  if (race.discipline !== 'BOULDERING') throw new DomainError('VALIDATION_FAILED', { fields: { boulders: 'VALIDATION_FAILED' } });
  return db.transaction(async (tx) => {
    const round = await lockRound(tx, race.id, input.racerId, input.roundId);
    await assertFresh(tx, race, round, input.expectedVersion);
    assertWritable(race, round);
    const before = await roundView(tx, race, round);
    const count = problemCount(race, round.stage);

    const fields: FieldErrors = {};
    const writes = new Map<number, { topAttempts: number | null; zoneAttempts: number | null; currentAttempt: number }>();
    input.boulders.forEach((boulder, position) => {
      const byId = boulder.id ? before.boulders.find((known) => known.id === boulder.id) : undefined;
      if (boulder.id && !byId) {
        fields[`boulders.${position}.id`] = 'ENTITY_NOT_FOUND';
        return;
      }
      const index = byId?.boulderIndex ?? boulder.boulderIndex ?? position;
      if (index < 0 || index >= count) {
        fields[`boulders.${position}.boulderIndex`] = 'VALIDATION_FAILED';
        return;
      }
      const score = { topAttempts: boulder.topAttempts, zoneAttempts: boulder.zoneAttempts };
      try {
        validateBoulderScore(score, `boulders.${position}.`);
      } catch (error) {
        if (error instanceof DomainError && error.fields) Object.assign(fields, error.fields);
        else throw error;
        return;
      }
      const currentAttempt = Math.max(boulder.currentAttempt ?? 0, score.topAttempts ?? 0, score.zoneAttempts ?? 0);
      writes.set(index, { ...score, currentAttempt });
    });
    if (Object.keys(fields).length > 0) {
      const zoneAfterTop = Object.values(fields).includes('ZONE_ATTEMPTS_EXCEED_TOP_ATTEMPTS');
      throw new DomainError(zoneAfterTop ? 'ZONE_ATTEMPTS_EXCEED_TOP_ATTEMPTS' : 'VALIDATION_FAILED', { fields });
    }

    const written =
      writes.size === 0
        ? []
        : await tx
            .insert(boulderScores)
            .values([...writes].map(([boulderIndex, score]) => ({ roundId: round.id, boulderIndex, ...score })))
            .onConflictDoUpdate({
              target: [boulderScores.roundId, boulderScores.boulderIndex],
              set: { topAttempts: sql`excluded.top_attempts`, zoneAttempts: sql`excluded.zone_attempts`, currentAttempt: sql`excluded.current_attempt` },
            })
            .returning();
    const updated = await touchRound(tx, round);
    // The new view is the old one with the written rows: no second read inside the lock.
    const after: RoundView = { ...before, state: updated.state, version: updated.version, boulders: [...before.boulders] };
    for (const row of written) {
      after.boulders[row.boulderIndex] = { id: row.id, boulderIndex: row.boulderIndex, topAttempts: row.topAttempts, zoneAttempts: row.zoneAttempts, currentAttempt: row.currentAttempt };
    }
    await audit(tx, { race, round, author: input.author, action: 'BOULDERS_UPDATED', before: before.boulders, after: after.boulders });
    await notifyResultsChanged(tx, race.id);
    return after;
  });
}

export interface LeadRouteInput {
  hold: number | null;
  plus: boolean;
  top: boolean;
  time?: number | null | undefined;
}

/**
 * The common path of a write addressed by one score row (a lead route, a speed run): find the row's
 * round, lock it, check version, round and stage, write, bump the version, audit, notify.
 */
async function writeScoreRow(
  db: Database,
  race: Race,
  input: { racerId: number; expectedVersion?: number | undefined; author: ScoreAuthor },
  row: {
    roundIdOf: (tx: Executor) => Promise<number | undefined>;
    write: (tx: Executor) => Promise<unknown>;
    action: ScoreAuditAction;
    audited: (view: RoundView) => unknown;
  },
): Promise<RoundView> {
  return db.transaction(async (tx) => {
    const roundId = await row.roundIdOf(tx);
    if (roundId === undefined) throw new DomainError('ENTITY_NOT_FOUND');
    const round = await lockRound(tx, race.id, input.racerId, roundId);
    await assertFresh(tx, race, round, input.expectedVersion);
    assertWritable(race, round);
    const before = await roundView(tx, race, round);
    await row.write(tx);
    const updated = await touchRound(tx, round);
    const after = await roundView(tx, race, updated);
    await audit(tx, { race, round, author: input.author, action: row.action, before: row.audited(before), after: row.audited(after) });
    await notifyResultsChanged(tx, race.id);
    return after;
  });
}

/** Writes one lead route of a round (addressed by its id); same transaction rules as boulders. */
export async function writeLeadRoute(
  db: Database,
  race: Race,
  input: { racerId: number; routeId: number; route: LeadRouteInput; expectedVersion?: number | undefined; author: ScoreAuthor },
): Promise<RoundView> {
  if (race.discipline !== 'LEAD') throw new DomainError('VALIDATION_FAILED', { fields: { route: 'VALIDATION_FAILED' } });
  if (input.route.top && input.route.plus) throw new DomainError('VALIDATION_FAILED', { fields: { plus: 'VALIDATION_FAILED' } });
  return writeScoreRow(db, race, input, {
    roundIdOf: async (tx) => (await tx.select({ roundId: leadRoutes.roundId }).from(leadRoutes).where(eq(leadRoutes.id, input.routeId)))[0]?.roundId,
    write: (tx) =>
      tx
        .update(leadRoutes)
        .set({ hold: input.route.hold, plus: input.route.plus, top: input.route.top, timeMs: input.route.time ?? null })
        .where(eq(leadRoutes.id, input.routeId)),
    action: 'LEAD_ROUTE_UPDATED',
    audited: (view) => view.routes,
  });
}

export interface SpeedRunInput {
  /** Milliseconds; required unless the run ended in a fall or a false start. */
  time: number | null;
  fall: boolean;
  falseStart: boolean;
}

/**
 * Writes one speed run of a qualification (or any non-bracket) round, addressed by its id. A run
 * without a time must be a fall or a false start; the domain ignores the time of such a run.
 * Runs of the elimination finals go through the match call, which decides the winner.
 */
export async function writeSpeedRun(
  db: Database,
  race: Race,
  input: { racerId: number; runId: number; run: SpeedRunInput; expectedVersion?: number | undefined; author: ScoreAuthor },
): Promise<RoundView> {
  if (race.discipline !== 'SPEED') throw new DomainError('VALIDATION_FAILED', { fields: { run: 'VALIDATION_FAILED' } });
  if (input.run.time === null && !input.run.fall && !input.run.falseStart) throw new DomainError('VALIDATION_FAILED', { fields: { time: 'validation.required' } });
  return writeScoreRow(db, race, input, {
    roundIdOf: async (tx) => {
      const [row] = await tx.select({ roundId: speedRoutes.roundId, stage: rounds.stage }).from(speedRoutes).innerJoin(rounds, eq(rounds.id, speedRoutes.roundId)).where(eq(speedRoutes.id, input.runId));
      if (row?.stage === 'FINAL') throw new DomainError('VALIDATION_FAILED', { fields: { run: 'VALIDATION_FAILED' }, details: { useMatchCall: true } });
      return row?.roundId;
    },
    write: (tx) => tx.update(speedRoutes).set({ timeMs: input.run.time, fall: input.run.fall, falseStart: input.run.falseStart }).where(eq(speedRoutes.id, input.runId)),
    action: 'SPEED_ROUTE_UPDATED',
    audited: (view) => view.speedRoutes,
  });
}
