import type { Stage } from '@climbing/domain';

// Same base as the HTTP client (spec 7: configurable, same origin by default).
const API_BASE = import.meta.env.VITE_API_BASE ?? '';

/** The events a live stream sends (`features/results/api/use-live-results.ts` handles them). */
export const LIVE_EVENT_TYPES = ['open', 'results', 'patch', 'bracket', 'ended', 'error'] as const;

/** A stream not taken over by a page within this time was not wanted after all: it is closed. */
const UNCLAIMED_MS = 30_000;

/**
 * The stream's address. No token in it: the EventSource sends the session cookie by itself
 * (withCredentials), which opens internal and hidden events to those who may see them.
 */
export const liveStreamUrl = (raceId: number, stages: readonly Stage[]): string => {
  const query = new URLSearchParams();
  if (stages.length > 0) query.set('stages', stages.join(','));
  const search = query.toString();
  return `${API_BASE}/api/live/race/${raceId}${search ? `?${search}` : ''}`;
};


interface EarlyStream {
  url: string;
  source: EventSource;
  events: Event[];
  stopRecording: () => void;
}

let early: EarlyStream | null = null;

/**
 * Opens the live stream of the page being loaded at once (main.tsx), before the code and the texts
 * have arrived: on a slow network the first results are then on their way while the page is
 * still downloading (issue 14, item 5). The events received until the page takes the stream
 * over are recorded.
 */
export const openEarlyStream = (url: string): void => {
  if (typeof EventSource === 'undefined') return;
  const source = new EventSource(url, { withCredentials: true });
  const events: Event[] = [];
  const record = (event: Event) => events.push(event);
  for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, record);
  early = { url, source, events, stopRecording: () => LIVE_EVENT_TYPES.forEach((type) => source.removeEventListener(type, record)) };
  setTimeout(() => {
    if (early?.source !== source) return;
    source.close();
    early = null;
  }, UNCLAIMED_MS);
};

/**
 * The stream opened early for `url` with the events it recorded, once; null when there is none,
 * it is for another address (then it is closed) or it was closed. The caller adds its listeners
 * in the same task and then replays the recorded events, so none is missed or seen twice.
 */
export const takeEarlyStream = (url: string): { source: EventSource; events: Event[] } | null => {
  const taken = early;
  if (!taken) return null;
  early = null;
  taken.stopRecording();
  if (taken.url !== url || taken.source.readyState === EventSource.CLOSED) {
    taken.source.close();
    return null;
  }
  return { source: taken.source, events: taken.events };
};
