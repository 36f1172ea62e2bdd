/**
 * Size of the speed elimination bracket from the number of racers with a valid qualification
 * time (spec section 4): the largest of 16, 8 and 4 that can be filled, otherwise no bracket.
 */
export const speedBracketSize = (racersWithTime: number): 16 | 8 | 4 | 0 => {
  if (racersWithTime >= 16) return 16;
  if (racersWithTime >= 8) return 8;
  if (racersWithTime >= 4) return 4;
  return 0;
};
