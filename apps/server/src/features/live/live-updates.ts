import { bracketPrints, diffBracket, diffRows, fingerprintRows, type BracketPatch, type BracketShape, type LivePatch, type RowFingerprint, type Stage } from '@climbing/domain';
import type { CachedRaceResults, CachedStage } from '../results/results-cache.ts';
import type { ResultRow } from '../results/results-service.ts';
import type { SpeedMatchView } from '../results/speed-bracket-store.ts';

/**
 * What a race's live streams are sent, computed once per update for all of them: the whole tables
 * a new stream starts from and, after a committed change, the patches that bring every stream from
 * what it holds to the new version (docs/judging-and-live.md). Used where the updates are computed:
 * by the server's live hub (live-hub.ts) and, on PostgreSQL, by the fan-out process, which reads
 * and ranks the races of its streams on a connection of its own so that the updates' work and
 * garbage are not the server's (live-fan-out-process.ts).
 */

/** One Server-Sent Events frame, encoded once and written as is to every subscriber. */
export const sseFrame = (event: string, data: string): Buffer => Buffer.from(`event: ${event}\ndata: ${data}\n\n`, 'utf8');

const lastScoreJson = (lastScore: Date | null): string => JSON.stringify(lastScore?.toISOString() ?? null);

/**
 * The data of one `results` event, a whole table: `{ raceId, stage, version, rows, sentAt,
 * lastScoreAt }` (`lastScoreAt`: when the server received the race's newest score entry, ISO time,
 * null before any). The rows come serialized from the results cache.
 */
export const resultsEvent = (raceId: number, stage: Stage, version: number, rowsJson: string, sentAt: number, lastScore: Date | null): string =>
  `{"raceId":${raceId},"stage":${JSON.stringify(stage)},"version":${version},"rows":${rowsJson},"sentAt":${sentAt},"lastScoreAt":${lastScoreJson(lastScore)}}`;

/** The data of one `patch` event: `{ raceId, stage, sentAt, lastScoreAt }` and the patch (`LivePatch`). */
export const patchEvent = (raceId: number, stage: Stage, patch: LivePatch<ResultRow>, sentAt: number, lastScore: Date | null): string =>
  JSON.stringify({ raceId, stage, ...patch, sentAt, lastScoreAt: lastScore?.toISOString() ?? null });

/**
 * The data of one `bracket` event, a speed final's whole bracket: `{ raceId, version, brackets,
 * matches, sentAt }` (`brackets`: each bracket's gender, size and stages; `matches`: every match as
 * GET /api/race/{id}/speed-bracket gives it).
 */
export const wholeBracketEvent = (raceId: number, bracket: BracketSent, sentAt: number): string =>
  JSON.stringify({ raceId, version: bracket.version, brackets: bracket.shapes, matches: bracket.matches, sentAt });

/** The data of a `bracket` event that patches the bracket held: `{ raceId, base, version, brackets, matches, removed, sentAt }`, only the matches changed or added. */
export const bracketPatchEvent = (raceId: number, patch: BracketPatch<SpeedMatchView>, sentAt: number): string => JSON.stringify({ raceId, ...patch, sentAt });

/**
 * Notifications arriving within this window are answered with one computation: 30 judges saving
 * at once cost one ranking per race, not thirty, and a subscriber still sees every committed score.
 */
const COALESCE_MS = 15;
/**
 * A race's results are computed for its subscribers at most once per this interval: under a burst
 * every score still arrives (in the next update), and a race is ranked at most twenty times a
 * second. (The fan-out process writes its streams in a round of its own, at most
 * LIVE_FAN_OUT_SHARE of its time: a stream there gets the updates of a round in one write.)
 */
const MIN_PUSH_INTERVAL_MS = 50;
/**
 * And the pause after an update is at least this many times as long as writing it took the
 * thread that computes the updates: with ten thousand spectators written in the server's own
 * process a fan-out takes tens of milliseconds, and the judges keep at least two thirds of the
 * event loop.
 */
const FAN_OUT_DUTY = 2;

/** What a race's subscribers were last sent for one stage: the base of the next patch. */
interface StageSent {
  /** The results version this table was computed at (a patch's `base`). */
  version: number;
  /** The table (its JSON is made when a new subscriber needs it whole). */
  table: CachedStage;
  /** Null when the table cannot be patched (a racer twice): it is then always sent whole. */
  prints: Map<number, RowFingerprint> | null;
}

/** The speed final's bracket as the race's streams hold it (sent with the FINAL stage's frames). */
interface BracketSent {
  version: number;
  shapes: BracketShape[];
  matches: SpeedMatchView[];
  prints: Map<number, string>;
}

/** Null for a race without speed finals; an empty bracket before they begin, so a new stream always learns the current one. */
const bracketSent = (entry: CachedRaceResults): BracketSent | null => {
  const bracket = entry.bracket;
  if (!bracket) return null;
  return { version: entry.version, shapes: bracket.brackets.map(({ gender, size, stages }) => ({ gender, size, stages })), matches: bracket.matches, prints: bracketPrints(bracket.matches) };
};

/** A stage's frames of one update in one buffer: the FINAL's table or patch and the bracket's event. */
const joinFrames = (frames: Map<Stage, Buffer>, stage: Stage, frame: Buffer): void => {
  const before = frames.get(stage);
  frames.set(stage, before ? Buffer.concat([before, frame]) : frame);
};

interface RaceSent {
  version: number;
  lastScoreAt: Date | null;
  stages: Map<Stage, StageSent>;
  /** Null for a race without speed finals (see bracketSent). */
  bracket: BracketSent | null;
  /** The whole tables a new subscriber gets, encoded once until the next change. */
  wholeTables?: Map<Stage, Buffer>;
}

export interface RaceUpdatesOptions {
  /** The race's results at their current version (the results cache). */
  read(raceId: number): Promise<CachedRaceResults>;
  /**
   * Writes one update's frames to the race's streams, after its earlier ones; resolves when they
   * are written (or taken by the fan-out process) with how long the writing kept this thread
   * busy, in ms (the pause before the next update is at least FAN_OUT_DUTY times as long).
   */
  deliver(raceId: number, frames: Map<Stage, Buffer>): Promise<number>;
  warn(details: Record<string, unknown>, message: string): void;
}

export interface RaceUpdates {
  /**
   * Follows the race (until `forget`) and calls `attach` with the whole tables of what its streams
   * hold: an unchanged race costs a version lookup, no ranking and no results query. `attach` runs
   * synchronously with the tables, so a stream it registers gets every later update and nothing
   * twice (between an awaited answer and the code after it, an update could go out).
   */
  join<T>(raceId: number, attach: (tables: Map<Stage, Buffer>) => T): Promise<T>;
  /** Stops following a race nobody watches any more. */
  forget(raceId: number): void;
  /** Something of the race was committed: its streams get an update (coalesced, at most every MIN_PUSH_INTERVAL_MS). */
  changed(raceId: number): void;
  /** Whether the race is followed. */
  follows(raceId: number): boolean;
  /** Drops the updates not started and waits for the ones in progress (shutdown). */
  close(): Promise<void>;
}

export function createRaceUpdates(options: RaceUpdatesOptions): RaceUpdates {
  const sent = new Map<number, RaceSent>();
  const pending = new Map<number, NodeJS.Timeout>();
  const running = new Map<number, Promise<void>>();
  const dirty = new Set<number>();
  const lastPushAt = new Map<number, number>();
  /** How long delivering the race's last update kept this thread busy. */
  const deliveryMs = new Map<number, number>();
  let closed = false;

  const stageSent = (cached: CachedStage, version: number): StageSent => ({ version, table: cached, prints: fingerprintRows(cached.results.rows) });

  const wholeTables = (raceId: number, race: RaceSent): Map<Stage, Buffer> => {
    if (race.wholeTables) return race.wholeTables;
    const sentAt = Date.now();
    const frames = new Map<Stage, Buffer>();
    for (const [stage, sentStage] of race.stages) {
      if (sentStage.table.results.rows.length > 0) frames.set(stage, sseFrame('results', resultsEvent(raceId, stage, sentStage.version, sentStage.table.rowsJson, sentAt, race.lastScoreAt)));
    }
    if (race.bracket) joinFrames(frames, 'FINAL', sseFrame('bracket', wholeBracketEvent(raceId, race.bracket, sentAt)));
    race.wholeTables = frames;
    return frames;
  };

  /**
   * The frames that bring subscribers from what they were sent to `entry`: a patch per changed
   * stage (a whole table where a patch cannot say it), nothing for an unchanged stage.
   */
  const advance = (raceId: number, race: RaceSent, entry: CachedRaceResults): Map<Stage, Buffer> => {
    const sentAt = Date.now();
    const frames = new Map<Stage, Buffer>();
    for (const [stage, cached] of entry.stages) {
      const before = race.stages.get(stage);
      if (before && (before.table === cached || (before.table.results.rows.length === 0 && cached.results.rows.length === 0))) continue;
      const now = stageSent(cached, entry.version);
      // Fingerprints hold each row whole (its figures and its place): no patch means the same table.
      // A table that cannot be patched is compared whole.
      const patchable = before?.prints && now.prints;
      const patch = patchable ? diffRows(before.prints!, cached.results.rows, now.prints!, { base: before.version, version: entry.version }) : null;
      if (patchable ? patch === null : before?.table.rowsJson === cached.rowsJson) continue;
      race.stages.set(stage, now);
      if (patch) frames.set(stage, sseFrame('patch', patchEvent(raceId, stage, patch, sentAt, entry.lastScoreAt)));
      else if (cached.results.rows.length > 0 || before) frames.set(stage, sseFrame('results', resultsEvent(raceId, stage, entry.version, cached.rowsJson, sentAt, entry.lastScoreAt)));
    }
    const bracket = advanceBracket(raceId, race, entry, sentAt);
    if (bracket) joinFrames(frames, 'FINAL', bracket);
    race.version = entry.version;
    race.lastScoreAt = entry.lastScoreAt;
    delete race.wholeTables;
    return frames;
  };

  /** The bracket's frame of an update: the whole bracket when the finals begin, else the matches changed; null when none did. */
  const advanceBracket = (raceId: number, race: RaceSent, entry: CachedRaceResults, sentAt: number): Buffer | null => {
    const before = race.bracket;
    const now = bracketSent(entry);
    if (!before) {
      race.bracket = now;
      return now ? sseFrame('bracket', wholeBracketEvent(raceId, now, sentAt)) : null;
    }
    // The race no longer has speed finals (its format changed): the streams hold an empty bracket.
    const next = now ?? { version: entry.version, shapes: [], matches: [], prints: new Map<number, string>() };
    const patch = diffBracket(before.prints, before.shapes, { matches: next.matches, brackets: next.shapes, prints: next.prints }, { base: before.version, version: entry.version });
    if (!patch) return null;
    race.bracket = now;
    return sseFrame('bracket', bracketPatchEvent(raceId, patch, sentAt));
  };

  const push = async (raceId: number): Promise<void> => {
    dirty.delete(raceId);
    try {
      lastPushAt.set(raceId, Date.now());
      // Computed once per committed change; a results request may already have done it.
      const entry = await options.read(raceId);
      const race = sent.get(raceId);
      if (!race || entry.version <= race.version) return;
      const frames = advance(raceId, race, entry);
      // The next update is computed once this one is written (the fan-out process takes an update
      // at once and writes it in its round): changes that come faster are coalesced, not queued,
      // and the next update carries everything committed meanwhile.
      if (frames.size > 0) deliveryMs.set(raceId, await options.deliver(raceId, frames));
    } catch (error) {
      options.warn({ err: error, raceId }, 'live results could not be computed');
    }
  };

  /** `coalesceMs`: how long to wait for more notifications; none after an update, when changes have waited for it already. */
  const changed = (raceId: number, coalesceMs = COALESCE_MS): void => {
    if (closed || !sent.has(raceId) || pending.has(raceId)) return;
    if (running.has(raceId)) {
      // A change committed while computing or writing: one more update once this one is out.
      dirty.add(raceId);
      return;
    }
    const sinceLast = Date.now() - (lastPushAt.get(raceId) ?? 0);
    pending.set(
      raceId,
      setTimeout(
        () => {
          pending.delete(raceId);
          const work = push(raceId).finally(() => {
            running.delete(raceId);
            if (dirty.delete(raceId)) changed(raceId, 0);
          });
          running.set(raceId, work);
        },
        Math.max(coalesceMs, Math.max(MIN_PUSH_INTERVAL_MS, FAN_OUT_DUTY * (deliveryMs.get(raceId) ?? 0)) - sinceLast),
      ),
    );
  };

  return {
    async join(raceId, attach) {
      const entry = await options.read(raceId);
      let race = sent.get(raceId);
      if (!race) {
        race = {
          version: entry.version,
          lastScoreAt: entry.lastScoreAt,
          stages: new Map([...entry.stages].map(([stage, cached]) => [stage, stageSent(cached, entry.version)])),
          bracket: bracketSent(entry),
        };
        sent.set(raceId, race);
      } else if (entry.version > race.version) {
        // Newer than what the others were sent (a notification on its way, or one lost while the
        // listening connection was down): this stream starts from what they hold, and all get the change.
        changed(raceId);
      }
      // Whole tables of what the race's streams hold, so that the next patch fits this one too.
      return attach(wholeTables(raceId, race));
    },
    forget(raceId) {
      sent.delete(raceId);
      lastPushAt.delete(raceId);
      deliveryMs.delete(raceId);
      clearTimeout(pending.get(raceId));
      pending.delete(raceId);
    },
    changed: (raceId) => changed(raceId),
    follows: (raceId) => sent.has(raceId),
    async close() {
      closed = true;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
      await Promise.allSettled(running.values());
    },
  };
}
