import { STAGES, type Stage } from '@climbing/domain';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { readAuthToken } from '../../../lib/auth-token';
import { resultRowSchema, type ResultRow } from './results';

// Same base as the HTTP client (spec 7: configurable, same origin by default).
const API_BASE = import.meta.env.VITE_API_BASE ?? '';
/** After the server refused the stream (EventSource gives up on a non-200 answer), try again after this. */
export const LIVE_RETRY_MS = 5_000;

const liveMessageSchema = z.object({
  raceId: z.number(),
  stage: z.enum(STAGES),
  rows: z.array(resultRowSchema),
  sentAt: z.union([z.number(), z.string()]).optional(),
  lastScoreAt: z.string().nullish(),
});

/** `ended`: the server closed the stream for good because the viewer may no longer see the race. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'ended';

export interface LiveResults {
  status: LiveStatus;
  rowsByStage: Partial<Record<Stage, ResultRow[]>>;
  /** When the newest results were sent by the server (milliseconds since the epoch). */
  sentAt: number | string | null;
  /** When the server received the race's newest score (ISO), null before the first one. */
  lastScoreAt: string | null;
}

/**
 * The stream's address. EventSource cannot send an Authorization header, so a logged-in user's
 * token rides in `access_token`: it opens the live view of internal and hidden events to those
 * who may see them.
 */
export const liveStreamUrl = (raceId: number, stages: readonly Stage[], token: string | null = readAuthToken()): string => {
  const query = new URLSearchParams();
  if (stages.length > 0) query.set('stages', stages.join(','));
  if (token) query.set('access_token', token);
  const search = query.toString();
  return `${API_BASE}/api/live/race/${raceId}${search ? `?${search}` : ''}`;
};

/**
 * Results of a race kept up to date over Server-Sent Events (GET /api/live/race/{id}): the
 * server sends an event `results` per stage at once and after every committed score. The browser
 * reconnects by itself after a dropped connection; a refused one is retried here.
 */
export const useLiveResults = (raceId: number, stages: readonly Stage[]): LiveResults => {
  const stagesKey = stages.join(',');
  const [state, setState] = useState<LiveResults>({ status: 'connecting', rowsByStage: {}, sentAt: null, lastScoreAt: null });

  useEffect(() => {
    const wanted = stagesKey === '' ? [] : (stagesKey.split(',') as Stage[]);
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    setState({ status: 'connecting', rowsByStage: {}, sentAt: null, lastScoreAt: null });

    const connect = () => {
      source = new EventSource(liveStreamUrl(raceId, wanted));
      source.addEventListener('open', () => setState((current) => ({ ...current, status: 'live' })));
      source.addEventListener('results', (event) => {
        let data: unknown;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        const parsed = liveMessageSchema.safeParse(data);
        if (!parsed.success || parsed.data.raceId !== raceId) return;
        const { stage, rows, sentAt, lastScoreAt } = parsed.data;
        setState((current) => ({ status: 'live', rowsByStage: { ...current.rowsByStage, [stage]: rows }, sentAt: sentAt ?? current.sentAt, lastScoreAt: lastScoreAt ?? current.lastScoreAt }));
      });
      // The viewer's access ended (logged out, blocked, the race hidden): no reconnecting.
      source.addEventListener('ended', () => {
        ended = true;
        source?.close();
        setState((current) => ({ ...current, status: 'ended' }));
      });
      source.addEventListener('error', () => {
        if (ended) return;
        setState((current) => ({ ...current, status: 'reconnecting' }));
        if (source?.readyState === EventSource.CLOSED) {
          source.close();
          retry = setTimeout(connect, LIVE_RETRY_MS);
        }
      });
    };

    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [raceId, stagesKey]);

  return state;
};
