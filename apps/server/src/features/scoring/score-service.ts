import {
  DomainError,
  assertRoundEditable,
  assertStageOpen,
  validateBoulderScore,
  type FieldErrors,
} from '@climbing/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { boulderScores, leadRoutes, rounds, speedRoutes, scoreAuditLog, type Race, type Round, type ScoreAuditAction } from '../../db/schema/index.ts';
import { problemCount } from '../results/results-service.ts';
import { loadRoundViews, type RoundView } from './round-view.ts';

/** NOTIFY channel; the payload is the race id. Every server instance LISTENs (features/live). */
export const RESULTS_CHANNEL = 'race_results';

/**
 * Who wrote a score: a user account or an event's judge account, and where from: the judge's
 * device, when the entry was made on it and the client operation id (all kept in the audit trail).
 */
export interface ScoreAuthor {
  userId: number | null;
  judgeAccountId: number | null;
  deviceId?: string | null | undefined;
  deviceAt?: Date | null | undefined;
  operationId?: string | null | undefined;
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
    deviceId: entry.author.deviceId ?? null,
    deviceAt: entry.author.deviceAt ?? null,
    operationId: entry.author.operationId ?? null,
    action: entry.action,
    before: entry.before,
    after: entry.after,
  });
}

/** The audit actions that are score entries (not round state changes). */
const SCORE_ENTRY_ACTIONS: readonly ScoreAuditAction[] = ['BOULDERS_UPDATED', 'LEAD_ROUTE_UPDATED', 'SPEED_ROUTE_UPDATED', 'MATCH_UPDATED'];

/** When the server received the race's newest score entry, or null before the first one. */
export async function lastScoreAt(db: Executor, raceId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: scoreAuditLog.at })
    .from(scoreAuditLog)
    .where(and(eq(scoreAuditLog.raceId, raceId), inArray(scoreAuditLog.action, [...SCORE_ENTRY_ACTIONS])))
    .orderBy(desc(scoreAuditLog.at))
    .limit(1);
  return row?.at ?? null;
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


function assertWritable(race: Race, round: Round): void {
  assertStageOpen(race.state, round.stage);
  assertRoundEditable(round.state);
}

/**
 * Conflicts only where there is one: a write is refused when a boulder (route, run) it changes was
 * changed by somebody else after the version the writer based the edit on, unless that change
 * already gave it the value the writer sends. The answer carries the round as it is now and the
 * current value of each conflicting boulder, so the scorecard can show both side by side.
 */
function conflictError<T>(current: RoundView, conflicts: readonly T[]): DomainError {
  return new DomainError('VERSION_CONFLICT', { details: { current, conflicts } });
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
  /** The boulder's version (or the round's) this edit was based on; else the call's `version`. */
  version?: number | null | undefined;
}

interface BoulderMarks {
  topAttempts: number | null;
  zoneAttempts: number | null;
  currentAttempt: number;
}

const sameMarks = (a: BoulderMarks, b: BoulderMarks): boolean => a.topAttempts === b.topAttempts && a.zoneAttempts === b.zoneAttempts && a.currentAttempt === b.currentAttempt;

/**
 * Writes the boulders of one round (all or some of them); run it inside a transaction. A boulder is
 * addressed by its `id`, else by `boulderIndex`, else by its position in the array. Boulders not
 * sent keep their values, so two judges writing different boulders of one round never conflict.
 * The scores, the round's version and state, the audit row and the notification commit together.
 */
export async function writeBoulders(
  tx: Executor,
  race: Race,
  input: { racerId: number; roundId: number; boulders: readonly BoulderInput[]; expectedVersion?: number | undefined; author: ScoreAuthor },
): Promise<RoundView> {
  if (race.discipline !== 'BOULDERING') throw new DomainError('VALIDATION_FAILED', { fields: { boulders: 'VALIDATION_FAILED' } });
  const round = await lockRound(tx, race.id, input.racerId, input.roundId);
  assertWritable(race, round);
  const before = await roundView(tx, race, round);
  const count = problemCount(race, round.stage);

  const fields: FieldErrors = {};
  const writes = new Map<number, BoulderMarks & { base: number | undefined }>();
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
    writes.set(index, { ...score, currentAttempt, base: boulder.version ?? input.expectedVersion });
  });
  if (Object.keys(fields).length > 0) {
    const zoneAfterTop = Object.values(fields).includes('ZONE_ATTEMPTS_EXCEED_TOP_ATTEMPTS');
    throw new DomainError(zoneAfterTop ? 'ZONE_ATTEMPTS_EXCEED_TOP_ATTEMPTS' : 'VALIDATION_FAILED', { fields });
  }

  const changed = [...writes].filter(([index, marks]) => {
    const current = before.boulders[index];
    return !current || !sameMarks(current, marks);
  });
  const conflicts = changed.flatMap(([index, marks]) => {
    const current = before.boulders[index];
    return current && marks.base !== undefined && current.version > marks.base ? [current] : [];
  });
  if (conflicts.length > 0) throw conflictError(before, conflicts);

  const updated = await touchRound(tx, round);
  const written =
    changed.length === 0
      ? []
      : await tx
          .insert(boulderScores)
          .values(changed.map(([boulderIndex, { topAttempts, zoneAttempts, currentAttempt }]) => ({ roundId: round.id, boulderIndex, topAttempts, zoneAttempts, currentAttempt, changedAtVersion: updated.version })))
          .onConflictDoUpdate({
            target: [boulderScores.roundId, boulderScores.boulderIndex],
            set: {
              topAttempts: sql`excluded.top_attempts`,
              zoneAttempts: sql`excluded.zone_attempts`,
              currentAttempt: sql`excluded.current_attempt`,
              changedAtVersion: sql`excluded.changed_at_version`,
            },
          })
          .returning();
  // The new view is the old one with the written rows: no second read inside the lock.
  const after: RoundView = { ...before, state: updated.state, version: updated.version, boulders: [...before.boulders] };
  for (const row of written) {
    after.boulders[row.boulderIndex] = {
      id: row.id,
      boulderIndex: row.boulderIndex,
      topAttempts: row.topAttempts,
      zoneAttempts: row.zoneAttempts,
      currentAttempt: row.currentAttempt,
      version: row.changedAtVersion,
    };
  }
  await audit(tx, { race, round, author: input.author, action: 'BOULDERS_UPDATED', before: before.boulders, after: after.boulders });
  await notifyResultsChanged(tx, race.id);
  return after;
}

export interface LeadRouteInput {
  hold: number | null;
  plus: boolean;
  top: boolean;
  time?: number | null | undefined;
}

/**
 * The common path of a write addressed by one score row (a lead route, a speed run); run it inside a
 * transaction: find the row's round, lock it, check round and stage, refuse the write when this row
 * changed after the writer's version (other rows of the round may have: they merge), write, bump
 * the version, audit, notify.
 */
async function writeScoreRow<Row extends { id: number | null; version: number }>(
  tx: Executor,
  race: Race,
  input: { racerId: number; expectedVersion?: number | undefined; author: ScoreAuthor },
  row: {
    roundIdOf: (tx: Executor) => Promise<number | undefined>;
    find: (view: RoundView) => Row | undefined;
    same: (current: Row) => boolean;
    write: (tx: Executor, version: number) => Promise<unknown>;
    action: ScoreAuditAction;
    audited: (view: RoundView) => unknown;
  },
): Promise<RoundView> {
  const roundId = await row.roundIdOf(tx);
  if (roundId === undefined) throw new DomainError('ENTITY_NOT_FOUND');
  const round = await lockRound(tx, race.id, input.racerId, roundId);
  assertWritable(race, round);
  const before = await roundView(tx, race, round);
  const current = row.find(before);
  if (!current) throw new DomainError('ENTITY_NOT_FOUND');
  const same = row.same(current);
  if (!same && input.expectedVersion !== undefined && current.version > input.expectedVersion) throw conflictError(before, [current]);
  const updated = await touchRound(tx, round);
  if (!same) await row.write(tx, updated.version);
  const after = await roundView(tx, race, updated);
  await audit(tx, { race, round, author: input.author, action: row.action, before: row.audited(before), after: row.audited(after) });
  await notifyResultsChanged(tx, race.id);
  return after;
}

/** Writes one lead route of a round (addressed by its id); same transaction rules as boulders. */
export async function writeLeadRoute(
  tx: Executor,
  race: Race,
  input: { racerId: number; routeId: number; route: LeadRouteInput; expectedVersion?: number | undefined; author: ScoreAuthor },
): Promise<RoundView> {
  if (race.discipline !== 'LEAD') throw new DomainError('VALIDATION_FAILED', { fields: { route: 'VALIDATION_FAILED' } });
  if (input.route.top && input.route.plus) throw new DomainError('VALIDATION_FAILED', { fields: { plus: 'VALIDATION_FAILED' } });
  const time = input.route.time ?? null;
  return writeScoreRow(tx, race, input, {
    roundIdOf: async (db) => (await db.select({ roundId: leadRoutes.roundId }).from(leadRoutes).where(eq(leadRoutes.id, input.routeId)))[0]?.roundId,
    find: (view) => view.routes.find((route) => route.id === input.routeId),
    same: (current) => current.hold === input.route.hold && current.plus === input.route.plus && current.top === input.route.top && current.time === time,
    write: (db, version) =>
      db
        .update(leadRoutes)
        .set({ hold: input.route.hold, plus: input.route.plus, top: input.route.top, timeMs: time, changedAtVersion: version })
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
  tx: Executor,
  race: Race,
  input: { racerId: number; runId: number; run: SpeedRunInput; expectedVersion?: number | undefined; author: ScoreAuthor },
): Promise<RoundView> {
  if (race.discipline !== 'SPEED') throw new DomainError('VALIDATION_FAILED', { fields: { run: 'VALIDATION_FAILED' } });
  if (input.run.time === null && !input.run.fall && !input.run.falseStart) throw new DomainError('VALIDATION_FAILED', { fields: { time: 'validation.required' } });
  return writeScoreRow(tx, race, input, {
    roundIdOf: async (db) => {
      const [row] = await db.select({ roundId: speedRoutes.roundId, stage: rounds.stage }).from(speedRoutes).innerJoin(rounds, eq(rounds.id, speedRoutes.roundId)).where(eq(speedRoutes.id, input.runId));
      if (row?.stage === 'FINAL') throw new DomainError('VALIDATION_FAILED', { fields: { run: 'VALIDATION_FAILED' }, details: { useMatchCall: true } });
      return row?.roundId;
    },
    find: (view) => view.speedRoutes.find((run) => run.id === input.runId),
    same: (current) => current.time === input.run.time && current.fall === input.run.fall && current.falseStart === input.run.falseStart,
    write: (db, version) =>
      db.update(speedRoutes).set({ timeMs: input.run.time, fall: input.run.fall, falseStart: input.run.falseStart, changedAtVersion: version }).where(eq(speedRoutes.id, input.runId)),
    action: 'SPEED_ROUTE_UPDATED',
    audited: (view) => view.speedRoutes,
  });
}
