import type { Stage } from '@climbing/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveStreamUrl } from '../../../lib/early-stream';
import { speedBracketQueryOptions } from '../../results/api/speed-bracket';
import { racerListQueryOptions } from '../api/racer-list';

/**
 * Two judges on one boulder see each other's entries within a second: the scorecard listens to
 * the race's live stream (one `patch` event per committed change, at most every 100 ms) and reloads the
 * racer list of its stage, and the bracket in a speed final, on every update.
 */
export function useLiveRefresh(raceId: number, stage: Stage): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(liveStreamUrl(raceId, [stage]));
    let first = true;
    const refresh = () => {
      // The first event is the state at connection time: the list was just loaded.
      if (first) {
        first = false;
        return;
      }
      void queryClient.invalidateQueries({ queryKey: racerListQueryOptions(raceId, stage).queryKey });
      if (stage === 'FINAL') void queryClient.invalidateQueries({ queryKey: speedBracketQueryOptions(raceId).queryKey });
    };
    source.addEventListener('results', refresh);
    source.addEventListener('patch', refresh);
    // The browser reconnects by itself; after a reconnect the next event may carry news.
    source.addEventListener('error', () => {
      first = false;
    });
    return () => source.close();
  }, [queryClient, raceId, stage]);
}
