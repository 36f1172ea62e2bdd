import { LEAD_HOLD_MAX, RACE_GENDERS, ROUND_STATES, SEXES, SPEED_STAGES, STAGES } from '@climbing/domain';
import { z } from 'zod';

const attempts = z.number().int().min(1).max(999).nullable();

export const boulderView = z.object({
  id: z.number().int().nullable(),
  boulderIndex: z.number().int(),
  topAttempts: z.number().int().nullable(),
  zoneAttempts: z.number().int().nullable(),
  currentAttempt: z.number().int(),
  /** The round version of the last write that changed this boulder (send it back as the boulder's `version`). */
  version: z.number().int(),
});

export const leadRouteView = z.object({
  id: z.number().int().nullable(),
  routeIndex: z.number().int(),
  hold: z.number().nullable(),
  plus: z.boolean(),
  top: z.boolean(),
  time: z.number().int().nullable(),
  version: z.number().int(),
});

export const speedRouteView = z.object({
  id: z.number().int().nullable(),
  routeIndex: z.number().int(),
  attemptIndex: z.number().int(),
  time: z.number().int().nullable(),
  fall: z.boolean(),
  falseStart: z.boolean(),
  version: z.number().int(),
});

export const roundView = z.object({
  id: z.number().int(),
  racerId: z.number().int(),
  stage: z.enum(STAGES),
  state: z.enum(ROUND_STATES),
  startingNumber: z.number().int().nullable(),
  version: z.number().int(),
  qualificationGroupId: z.number().int().nullable(),
  boulders: z.array(boulderView),
  routes: z.array(leadRouteView),
  speedRoutes: z.array(speedRouteView),
});

export const resultRacer = z.object({
  id: z.number().int(),
  racerNumber: z.number().int(),
  fullName: z.string(),
  birthYear: z.number().int().nullable(),
  sex: z.enum(['M', 'F']),
  country: z.string().nullable(),
  club: z.string().nullable(),
  qualificationGroup: z.string().nullable(),
});

/** A match of a speed final beside each of its two racers (GET /api/racer/list of a speed FINAL): who races whom. */
export const racerSpeedMatch = z.object({
  id: z.number().int(),
  /** The bracket: WOMEN or MEN when a MIXED race ranks the sexes apart, else the race's gender. */
  gender: z.enum(RACE_GENDERS),
  stage: z.enum(SPEED_STAGES),
  /** Position in its stage, 0 first ("quarter-final 3" is QUARTER_FINAL 2). */
  stageIndex: z.number().int(),
  /** The match's own state (CLOSED once its result is entered), not its rounds'. */
  state: z.enum(ROUND_STATES),
  racerAId: z.number().int().nullable(),
  racerBId: z.number().int().nullable(),
  winnerRacerId: z.number().int().nullable(),
});

export const racerWithRounds = resultRacer.extend({
  member: z.boolean(),
  rounds: z.array(roundView),
  /**
   * The FINAL of a speed race: the matches of the racer's final round, in bracket order, each
   * naming both racers (their two rounds are reopened together to correct it); empty otherwise.
   */
  speedMatches: z.array(racerSpeedMatch),
});

/** The optional `Idempotency-Key` of a score write (checked by features/scoring/idempotency.ts). */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .optional()
    .describe('A client operation id (8-128 of A-Z a-z 0-9 - _ . :), e.g. a UUID. A repeated key answers the first answer without writing again; the same key with another request is 422.'),
});

/**
 * Where an entry comes from, for the audit trail (all optional): the judge's device id and when the
 * entry was made on the device (it may reach the server much later, from the device's queue).
 */
export const entryOrigin = {
  deviceId: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/).optional(),
  enteredAt: z.iso.datetime({ offset: true }).optional(),
};

/**
 * Spec 7 body of PUT /api/racer/{racerId}/round/{roundId}. `version` (of the round, or per boulder)
 * is the version the edit was based on: a boulder changed by somebody else since then is refused
 * with 409; other boulders merge.
 */
export const boulderScoresBody = z
  .object({
    boulders: z
      .array(
        z.object({
          id: z.number().int().positive().nullish(),
          boulderIndex: z.number().int().min(0).max(99).nullish(),
          topAttempts: attempts,
          zoneAttempts: attempts,
          currentAttempt: z.number().int().min(0).max(999).nullish(),
          version: z.number().int().min(0).nullish(),
        }),
      )
      .max(100),
    version: z.number().int().min(0).optional(),
    ...entryOrigin,
  })
  .meta({
    example: { boulders: [{ id: 1, topAttempts: 2, zoneAttempts: 1, currentAttempt: 2 }, { id: 2, topAttempts: null, zoneAttempts: 3, currentAttempt: 5 }], version: 3 },
  });

/** Spec 7 body of PUT /api/racer/{racerId}/route/{routeId}. */
export const leadRouteBody = z
  .object({
    id: z.number().int().positive().optional(),
    hold: z.number().min(0).max(LEAD_HOLD_MAX).nullable(),
    plus: z.boolean().default(false),
    top: z.boolean().default(false),
    time: z.number().int().min(0).max(3_600_000).nullish(),
    version: z.number().int().min(0).optional(),
    ...entryOrigin,
  })
  .meta({ example: { id: 7, hold: 28, plus: true, top: false, time: 215000 } });

/** A speed run of a qualification round (PUT /api/racer/{racerId}/speed-route/{speedRouteId}); time in milliseconds. */
export const speedRunBody = z
  .object({
    time: z.number().int().min(1).max(3_600_000).nullable(),
    fall: z.boolean().default(false),
    falseStart: z.boolean().default(false),
    version: z.number().int().min(0).optional(),
    ...entryOrigin,
  })
  .meta({ example: { time: 6843, fall: false, falseStart: false, version: 2 } });

export const roundStateBody = z
  .object({ roundIds: z.array(z.number().int().positive()).min(1).max(1000), state: z.enum(ROUND_STATES) })
  .meta({ example: { roundIds: [11, 12], state: 'CLOSED' } });

export const resultRow = z.object({
  id: z.number().int(),
  racer: resultRacer,
  stage: z.enum(STAGES),
  /** The rank within the racer's own ranking: their sex's when a MIXED race ranks the sexes apart. */
  rank: z.number().int(),
  ageCategory: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Rank among the racers of the same ranking and age category; null without a category. */
  categoryRank: z.number().int().nullable(),
  tops: z.number().int().nullable(),
  zones: z.number().int().nullable(),
  topAttempts: z.number().int().nullable(),
  zoneAttempts: z.number().int().nullable(),
  score: z.number().nullable(),
  tieBreak: z.string().nullable(),
  boulders: z.array(z.object({ topAttempts: z.number().int().nullable(), zoneAttempts: z.number().int().nullable() })).nullable(),
  routes: z.array(z.object({ hold: z.number().nullable(), plus: z.boolean(), top: z.boolean(), time: z.number().int().nullable() })).nullable(),
  routeResults: z.array(z.object({ route: z.number().int(), rank: z.number().int(), arithmeticMean: z.number() })).nullable(),
  time: z.number().int().nullable(),
  /** Speed qualification: each run (route 0 = lane A, 1 = lane B; attempt) with its time, fall or false start; null in other stages. */
  runs: z
    .array(z.object({ route: z.number().int(), attempt: z.number().int(), time: z.number().int().nullable(), fall: z.boolean(), falseStart: z.boolean() }))
    .nullable(),
  /**
   * Speed finals with a bracket: the heat the racer climbs next or their place was decided in, whether
   * the place is final, that heat's run and, for 1/8 and 1/4 losers, the best time ordering them.
   */
  speedFinal: z
    .object({
      stage: z.enum(SPEED_STAGES),
      decided: z.boolean(),
      run: z.object({ time: z.number().int().nullable(), fall: z.boolean(), falseStart: z.boolean() }).nullable(),
      bestTime: z.number().int().nullable(),
    })
    .nullable(),
  falseStarts: z.number().int().nullable(),
  falls: z.number().int().nullable(),
  empty: z.boolean(),
});

export const stageQuery = z.object({ stage: z.enum(STAGES) });

/** GET /api/results/{raceId}: the stage, and optionally one sex or one age category (other rows left out, ranks unchanged). */
export const resultsQuery = stageQuery.extend({
  sex: z.enum(SEXES).optional(),
  ageCategoryId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** Version for optimistic concurrency, from `If-Match: "3"` (or `W/"3"`) when the body has none. */
export function versionFromIfMatch(header: string | undefined): number | undefined {
  if (!header) return undefined;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(header.trim());
  return match?.[1] === undefined ? undefined : Number(match[1]);
}
