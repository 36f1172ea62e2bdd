// Our own response guards, not zod: this module runs in the judges' web app on every page.
import * as g from '../guard/guard.ts';
import type { Stage } from '../model/enums.ts';

/*
 * A judge device's score entries as operations (issue 12, docs/judging-and-live.md "The queue").
 * Every tap on a scorecard becomes one operation with a client operation id (sent as the
 * Idempotency-Key), kept on the device and sent in order. An operation carries the whole new value
 * of one boulder (lead route, speed run, speed match), never a difference, and the version the
 * value was based on, so resending it is harmless and a change by somebody else is detected.
 * Pure data and functions: the web app persists the queue in IndexedDB and sends it with fetch;
 * the server's chaos test drives the same queue through a flaky connection.
 */

export interface BoulderValue {
  topAttempts: number | null;
  zoneAttempts: number | null;
  currentAttempt: number;
}

export interface LeadRouteValue {
  hold: number | null;
  plus: boolean;
  top: boolean;
  time: number | null;
}

export interface SpeedRunValue {
  time: number | null;
  fall: boolean;
  falseStart: boolean;
}

export interface SpeedMatchValue {
  racerA: SpeedRunValue;
  racerB: SpeedRunValue;
}

export type OperationValue = BoulderValue | LeadRouteValue | SpeedRunValue | SpeedMatchValue;

/** PENDING waits to be sent; CONFLICT waits for the judge (keep mine / take theirs); REFUSED can never be stored. */
export type OperationStatus = 'PENDING' | 'CONFLICT' | 'REFUSED';

interface OperationCommon {
  /** The client operation id, sent as Idempotency-Key. */
  id: string;
  /** Order of entry on the device; operations are sent by it. */
  seq: number;
  raceId: number;
  stage: Stage;
  /** When the judge made the entry, on the device's clock (ISO). */
  createdAt: string;
  deviceId: string;
  /** The version of the boulder (route, run, match) the value was based on; null: none known. */
  baseVersion: number | null;
  status: OperationStatus;
  /** CONFLICT: the version of the value somebody else stored. */
  conflictVersion: number | null;
  /** REFUSED: the error code the server gave. */
  refusedCode: string | null;
  /** REFUSED: the error's details, for a message that names what refused it (a later speed match); absent in entries stored before. */
  refusedDetails?: unknown;
}

export type BoulderOperation = OperationCommon & { kind: 'BOULDER'; racerId: number; roundId: number; boulderIndex: number; value: BoulderValue; theirs: BoulderValue | null };
export type LeadRouteOperation = OperationCommon & { kind: 'LEAD_ROUTE'; racerId: number; roundId: number; routeId: number; value: LeadRouteValue; theirs: LeadRouteValue | null };
export type SpeedRunOperation = OperationCommon & { kind: 'SPEED_RUN'; racerId: number; roundId: number; runId: number; value: SpeedRunValue; theirs: SpeedRunValue | null };
export type SpeedMatchOperation = OperationCommon & { kind: 'SPEED_MATCH'; matchId: number; value: SpeedMatchValue; theirs: SpeedMatchValue | null };

export type ScoreOperation = BoulderOperation | LeadRouteOperation | SpeedRunOperation | SpeedMatchOperation;

/**
 * A device with a scorecard open reports its queue to the server at least this often (web:
 * score-queue.tsx); the server counts a device that missed three reports as not heard from.
 */
export const DEVICE_REPORT_INTERVAL_MS = 30_000;

/** What the scorecard hands to the queue: an operation without its bookkeeping. */
export type NewScoreOperation =
  | Omit<BoulderOperation, keyof OperationCommon | 'theirs'>
  | Omit<LeadRouteOperation, keyof OperationCommon | 'theirs'>
  | Omit<SpeedRunOperation, keyof OperationCommon | 'theirs'>
  | Omit<SpeedMatchOperation, keyof OperationCommon | 'theirs'>;

/** One boulder (route, run, match): operations on the same target form a chain on the device. */
export const targetKey = (op: NewScoreOperation | ScoreOperation): string => {
  switch (op.kind) {
    case 'BOULDER':
      return `boulder:${op.roundId}:${op.boulderIndex}`;
    case 'LEAD_ROUTE':
      return `route:${op.routeId}`;
    case 'SPEED_RUN':
      return `run:${op.runId}`;
    case 'SPEED_MATCH':
      return `match:${op.matchId}`;
  }
};

/** The round an operation writes (a speed match writes two; it has none of its own). */
export const roundIdOf = (op: ScoreOperation | NewScoreOperation): number | null => (op.kind === 'SPEED_MATCH' ? null : op.roundId);

export interface OperationRequest {
  method: 'PUT';
  path: string;
  /** Sent as the Idempotency-Key header. */
  key: string;
  body: Record<string, unknown>;
}

/** The HTTP call of an operation: the write route, its body with the base version, the device and the device time. */
export const requestOf = (op: ScoreOperation): OperationRequest => {
  const common = { ...(op.baseVersion === null ? {} : { version: op.baseVersion }), deviceId: op.deviceId, enteredAt: op.createdAt };
  // Only the value's own fields go out, whatever else the caller's object carried.
  const run = ({ time, fall, falseStart }: SpeedRunValue): SpeedRunValue => ({ time, fall, falseStart });
  switch (op.kind) {
    case 'BOULDER': {
      const { topAttempts, zoneAttempts, currentAttempt } = op.value;
      return { method: 'PUT', key: op.id, path: `/api/racer/${op.racerId}/round/${op.roundId}`, body: { ...common, boulders: [{ boulderIndex: op.boulderIndex, topAttempts, zoneAttempts, currentAttempt }] } };
    }
    case 'LEAD_ROUTE': {
      const { hold, plus, top, time } = op.value;
      return { method: 'PUT', key: op.id, path: `/api/racer/${op.racerId}/route/${op.routeId}`, body: { ...common, hold, plus, top, time } };
    }
    case 'SPEED_RUN':
      return { method: 'PUT', key: op.id, path: `/api/racer/${op.racerId}/speed-route/${op.runId}`, body: { ...common, ...run(op.value) } };
    case 'SPEED_MATCH':
      return { method: 'PUT', key: op.id, path: `/api/speed-match/${op.matchId}`, body: { ...common, racerA: run(op.value.racerA), racerB: run(op.value.racerB) } };
  }
};

/** What came back: an HTTP answer, or nothing (no connection, the answer was lost). */
export type TransportAnswer = { status: number; body: unknown } | { status: 'NETWORK' };

/**
 * SAVED: stored (or stored before: the key's first answer), with the target's new version.
 * CONFLICT: somebody else changed the target since `baseVersion`; `theirs` is the current value.
 * REFUSED: this entry can never be stored (closed round, invalid value). AUTH: the session is
 * gone or lacks the right; the queue waits for a new login. RETRY: no connection or a server
 * fault; the queue tries again later.
 */
export type OperationOutcome =
  | { kind: 'SAVED'; version: number; body: unknown }
  | { kind: 'CONFLICT'; version: number; theirs: OperationValue; body: unknown }
  | { kind: 'REFUSED'; code: string; details?: unknown }
  | { kind: 'AUTH'; code: string }
  | { kind: 'RETRY'; code: string };

const number = () => g.nullable(g.number());
const boulderRow = g.object({ boulderIndex: g.number(), topAttempts: number(), zoneAttempts: number(), currentAttempt: g.number(), version: g.number() });
const leadRow = g.object({ id: number(), hold: number(), plus: g.boolean(), top: g.boolean(), time: number(), version: g.number() });
const speedRow = g.object({ id: number(), time: number(), fall: g.boolean(), falseStart: g.boolean(), version: g.number() });
const roundRows = g.object({ boulders: g.array(boulderRow), routes: g.array(leadRow), speedRoutes: g.array(speedRow) });
const matchRun = g.nullable(g.object({ time: number(), fall: g.boolean(), falseStart: g.boolean() }));
const matchView = g.object({ version: g.number(), racerA: g.nullable(g.object({ run: matchRun })), racerB: g.nullable(g.object({ run: matchRun })) });
const errorBody = g.object({ error: g.object({ code: g.string(), details: g.optional(g.unknown()) }) });
const conflictDetails = g.object({ current: g.unknown(), conflicts: g.optional(g.array(g.unknown())) });

const emptyRun: SpeedRunValue = { time: null, fall: false, falseStart: false };

/** The target's value and version in a round or match view; null when the view does not hold it. */
export function targetIn(op: ScoreOperation, view: unknown): { version: number; value: OperationValue } | null {
  if (op.kind === 'SPEED_MATCH') {
    const parsed = matchView.safeParse(view);
    if (!parsed.success) return null;
    return { version: parsed.data.version, value: { racerA: parsed.data.racerA?.run ?? emptyRun, racerB: parsed.data.racerB?.run ?? emptyRun } };
  }
  const parsed = roundRows.safeParse(view);
  if (!parsed.success) return null;
  if (op.kind === 'BOULDER') {
    const row = parsed.data.boulders.find((boulder) => boulder.boulderIndex === op.boulderIndex);
    return row ? { version: row.version, value: { topAttempts: row.topAttempts, zoneAttempts: row.zoneAttempts, currentAttempt: row.currentAttempt } } : null;
  }
  if (op.kind === 'LEAD_ROUTE') {
    const row = parsed.data.routes.find((route) => route.id === op.routeId);
    return row ? { version: row.version, value: { hold: row.hold, plus: row.plus, top: row.top, time: row.time } } : null;
  }
  const row = parsed.data.speedRoutes.find((run) => run.id === op.runId);
  return row ? { version: row.version, value: { time: row.time, fall: row.fall, falseStart: row.falseStart } } : null;
}

/** Reads the answer to an operation's request. */
export function interpretAnswer(op: ScoreOperation, answer: TransportAnswer): OperationOutcome {
  if (answer.status === 'NETWORK') return { kind: 'RETRY', code: 'NETWORK' };
  const { status, body } = answer;
  if (status >= 200 && status < 300) {
    const target = targetIn(op, body);
    if (!target) return { kind: 'RETRY', code: 'UNEXPECTED_ERROR' };
    return { kind: 'SAVED', version: target.version, body };
  }
  const parsed = errorBody.safeParse(body);
  const code = parsed.success ? parsed.data.error.code : `HTTP_${status}`;
  if (status === 409 && code === 'VERSION_CONFLICT' && parsed.success) {
    const details = conflictDetails.safeParse(parsed.data.error.details);
    const current = details.success ? targetIn(op, details.data.current) : null;
    if (current) return { kind: 'CONFLICT', version: current.version, theirs: current.value, body: details.success ? details.data.current : null };
  }
  if (status === 401 || status === 403) return { kind: 'AUTH', code };
  if (status === 408 || status === 429 || status >= 500) return { kind: 'RETRY', code };
  return parsed.success && parsed.data.error.details !== undefined ? { kind: 'REFUSED', code, details: parsed.data.error.details } : { kind: 'REFUSED', code };
}

// ---------------------------------------------------------------------------------------------
// The queue as a list: pure transitions, newest state returned, the input left untouched.

const byKey = (key: string) => (op: ScoreOperation) => targetKey(op) === key;

/**
 * Adds a new entry. Its base is the base of the chain on the same target when there is one (the
 * value was built on those entries), else `baseVersion` as the caller knew it. While the target
 * waits in a conflict, the entry becomes the "mine" side of that conflict instead.
 */
export function enqueueOperation(queue: readonly ScoreOperation[], entry: NewScoreOperation & Pick<OperationCommon, 'id' | 'createdAt' | 'deviceId' | 'raceId' | 'stage' | 'baseVersion'>): ScoreOperation[] {
  const key = targetKey(entry);
  const same = queue.filter(byKey(key)).filter((op) => op.status !== 'REFUSED');
  const conflict = same.find((op) => op.status === 'CONFLICT');
  if (conflict) return queue.map((op) => (op === conflict ? ({ ...op, value: entry.value, createdAt: entry.createdAt } as ScoreOperation) : op));
  const chain = same.at(-1);
  const seq = Math.max(0, ...queue.map((op) => op.seq)) + 1;
  const op = { ...entry, seq, baseVersion: chain ? chain.baseVersion : entry.baseVersion, status: 'PENDING', conflictVersion: null, refusedCode: null, theirs: null } as ScoreOperation;
  return [...queue, op];
}

/** Stored: the operation leaves the queue; later entries on its target are now based on its version. */
export function operationSaved(queue: readonly ScoreOperation[], id: string, version: number): ScoreOperation[] {
  const sent = queue.find((op) => op.id === id);
  if (!sent) return [...queue];
  const key = targetKey(sent);
  return queue.filter((op) => op.id !== id).map((op) => (op.status === 'PENDING' && targetKey(op) === key ? { ...op, baseVersion: version } : op));
}

/**
 * Somebody else changed the target: the chain on it collapses into one conflict holding the
 * judge's newest value ("mine") and the stored one ("theirs"), until the judge decides.
 */
export function operationConflicted(queue: readonly ScoreOperation[], id: string, version: number, theirs: OperationValue): ScoreOperation[] {
  const sent = queue.find((op) => op.id === id);
  if (!sent) return [...queue];
  const key = targetKey(sent);
  const chain = queue.filter((op) => op.status === 'PENDING' && targetKey(op) === key);
  const mine = chain.at(-1)?.value ?? sent.value;
  const conflict = { ...sent, status: 'CONFLICT', value: mine, theirs, conflictVersion: version } as ScoreOperation;
  return queue.filter((op) => op === sent || !chain.includes(op)).map((op) => (op === sent ? conflict : op));
}

/** The entry can never be stored (closed round, invalid value): kept to be shown until dismissed. */
export function operationRefused(queue: readonly ScoreOperation[], id: string, code: string, details?: unknown): ScoreOperation[] {
  return queue.map((op) => (op.id === id ? { ...op, status: 'REFUSED', refusedCode: code, ...(details === undefined ? {} : { refusedDetails: details }) } : op));
}

/** Keep mine: the judge's value is sent again, based on the value it now knowingly replaces, under a new id. */
export function keepMine(queue: readonly ScoreOperation[], id: string, newId: string): ScoreOperation[] {
  return queue.map((op) => (op.id === id && op.status === 'CONFLICT' ? { ...op, id: newId, status: 'PENDING', baseVersion: op.conflictVersion, conflictVersion: null, theirs: null } : op));
}

/** Take theirs (or dismiss a refused entry): the entry is dropped, the stored value stays. */
export function dropOperation(queue: readonly ScoreOperation[], id: string): ScoreOperation[] {
  return queue.filter((op) => op.id !== id);
}

/** The value the judge should see for a target: the newest entry still on the device, else none. */
export function pendingValueOf<Op extends ScoreOperation>(queue: readonly ScoreOperation[], key: string): Op['value'] | null {
  const mine = queue.filter((op) => op.status !== 'REFUSED' && targetKey(op) === key).at(-1);
  return (mine?.value as Op['value'] | undefined) ?? null;
}

/** The next operation to send: the oldest pending one. */
export const nextToSend = (queue: readonly ScoreOperation[]): ScoreOperation | undefined =>
  [...queue].sort((a, b) => a.seq - b.seq).find((op) => op.status === 'PENDING');
