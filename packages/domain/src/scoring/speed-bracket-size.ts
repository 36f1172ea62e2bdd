/**
 * Size of the speed elimination bracket (spec 4, issue 9): the largest of 16, 8 and 4 that is at
 * most both the number of racers with a valid qualification time and `numberOfFinalRacers` (the
 * race's "racers in the final" setting; no limit when left out), otherwise 0: no bracket, the race
 * is finished on its qualification ranking.
 */
export const speedBracketSize = (racersWithTime: number, numberOfFinalRacers: number = Number.POSITIVE_INFINITY): 16 | 8 | 4 | 0 => {
  const limit = Math.min(racersWithTime, numberOfFinalRacers);
  if (limit >= 16) return 16;
  if (limit >= 8) return 8;
  if (limit >= 4) return 4;
  return 0;
};
