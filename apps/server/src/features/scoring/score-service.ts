import {
  DomainError,
  assertRoundEditable,
  assertStageOpen,
  validateBoulderScore,
  type FieldErrors,
} from '@climbing/domain';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/database.ts';
import { boulderScores, scoreAuditLog, type Race, type Round, type ScoreAuditAction } from '../../db/schema/index.ts';
import { problemCount } from '../results/results-service.ts';
import { buildRoundViews, loadRoundViews, type BoulderRow, type LeadRow, type RoundView, type SpeedRow } from './round-view.ts';
import type { KeyStep } from './idempotency.ts';

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

export async function roundView(db: Executor, race: Race, round: Round): Promise<RoundView> {
  const [view] = await loadRoundViews(db, race, [round]);
  if (!view) throw new Error('round view missing');
  return view;
}


/*
 * Score writes in few round trips (docs/performance.md, "Score write round trips"): BEGIN, one
 * statement that claims the idempotency key, locks the round and reads its scores, one statement
 * that bumps the version, writes the scores, adds the audit row, stores the key's answer and
 * queues the notification (delivered on commit), COMMIT.
 */

const SCORE_ROWS: Record<Race['discipline'], SQL> = {
  BOULDERING: sql`(select coalesce(json_agg(json_build_object('id', s.id, 'roundId', s.round_id, 'boulderIndex', s.boulder_index, 'topAttempts', s.top_attempts,
    'zoneAttempts', s.zone_attempts, 'currentAttempt', s.current_attempt, 'changedAtVersion', s.changed_at_version)), '[]'::json) from boulder_scores s where s.round_id = locked.id)`,
  LEAD: sql`(select coalesce(json_agg(json_build_object('id', s.id, 'roundId', s.round_id, 'routeIndex', s.route_index, 'hold', s.hold, 'plus', s.plus, 'top', s.top,
    'timeMs', s.time_ms, 'changedAtVersion', s.changed_at_version)), '[]'::json) from lead_routes s where s.round_id = locked.id)`,
  SPEED: sql`(select coalesce(json_agg(json_build_object('id', s.id, 'roundId', s.round_id, 'routeIndex', s.route_index, 'attemptIndex', s.attempt_index, 'timeMs', s.time_ms,
    'fall', s.fall, 'falseStart', s.false_start, 'changedAtVersion', s.changed_at_version) order by s.route_index, s.attempt_index), '[]'::json) from speed_routes s where s.round_id = locked.id)`,
};

interface LockedRoundRow {
  claim_id: number | string | null;
  round: (Omit<Round, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string }) | null;
  seen_version: number | null;
  score_rows: unknown[] | null;
  target_stage: Round['stage'] | null;
}


/**
 * One statement: claims the key (a CTE, so before the lock), locks the round (addressed by its id or
 * by one of its score rows) and reads its score rows. The rows are read with the statement's
 * snapshot: when the lock waited for a writer that committed meanwhile, the round's version seen
 * by the snapshot differs from the locked one, and the rows are read again (a new snapshot).
 */
async function lockAndRead(
  tx: Executor,
  race: Race,
  key: KeyStep,
  target: { racerId: number; roundId: number } | { racerId: number; table: 'lead_routes' | 'speed_routes'; rowId: number },
): Promise<{ claimId: number | null; round: Round; before: RoundView; targetStage: Round['stage'] | null }> {
  const roundId = 'roundId' in target ? sql`${target.roundId}` : sql`(select t.round_id from ${sql.raw(target.table)} t where t.id = ${target.rowId})`;
  const targetStage = 'roundId' in target ? sql`null::stage` : sql`(select r.stage from ${sql.raw(target.table)} t join rounds r on r.id = t.round_id where t.id = ${target.rowId})`;
  const ctes = [
    ...(key.claimCte ? [key.claimCte] : []),
    sql`locked as (
      select r.* from rounds r
      where r.id = ${roundId} and r.racer_id = ${target.racerId} and r.race_id = ${race.id}${key.claimCte ? sql` and (select count(*) from claim) >= 0` : sql``}
      for update
    )`,
  ];
  const result = await tx.execute(sql`with ${sql.join(ctes, sql`, `)}
    select ${key.claimCte ? sql`(select id from claim)` : sql`null::bigint`} as claim_id,
      case when locked.id is null then null else json_build_object('id', locked.id, 'raceId', locked.race_id, 'racerId', locked.racer_id, 'stage', locked.stage,
        'startingNumber', locked.starting_number, 'state', locked.state, 'version', locked.version, 'qualificationGroupId', locked.qualification_group_id,
        'createdAt', locked.created_at, 'updatedAt', locked.updated_at) end as round,
      (select seen.version from rounds seen where seen.id = locked.id) as seen_version,
      ${SCORE_ROWS[race.discipline]} as score_rows,
      ${targetStage} as target_stage
    from (select 1) as one left join locked on true`);
  const [row] = rowsOf(result) as unknown as LockedRoundRow[];
  const claimId = row?.claim_id === null || row?.claim_id === undefined ? null : Number(row.claim_id);
  await key.claimed(claimId);
  if (!row?.round) {
    if (row?.target_stage === 'FINAL' && 'table' in target && target.table === 'speed_routes') throw useMatchCall();
    throw new DomainError('ENTITY_NOT_FOUND');
  }
  const round: Round = { ...row.round, createdAt: new Date(row.round.createdAt), updatedAt: new Date(row.round.updatedAt) };
  let scoreRows = row.score_rows ?? [];
  if (row.seen_version !== round.version) {
    // The lock waited for another write of this round: read its rows as committed.
    scoreRows = rowsOf(await tx.execute(sql`with locked as (select ${round.id}::integer as id) select ${SCORE_ROWS[race.discipline]} as score_rows from locked`))[0]?.score_rows as unknown[];
  }
  const [before] = buildRoundViews(
    race,
    [round],
    race.discipline === 'BOULDERING' ? (scoreRows as BoulderRow[]) : [],
    race.discipline === 'LEAD' ? (scoreRows as LeadRow[]) : [],
    race.discipline === 'SPEED' ? (scoreRows as SpeedRow[]) : [],
  );
  if (!before) throw new Error('round view missing');
  return { claimId, round, before, targetStage: row.target_stage };
}

const useMatchCall = (): DomainError => new DomainError('VALIDATION_FAILED', { fields: { run: 'VALIDATION_FAILED' }, details: { useMatchCall: true } });

/**
 * One statement: the round's new version and state, the score rows' writes (CTEs given), the audit
 * row, the key's answer and the notification (pg_notify is delivered on commit).
 */
async function commitWrite(
  tx: Executor,
  entry: { race: Race; round: Round; updated: Pick<Round, 'version' | 'state'>; author: ScoreAuthor; action: ScoreAuditAction; before: unknown; after: unknown },
  writes: readonly SQL[],
  stored: SQL | null,
): Promise<void> {
  const { race, round, updated, author } = entry;
  const ctes = [
    sql`bumped as (update rounds set version = ${updated.version}, state = ${updated.state}::round_state, updated_at = ${new Date().toISOString()}::timestamptz where id = ${round.id} returning id)`,
    ...writes,
    sql`audited as (
      insert into score_audit_log (race_id, racer_id, round_id, user_id, judge_account_id, device_id, device_at, operation_id, action, before, after)
      values (${race.id}, ${round.racerId}, ${round.id}, ${author.userId}, ${author.judgeAccountId}, ${author.deviceId ?? null}, ${author.deviceAt ? author.deviceAt.toISOString() : null}::timestamptz,
        ${author.operationId ?? null}, ${entry.action}::score_audit_action, ${JSON.stringify(entry.before)}::jsonb, ${JSON.stringify(entry.after)}::jsonb)
      returning id
    )`,
    ...(stored ? [stored] : []),
  ];
  await tx.execute(sql`with ${sql.join(ctes, sql`, `)} select pg_notify(${RESULTS_CHANNEL}, ${String(race.id)})`);
}

/** The round after a write: one more version; entering a score into a READY round starts it. */
const nextRound = (round: Round): Pick<Round, 'version' | 'state'> => ({ version: round.version + 1, state: round.state === 'READY' ? 'STARTED' : round.state });

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
  key: KeyStep,
): Promise<RoundView> {
  if (race.discipline !== 'BOULDERING') throw new DomainError('VALIDATION_FAILED', { fields: { boulders: 'VALIDATION_FAILED' } });
  const { claimId, round, before } = await lockAndRead(tx, race, key, { racerId: input.racerId, roundId: input.roundId });
  assertWritable(race, round);
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

  const updated = nextRound(round);
  const values = changed.map(([boulderIndex, { topAttempts, zoneAttempts, currentAttempt }]) => ({ roundId: round.id, boulderIndex, topAttempts, zoneAttempts, currentAttempt, changedAtVersion: updated.version }));
  // Every boulder has its row since rounds are created with them; a round from before that gets
  // its missing rows first (their ids are in the answer), the common write needs no answer back.
  const missing = values.filter((value) => (before.boulders[value.boulderIndex]?.id ?? null) === null);
  const upsert = (rows: typeof values) =>
    tx
      .insert(boulderScores)
      .values(rows)
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
  const created = missing.length === 0 ? [] : await upsert(missing);
  const idOf = new Map<number, number>(created.map((row) => [row.boulderIndex, row.id]));
  const existing = values.filter((value) => !idOf.has(value.boulderIndex));
  // The new view is the old one with the written marks: no second read inside the lock.
  const after: RoundView = { ...before, state: updated.state, version: updated.version, boulders: [...before.boulders] };
  for (const value of values) {
    after.boulders[value.boulderIndex] = {
      id: idOf.get(value.boulderIndex) ?? before.boulders[value.boulderIndex]?.id ?? null,
      boulderIndex: value.boulderIndex,
      topAttempts: value.topAttempts,
      zoneAttempts: value.zoneAttempts,
      currentAttempt: value.currentAttempt,
      version: value.changedAtVersion,
    };
  }
  const updates =
    existing.length === 0
      ? []
      : [
          sql`written as (
            update boulder_scores as b set top_attempts = v.top_attempts, zone_attempts = v.zone_attempts, current_attempt = v.current_attempt, changed_at_version = ${updated.version}
            from (values ${sql.join(
              existing.map((value) => sql`(${value.boulderIndex}::smallint, ${value.topAttempts}::integer, ${value.zoneAttempts}::integer, ${value.currentAttempt}::integer)`),
              sql`, `,
            )}) as v(boulder_index, top_attempts, zone_attempts, current_attempt)
            where b.round_id = ${round.id} and b.boulder_index = v.boulder_index
            returning b.id
          )`,
        ];
  await commitWrite(tx, { race, round, updated, author: input.author, action: 'BOULDERS_UPDATED', before: before.boulders, after: after.boulders }, updates, key.storeCte(claimId, after));
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
  key: KeyStep,
  row: {
    table: 'lead_routes' | 'speed_routes';
    rowId: number;
    check?: (round: Round) => void;
    find: (view: RoundView) => Row | undefined;
    same: (current: Row) => boolean;
    /** The view after the write: `view` (already at the new version and state) with the row's new values. */
    apply: (view: RoundView, version: number) => RoundView;
    /** The CTE that writes the row. */
    write: (version: number) => SQL;
    action: ScoreAuditAction;
    audited: (view: RoundView) => unknown;
  },
): Promise<RoundView> {
  const { claimId, round, before } = await lockAndRead(tx, race, key, { racerId: input.racerId, table: row.table, rowId: row.rowId });
  row.check?.(round);
  assertWritable(race, round);
  const current = row.find(before);
  if (!current) throw new DomainError('ENTITY_NOT_FOUND');
  const same = row.same(current);
  if (!same && input.expectedVersion !== undefined && current.version > input.expectedVersion) throw conflictError(before, [current]);
  const updated = nextRound(round);
  const bumped: RoundView = { ...before, state: updated.state, version: updated.version };
  const after = same ? bumped : row.apply(bumped, updated.version);
  await commitWrite(
    tx,
    { race, round, updated, author: input.author, action: row.action, before: row.audited(before), after: row.audited(after) },
    same ? [] : [row.write(updated.version)],
    key.storeCte(claimId, after),
  );
  return after;
}

/** Writes one lead route of a round (addressed by its id); same transaction rules as boulders. */
export async function writeLeadRoute(
  tx: Executor,
  race: Race,
  input: { racerId: number; routeId: number; route: LeadRouteInput; expectedVersion?: number | undefined; author: ScoreAuthor },
  key: KeyStep,
): Promise<RoundView> {
  if (race.discipline !== 'LEAD') throw new DomainError('VALIDATION_FAILED', { fields: { route: 'VALIDATION_FAILED' } });
  if (input.route.top && input.route.plus) throw new DomainError('VALIDATION_FAILED', { fields: { plus: 'VALIDATION_FAILED' } });
  const time = input.route.time ?? null;
  return writeScoreRow(tx, race, input, key, {
    table: 'lead_routes',
    rowId: input.routeId,
    find: (view) => view.routes.find((route) => route.id === input.routeId),
    same: (current) => current.hold === input.route.hold && current.plus === input.route.plus && current.top === input.route.top && current.time === time,
    apply: (view, version) => ({
      ...view,
      routes: view.routes.map((route) => (route.id === input.routeId ? { ...route, hold: input.route.hold, plus: input.route.plus, top: input.route.top, time, version } : route)),
    }),
    write: (version) =>
      sql`written as (update lead_routes set hold = ${input.route.hold}::numeric, plus = ${input.route.plus}, top = ${input.route.top}, time_ms = ${time}::integer, changed_at_version = ${version} where id = ${input.routeId} returning id)`,
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
  key: KeyStep,
): Promise<RoundView> {
  if (race.discipline !== 'SPEED') throw new DomainError('VALIDATION_FAILED', { fields: { run: 'VALIDATION_FAILED' } });
  if (input.run.time === null && !input.run.fall && !input.run.falseStart) throw new DomainError('VALIDATION_FAILED', { fields: { time: 'validation.required' } });
  return writeScoreRow(tx, race, input, key, {
    table: 'speed_routes',
    rowId: input.runId,
    // Runs of the elimination finals go through the match call.
    check: (round) => {
      if (round.stage === 'FINAL') throw useMatchCall();
    },
    find: (view) => view.speedRoutes.find((run) => run.id === input.runId),
    same: (current) => current.time === input.run.time && current.fall === input.run.fall && current.falseStart === input.run.falseStart,
    apply: (view, version) => ({
      ...view,
      speedRoutes: view.speedRoutes.map((run) => (run.id === input.runId ? { ...run, time: input.run.time, fall: input.run.fall, falseStart: input.run.falseStart, version } : run)),
    }),
    write: (version) =>
      sql`written as (update speed_routes set time_ms = ${input.run.time}::integer, fall = ${input.run.fall}, false_start = ${input.run.falseStart}, changed_at_version = ${version} where id = ${input.runId} returning id)`,
    action: 'SPEED_ROUTE_UPDATED',
    audited: (view) => view.speedRoutes,
  });
}
