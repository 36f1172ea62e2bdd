import { RACE_GENDERS, ROUND_STATES, SPEED_STAGES, guard as g, type RaceGender, type SpeedStage } from '@climbing/domain';

/*
 * The speed bracket's match and its query key, apart from the query and the whole answer's schema
 * (speed-bracket.ts): the judges' queue is in every page's first download and needs only these
 * (the live page's budget, issue 14); a module's code goes to one chunk whole.
 */

/** The bracket's query key. */
export const speedBracketQueryKey = (raceId: number) => ['speed-bracket', raceId] as const;

const runSchema = g.object({ time: g.nullable(g.number()), fall: g.boolean(), falseStart: g.boolean() });

const matchRacerSchema = g.object({
  id: g.number(),
  roundId: g.nullable(g.number()),
  racerNumber: g.number(),
  fullName: g.string(),
  country: g.nullable(g.string()),
  run: g.nullable(runSchema),
});

export const speedMatchSchema = g.object({
  id: g.number(),
  /** The bracket of the match: WOMEN or MEN when the race ranks the sexes apart, else the race's gender. */
  gender: g.withFallback(g.oneOf(RACE_GENDERS), 'MIXED'),
  stage: g.oneOf(SPEED_STAGES),
  stageIndex: g.number(),
  state: g.oneOf(ROUND_STATES),
  version: g.number(),
  racerA: g.nullable(matchRacerSchema),
  racerB: g.nullable(matchRacerSchema),
  winnerRacerId: g.nullable(g.number()),
});

export type SpeedRunView = g.Infer<typeof runSchema>;
export type SpeedMatchRacer = g.Infer<typeof matchRacerSchema>;
export type SpeedMatch = g.Infer<typeof speedMatchSchema>;
/** One bracket: what the bracket layout draws. */
export interface GenderBracket {
  gender: RaceGender;
  size: number;
  stages: SpeedStage[];
  matches: SpeedMatch[];
}
/** GET /api/race/{id}/speed-bracket (the schema is in speed-bracket.ts: only the judges' queue's part is here). */
export interface SpeedBracket {
  raceId: number;
  size: number;
  stages: SpeedStage[];
  matches: SpeedMatch[];
  brackets: GenderBracket[];
  planned: { gender: RaceGender; size: number; racersWithTime: number }[];
}
