import { foldBracketEvent, foldLiveEvent, RACE_GENDERS, SPEED_STAGES, STAGES, type LiveBracket, type LiveTable, type RaceGender, type Stage, guard as g } from '@climbing/domain';
import { useEffect, useState } from 'react';
import { LIVE_EVENT_TYPES, liveStreamUrl, takeEarlyStream } from '../../../lib/early-stream';
import { resultRowSchema, type ResultRow } from './results';
import { speedMatchSchema, type SpeedMatch } from './speed-bracket-schema';

/** After the server refused the stream (EventSource gives up on a non-200 answer), try again after this. */
export const LIVE_RETRY_MS = 5_000;

const int = () => g.number({ integer: true });
const liveHeader = {
  raceId: g.number(),
  stage: g.oneOf(STAGES),
  sentAt: g.optional(g.union([g.number(), g.string()])),
  lastScoreAt: g.nullish(g.string()),
};
/** `results`: a stage's whole table at a version. */
export const wholeTableSchema = g.object({ ...liveHeader, version: g.withDefault(int(), 0), rows: g.array(resultRowSchema) });
/** `patch`: what changed since version `base` (packages/domain live-patch.ts). */
export const patchSchema = g.object({
  ...liveHeader,
  base: int(),
  version: int(),
  count: g.number({ integer: true, min: 0 }),
  rows: g.array(resultRowSchema),
  at: g.array(int()),
  places: g.array(g.tuple([int(), int(), int(), g.nullable(int()), g.nullable(g.string())])),
  removed: g.array(int()),
});

/** `bracket`: a speed final's whole bracket, or with `base` the matches changed since that version (packages/domain bracket-patch.ts). */
export const bracketEventSchema = g.object({
  raceId: g.number(),
  base: g.optional(g.number()),
  version: g.number(),
  brackets: g.array(g.object({ gender: g.oneOf(RACE_GENDERS), size: g.number(), stages: g.array(g.oneOf(SPEED_STAGES)) })),
  matches: g.array(speedMatchSchema),
  removed: g.withDefault(g.array(g.number()), []),
});

/** A speed final's bracket as the stream holds it. */
export type LiveSpeedBracket = LiveBracket<SpeedMatch, RaceGender>;

const readData = (event: Event): unknown => {
  try {
    return JSON.parse((event as MessageEvent<string>).data);
  } catch {
    return undefined;
  }
};

/** `ended`: the server closed the stream for good because the viewer may no longer see the race. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'ended';

export interface LiveResults {
  status: LiveStatus;
  rowsByStage: Partial<Record<Stage, ResultRow[]>>;
  /** When the newest results were sent by the server (milliseconds since the epoch). */
  sentAt: number | string | null;
  /** When the server received the race's newest score (ISO), null before the first one. */
  lastScoreAt: string | null;
  /** A speed race's elimination bracket (empty before its finals); null for other races. */
  bracket: LiveSpeedBracket | null;
}

/**
 * Results of a race kept up to date over Server-Sent Events (GET /api/live/race/{id}): the
 * server sends an event `results` per stage at once (the whole table) and an event `patch` per
 * changed stage after every committed score, which applies to the table held. The browser
 * reconnects by itself after a dropped connection; a refused one is retried here.
 */
export const useLiveResults = (raceId: number, stages: readonly Stage[]): LiveResults => {
  const stagesKey = stages.join(',');
  const [state, setState] = useState<LiveResults>({ status: 'connecting', rowsByStage: {}, sentAt: null, lastScoreAt: null, bracket: null });

  useEffect(() => {
    const wanted = stagesKey === '' ? [] : (stagesKey.split(',') as Stage[]);
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    setState({ status: 'connecting', rowsByStage: {}, sentAt: null, lastScoreAt: null, bracket: null });

    // The first connection may take over the stream main.tsx opened while the page was loading.
    let first = true;
    const connect = () => {
      const url = liveStreamUrl(raceId, wanted);
      const early = first ? takeEarlyStream(url) : null;
      first = false;
      const current = early?.source ?? new EventSource(url, { withCredentials: true });
      source = current;
      const tables = new Map<Stage, LiveTable<ResultRow>>();
      let bracket: LiveSpeedBracket | null = null;
      /** A version went missing: a new stream starts with every whole table again. */
      const resync = () => {
        current.close();
        connect();
      };
      const apply = (stage: Stage, change: Parameters<typeof foldLiveEvent<ResultRow>>[1], header: { sentAt?: number | string | undefined; lastScoreAt?: string | null | undefined }) => {
        const table = foldLiveEvent(tables.get(stage), change);
        if (table === 'resync') return resync();
        tables.set(stage, table);
        setState((state) => ({ ...state, status: 'live', rowsByStage: { ...state.rowsByStage, [stage]: table.rows }, sentAt: header.sentAt ?? state.sentAt, lastScoreAt: header.lastScoreAt ?? state.lastScoreAt }));
      };
      const handlers: Record<(typeof LIVE_EVENT_TYPES)[number], (event: Event) => void> = {
        open: () => setState((state) => ({ ...state, status: 'live' })),
        results: (event) => {
          const parsed = wholeTableSchema.safeParse(readData(event));
          if (parsed.success && parsed.data.raceId === raceId) apply(parsed.data.stage, { kind: 'results', version: parsed.data.version, rows: parsed.data.rows }, parsed.data);
        },
        patch: (event) => {
          const parsed = patchSchema.safeParse(readData(event));
          if (parsed.success && parsed.data.raceId === raceId) apply(parsed.data.stage, { kind: 'patch', ...parsed.data }, parsed.data);
        },
        bracket: (event) => {
          const parsed = bracketEventSchema.safeParse(readData(event));
          if (!parsed.success || parsed.data.raceId !== raceId) return;
          const { base, ...data } = parsed.data;
          const next = foldBracketEvent(bracket, base === undefined ? { kind: 'whole', ...data } : { kind: 'patch', ...data, base });
          if (next === 'resync') return resync();
          bracket = next;
          setState((state) => ({ ...state, status: 'live', bracket: next }));
        },
        // The viewer's access ended (logged out, blocked, the race hidden): no reconnecting.
        ended: () => {
          ended = true;
          current.close();
          setState((state) => ({ ...state, status: 'ended' }));
        },
        error: () => {
          if (ended) return;
          setState((state) => ({ ...state, status: 'reconnecting' }));
          if (current.readyState === EventSource.CLOSED) {
            current.close();
            retry = setTimeout(connect, LIVE_RETRY_MS);
          }
        },
      };
      for (const type of LIVE_EVENT_TYPES) current.addEventListener(type, handlers[type]);
      // What the early stream received before this page took it over, in order.
      for (const event of early?.events ?? []) {
        if (source !== current || ended) break;
        handlers[event.type as (typeof LIVE_EVENT_TYPES)[number]](event);
      }
    };

    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [raceId, stagesKey]);

  return state;
};
