import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, numeric, pgTable, smallint, unique } from 'drizzle-orm/pg-core';
import { raceGenderEnum, roundStateEnum, speedStageEnum, stageEnum } from './enums.ts';
import { qualificationGroups, races } from './races.ts';
import { racers } from './registrations.ts';
import { timestamps } from './timestamps.ts';

/**
 * Spec 3 Round: one racer in one stage. Raw scores hang below it; ranks are always computed by
 * the domain package, never stored. `version` is bumped by every score write so that two judges
 * editing the same round get a conflict instead of a lost update.
 * The racer reference has no ON DELETE action on purpose: a racer (and so a registration, a race
 * or an event) with rounds cannot be removed by a cascade; the service must delete the rounds
 * explicitly, which it only does when the spec allows (no ongoing or finished race): delete the
 * race's speed matches, then its rounds (scores cascade), then the race or event.
 * Unlike registrations and racers, a round keeps a composite (race, group) key: the group must be
 * of the round's race, and a group with rounds cannot be deleted.
 */
export const rounds = pgTable(
  'rounds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Denormalised from the racer (enforced by the composite key) for "rounds of race X, stage Y". */
    raceId: integer().notNull(),
    racerId: integer().notNull(),
    stage: stageEnum().notNull(),
    startingNumber: integer(),
    state: roundStateEnum().notNull().default('READY'),
    version: integer().notNull().default(0),
    /** Set for qualification rounds; semifinal and final rounds have no group. */
    qualificationGroupId: integer(),
    ...timestamps,
  },
  (table) => [
    foreignKey({
      name: 'rounds_racer_fk',
      columns: [table.raceId, table.racerId],
      foreignColumns: [racers.raceId, racers.id],
    }),
    foreignKey({
      name: 'rounds_qualification_group_fk',
      columns: [table.raceId, table.qualificationGroupId],
      foreignColumns: [qualificationGroups.raceId, qualificationGroups.id],
    }),
    unique('rounds_racer_stage_unique').on(table.racerId, table.stage),
    index('rounds_race_stage_idx').on(table.raceId, table.stage),
    check('rounds_starting_number_check', sql`${table.startingNumber} >= 1`),
  ],
);

/**
 * Attempts on one boulder (0-based `boulderIndex`). Attempt counts are null until the top or zone
 * is reached; `currentAttempt` is the attempt the racer is on (0 before the first).
 */
export const boulderScores = pgTable(
  'boulder_scores',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    roundId: integer()
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    boulderIndex: smallint().notNull(),
    topAttempts: integer(),
    zoneAttempts: integer(),
    currentAttempt: integer().notNull().default(0),
    /** The round's version produced by the last write that changed this boulder (per-boulder merge). */
    changedAtVersion: integer().notNull().default(0),
  },
  (table) => [
    unique('boulder_scores_round_boulder_unique').on(table.roundId, table.boulderIndex),
    check('boulder_scores_boulder_index_check', sql`${table.boulderIndex} >= 0`),
    check(
      'boulder_scores_attempts_check',
      sql`(${table.topAttempts} is null or ${table.topAttempts} >= 1)
        and (${table.zoneAttempts} is null or ${table.zoneAttempts} >= 1)
        and ${table.currentAttempt} >= 0`,
    ),
    // Spec 5: zone attempts must not exceed top attempts when both are set.
    check(
      'boulder_scores_zone_not_after_top_check',
      sql`${table.zoneAttempts} is null or ${table.topAttempts} is null or ${table.zoneAttempts} <= ${table.topAttempts}`,
    ),
  ],
);

/**
 * One lead route of a round: highest hold reached (numeric(5,1) allows half holds), `plus` for a
 * usable-hold move, `top` for a top, and the climbing time in milliseconds for time tie-breaks.
 */
export const leadRoutes = pgTable(
  'lead_routes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    roundId: integer()
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    routeIndex: smallint().notNull(),
    hold: numeric({ precision: 5, scale: 1, mode: 'number' }),
    plus: boolean().notNull().default(false),
    top: boolean().notNull().default(false),
    timeMs: integer(),
    /** The round's version produced by the last write that changed this route. */
    changedAtVersion: integer().notNull().default(0),
  },
  (table) => [
    unique('lead_routes_round_route_unique').on(table.roundId, table.routeIndex),
    check('lead_routes_route_index_check', sql`${table.routeIndex} >= 0`),
    check('lead_routes_hold_check', sql`${table.hold} >= 0`),
    check('lead_routes_time_check', sql`${table.timeMs} >= 0`),
    check('lead_routes_top_plus_check', sql`not (${table.top} and ${table.plus})`),
  ],
);

/**
 * One speed run: `routeIndex` is the lane/route, `attemptIndex` the attempt on it (nomination
 * type allows several attempts per route; world-cup rounds always use attempt 0).
 * Time is null when the run has no valid time (fall, false start, not yet run).
 */
export const speedRoutes = pgTable(
  'speed_routes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    roundId: integer()
      .notNull()
      .references(() => rounds.id, { onDelete: 'cascade' }),
    routeIndex: smallint().notNull(),
    attemptIndex: smallint().notNull().default(0),
    timeMs: integer(),
    fall: boolean().notNull().default(false),
    falseStart: boolean().notNull().default(false),
    /** The round's version produced by the last write that changed this run. */
    changedAtVersion: integer().notNull().default(0),
  },
  (table) => [
    unique('speed_routes_round_route_attempt_unique').on(table.roundId, table.routeIndex, table.attemptIndex),
    check('speed_routes_indexes_check', sql`${table.routeIndex} >= 0 and ${table.attemptIndex} >= 0`),
    check('speed_routes_time_check', sql`${table.timeMs} > 0`),
  ],
);

/**
 * Spec 3 Speed elimination match: one pairing of a bracket (per race and gender), positioned by
 * `stage` and `stageIndex` (0-based within the stage). Racer slots are null until the previous
 * round decides them or for a bye; the winner, when set, is one of the two racers. References to
 * rounds and racers have no ON DELETE action: matches are results and are deleted explicitly.
 */
export const speedMatches = pgTable(
  'speed_matches',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    raceId: integer()
      .notNull()
      .references(() => races.id, { onDelete: 'cascade' }),
    stageIndex: smallint().notNull(),
    stage: speedStageEnum().notNull(),
    state: roundStateEnum().notNull().default('READY'),
    gender: raceGenderEnum().notNull(),
    racerARoundId: integer().references(() => rounds.id),
    racerBRoundId: integer().references(() => rounds.id),
    racerAId: integer().references(() => racers.id),
    racerBId: integer().references(() => racers.id),
    winnerRacerId: integer().references(() => racers.id),
    ...timestamps,
  },
  (table) => [
    unique('speed_matches_race_gender_stage_index_unique').on(table.raceId, table.gender, table.stage, table.stageIndex),
    check('speed_matches_stage_index_check', sql`${table.stageIndex} >= 0`),
    check(
      'speed_matches_winner_check',
      sql`${table.winnerRacerId} is null
        or (${table.racerAId} is not null and ${table.winnerRacerId} = ${table.racerAId})
        or (${table.racerBId} is not null and ${table.winnerRacerId} = ${table.racerBId})`,
    ),
    check('speed_matches_distinct_racers_check', sql`${table.racerAId} <> ${table.racerBId}`),
  ],
);

export type Round = typeof rounds.$inferSelect;
export type NewRound = typeof rounds.$inferInsert;
export type BoulderScore = typeof boulderScores.$inferSelect;
export type NewBoulderScore = typeof boulderScores.$inferInsert;
export type LeadRoute = typeof leadRoutes.$inferSelect;
export type NewLeadRoute = typeof leadRoutes.$inferInsert;
export type SpeedRoute = typeof speedRoutes.$inferSelect;
export type NewSpeedRoute = typeof speedRoutes.$inferInsert;
export type SpeedMatch = typeof speedMatches.$inferSelect;
export type NewSpeedMatch = typeof speedMatches.$inferInsert;
