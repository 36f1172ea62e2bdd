/**
 * Stable codes naming the criterion that separated a racer from the next one in a ranking.
 * They are a const array so that the web app can translate every code and the server can
 * validate them without a second list.
 */
export const TIE_BREAK_CODES = [
  'TOPS',
  'ZONES',
  'TOP_ATTEMPTS',
  'ZONE_ATTEMPTS',
  'POINTS',
  'COUNTBACK',
  'HEIGHT',
  'TIME',
  // Final-only podium tie-break of the tops-and-zones system (RULES.md 1a).
  'TOPS_BY_ATTEMPT',
  'ZONES_BY_ATTEMPT',
] as const;

export type TieBreakCode = (typeof TIE_BREAK_CODES)[number];
