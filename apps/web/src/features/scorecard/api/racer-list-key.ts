import type { Stage } from '@climbing/domain';

/** The query key of a stage's racer list (the judges' queue, in every page's first download, needs only the keys). */
export const racerListQueryKey = (raceId: number, stage: Stage) => ['racer-list', raceId, stage] as const;

/** The key of a stage's racer list in the device's offline cache. */
export const racerListCacheKey = (raceId: number, stage: Stage): string => `racer-list:${raceId}:${stage}`;
