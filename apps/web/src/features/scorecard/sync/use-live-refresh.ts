import type { Stage } from '@climbing/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveStreamUrl } from '../../../lib/early-stream';
import { speedBracketQueryOptions } from '../../results/api/speed-bracket';
import { racerListQueryOptions } from '../api/racer-list';
import { refreshThrottle } from './refresh-throttle';

/**
 * The phone starts at most one reload of the list per this interval: short, because a judge who
 * enters on a list older than another judge's entry on the same boulder meets a conflict.
 */
const REFRESH_INTERVAL_MS = 250;

/**
 * Two judges on one boulder see each other's entries within a second: the scorecard listens to
 * the race's live stream (one `patch` event per committed change, at most every 100 ms) and reloads the
 * racer list of its stage, and the bracket in a speed final, after an update: one reload at a time,
 * at most four a second (refresh-throttle.ts), so that a slow phone finishes the one it started.
 */
export function useLiveRefresh(raceId: number, stage: Stage): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(liveStreamUrl(raceId, [stage]));
    let first = true;
    const throttle = refreshThrottle(
      () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: racerListQueryOptions(raceId, stage).queryKey }),
          stage === 'FINAL' ? queryClient.invalidateQueries({ queryKey: speedBracketQueryOptions(raceId).queryKey }) : null,
        ]),
      REFRESH_INTERVAL_MS,
    );
    const refresh = () => {
      // The first event is the state at connection time: the list was just loaded.
      if (first) {
        first = false;
        return;
      }
      throttle.request();
    };
    source.addEventListener('results', refresh);
    source.addEventListener('patch', refresh);
    // A speed final's match entered by another judge changes the bracket, not always the ranking.
    // The whole bracket comes with the tables at connection time (the state just loaded); a patch has a base.
    source.addEventListener('bracket', (event) => {
      if ((event as MessageEvent<string>).data.includes('"base"')) throttle.request();
      else first = false;
    });
    // The browser reconnects by itself; after a reconnect the next event may carry news.
    source.addEventListener('error', () => {
      first = false;
    });
    return () => {
      throttle.stop();
      source.close();
    };
  }, [queryClient, raceId, stage]);
}
