import {
  QUALIFICATION_GROUP_STATES,
  RACE_GENDERS,
  RACE_STATES,
  REGISTRATION_STATES,
  SEXES,
  STAGES,
  climbsInQualification,
  cutoffTie,
  roundProgress,
  stageOpenedBy,
  stageReopenedBy,
  stagesClosedBetween,
  unfinishedRounds,
  validateRaceStateChange,
  DomainError,
  type QualificationGroupState,
  type RaceState,
  type RoundProgress,
  type Stage,
} from '@climbing/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/database.ts';
import { boulderScores, leadRoutes, qualificationGroups, raceRegistrations, racers, rounds, speedMatches, speedRoutes, type QualificationGroup, type Race } from '../../db/schema/index.ts';
import { boulderEntered, leadEntered, speedEntered } from '../races/racer-results.ts';
import { groupStepActions } from '../races/group-state-service.ts';
import { checkInStarted } from '../races/starting-list-service.ts';
import { personOf, registrationsOfRace } from '../registrations/registration-repository.ts';
import { problemCount, raceFormatOf, type ResultRow } from '../results/results-service.ts';
import { plannedBrackets } from '../results/speed-bracket-store.ts';
import { laterStageRounds, stageAdvancing } from './round-state-service.ts';
import { previousStageRows } from './speed-bracket-service.ts';
import { deviceView, raceDevices } from './scoring-devices.ts';

/*
 * The preview of a race step (GET /api/race/{id}/state-preview?state=): what the organiser needs
 * to know before an irreversible step, computed by the rules the step itself runs. Nothing is
 * written. The step's confirmation shows it (components/ui/race-steps in the web app).
 */

const racerView = z.object({
  racerId: z.number().int(),
  racerNumber: z.number().int(),
  fullName: z.string(),
  club: z.string().nullable(),
  country: z.string().nullable(),
  /** The racer's qualification group, when the qualification had several. */
  group: z.string().nullable(),
  /** The rank in the previous stage, within the racer's ranking. */
  rank: z.number().int(),
});

const groupCount = z.object({ group: z.string().nullable(), notFinished: z.number().int(), notStarted: z.number().int() });

/**
 * The stage the step closes: no score of it is accepted afterwards (409 STAGE_CLOSED). `unit`
 * says what is counted: the racers' rounds, or the matches of a speed final. A round is
 * finished when it is closed or every boulder (route, run) has an entry (`roundProgress`).
 */
const closingSchema = z.object({
  stage: z.enum(STAGES),
  unit: z.enum(['ROUNDS', 'MATCHES']),
  total: z.number().int(),
  notFinished: z.number().int(),
  notStarted: z.number().int(),
  /** Per qualification group with unfinished rounds (null: rounds without a group). */
  groups: z.array(groupCount),
  /**
   * The racers not finished, by group and racer number, at most UNFINISHED_NAMED of them (the
   * counts above say how many in all): the organiser asks the judges about these. None for matches.
   */
  unfinishedRacers: z.array(z.object({ racerNumber: z.number().int(), fullName: z.string(), group: z.string().nullable(), nothingEntered: z.boolean() })),
});

/** How many unfinished racers a preview names: enough for a group's judges, not a whole field. */
const UNFINISHED_NAMED = 30;

/** Who climbs in the qualification, and the registered racers who do not. */
const checkInSchema = z.object({
  /** A registration is marked present: from then on only present racers climb. */
  checkInStarted: z.boolean(),
  registered: z.number().int(),
  climbing: z.number().int(),
  /** Registered, not checked in (no presence yet): no qualification round. */
  notCheckedIn: z.array(z.object({ registrationId: z.number().int(), racerNumber: z.number().int(), fullName: z.string(), group: z.string().nullable(), state: z.enum(REGISTRATION_STATES).nullable() })),
  /** Withdrawn (not present). */
  withdrawn: z.number().int(),
});

export const raceStepPreviewSchema = z.object({
  raceId: z.number().int(),
  from: z.enum(RACE_STATES),
  to: z.enum(RACE_STATES),
  /** The stage the step closes (`closingSchema`). */
  closing: closingSchema.nullable(),
  /** Judges' devices that reported entries the server has not received yet (GET /api/race/{id}/scoring-devices). */
  devices: z.array(deviceView),
  /**
   * Judges' devices whose last report had nothing unsent but that have not reported since
   * (offline, or the scorecard closed): entries made on one of them after that are unknown here.
   */
  silentDevices: z.array(deviceView),
  /** Who the step sends into the semifinal or final (`selectAdvancing`, the rule that creates the rounds). */
  advancing: z
    .object({
      stage: z.enum(STAGES),
      fromStage: z.enum(STAGES),
      /** Places per ranking. */
      quota: z.number().int(),
      rankings: z.array(
        z.object({
          /** F or M when a MIXED race ranks the sexes apart, else null (one ranking). */
          sex: z.enum(SEXES).nullable(),
          /** Racers of this ranking with a result in the previous stage (only they can advance). */
          ranked: z.number().int(),
          /** Racers of this ranking without any result. */
          unranked: z.number().int(),
          racers: z.array(racerView.extend({ reason: z.enum(['QUOTA', 'MIN_MEMBERS', 'MIN_ORG_COUNTRY']) })),
          /** A tie at the cut-off that sends more racers than the quota: all of them go. */
          tie: z.object({ rank: z.number().int(), places: z.number().int(), racerIds: z.array(z.number().int()) }).nullable(),
        }),
      ),
    })
    .nullable(),
  /** A speed race's final: the bracket of each ranking (size 0: none, the ranking keeps its qualification ranking). */
  speedBrackets: z
    .array(
      z.object({
        gender: z.enum(RACE_GENDERS),
        size: z.number().int(),
        racersWithTime: z.number().int(),
        /** The bracket's racers in seed order. */
        racers: z.array(racerView.extend({ seed: z.number().int(), time: z.number().int().nullable() })),
      }),
    )
    .nullable(),
  /** Starting the qualification: who climbs, and the registered racers who do not. */
  checkIn: checkInSchema.nullable(),
});

export type RaceStepPreview = z.infer<typeof raceStepPreviewSchema>;
type PreviewRacer = z.infer<typeof racerView>;

const racerOf = (row: ResultRow, severalGroups: boolean): PreviewRacer => ({
  racerId: row.racer.id,
  racerNumber: row.racer.racerNumber,
  fullName: row.racer.fullName,
  club: row.racer.club,
  country: row.racer.country,
  group: severalGroups ? row.racer.qualificationGroup : null,
  rank: row.rank,
});

/** How many boulders (lead routes, speed runs) of the round have something entered (SQL, correlated with `rounds`). */
const enteredCount = (race: Race) => {
  if (race.discipline === 'LEAD') return sql<number>`(select count(*)::int from ${leadRoutes} where ${leadRoutes.roundId} = ${rounds.id} and ${leadEntered})`;
  if (race.discipline === 'SPEED') return sql<number>`(select count(*)::int from ${speedRoutes} where ${speedRoutes.roundId} = ${rounds.id} and ${speedEntered})`;
  return sql<number>`(select count(*)::int from ${boulderScores} where ${boulderScores.roundId} = ${rounds.id} and ${boulderEntered})`;
};

/**
 * How far the rounds (or, in a speed final, the matches) of the stage the step closes are; with
 * `groupId`, only that qualification group's rounds.
 */
async function closingProgress(db: Executor, race: Race, stage: Stage, groupId?: number): Promise<z.infer<typeof closingSchema>> {
  if (race.discipline === 'SPEED' && stage === 'FINAL') {
    // The bracket's matches: decided or closed, raced in part, or not raced (a bye is no match to wait for).
    const matches = await db
      .select({ state: speedMatches.state, winner: speedMatches.winnerRacerId })
      .from(speedMatches)
      .where(and(eq(speedMatches.raceId, race.id), isNotNull(speedMatches.racerAId), isNotNull(speedMatches.racerBId)));
    const progress = matches.map((match): { group: null; progress: RoundProgress } => ({
      group: null,
      progress: match.winner !== null || match.state === 'CLOSED' ? 'DONE' : match.state === 'STARTED' ? 'PARTIAL' : 'NOT_STARTED',
    }));
    const summary = unfinishedRounds(progress);
    return { stage, unit: 'MATCHES', total: summary.rounds, notFinished: summary.notFinished, notStarted: summary.notStarted, groups: summary.groups, unfinishedRacers: [] };
  }
  const rows = await db
    .select({
      state: rounds.state,
      group: qualificationGroups.name,
      racerNumber: racers.racerNumber,
      fullName: racers.fullName,
      entered: enteredCount(race),
      eliminated: race.discipline === 'SPEED' ? sql<boolean>`exists (select 1 from ${speedRoutes} where ${speedRoutes.roundId} = ${rounds.id} and ${speedRoutes.falseStart})` : sql<boolean>`false`,
    })
    .from(rounds)
    .innerJoin(racers, eq(racers.id, rounds.racerId))
    .leftJoin(qualificationGroups, eq(qualificationGroups.id, rounds.qualificationGroupId))
    .where(and(eq(rounds.raceId, race.id), eq(rounds.stage, stage), groupId === undefined ? undefined : eq(rounds.qualificationGroupId, groupId)));
  const problems = problemCount(race, stage);
  const severalGroups = new Set(rows.map((row) => row.group)).size > 1;
  const progressed = rows.map((row) => ({
    row,
    // One group is no breakdown: the stage's count says it all.
    group: severalGroups ? row.group : null,
    progress: roundProgress({ state: row.state, problems, entered: Number(row.entered), eliminated: Boolean(row.eliminated) }),
  }));
  const summary = unfinishedRounds(progressed);
  const unfinishedRacers = progressed
    .filter(({ progress }) => progress !== 'DONE')
    .sort((a, b) => (a.group ?? '').localeCompare(b.group ?? '') || a.row.racerNumber - b.row.racerNumber)
    .slice(0, UNFINISHED_NAMED)
    .map(({ row, group, progress }) => ({ racerNumber: row.racerNumber, fullName: row.fullName, group, nothingEntered: progress === 'NOT_STARTED' }));
  return { stage, unit: 'ROUNDS', total: summary.rounds, notFinished: summary.notFinished, notStarted: summary.notStarted, groups: summary.groups, unfinishedRacers };
}

/** The racers who advance per ranking, from the rule that creates the next stage's rounds. */
async function advancingPreview(db: Executor, race: Race, stage: Stage): Promise<NonNullable<RaceStepPreview['advancing']>> {
  const { previousStage, quota, previous, rankings } = await stageAdvancing(db, race, stage);
  const rowOf = new Map(previous.rows.map((row) => [row.racer.id, row]));
  const severalGroups = new Set(previous.rows.map((row) => row.racer.qualificationGroup)).size > 1;
  return {
    stage,
    fromStage: previousStage,
    quota,
    rankings: rankings.map(({ ranking, advancing }) => {
      const rows = previous.rows.filter((row) => ranking === null || row.racer.sex === ranking);
      return {
        sex: ranking,
        ranked: rows.filter((row) => !row.empty).length,
        unranked: rows.filter((row) => row.empty).length,
        racers: advancing.flatMap((racer) => {
          const row = rowOf.get(racer.racerId);
          return row ? [{ ...racerOf(row, severalGroups), reason: racer.reason }] : [];
        }),
        tie: cutoffTie(advancing, quota),
      };
    }),
  };
}

/** A speed race's final: the bracket each ranking gets (the rule that builds it when the final starts). */
async function speedBracketPreview(db: Executor, race: Race): Promise<NonNullable<RaceStepPreview['speedBrackets']>> {
  const rows = await previousStageRows(db, race);
  const rowOf = new Map(rows.map((row) => [String(row.racer.id), row]));
  const severalGroups = new Set(rows.map((row) => row.racer.qualificationGroup)).size > 1;
  return plannedBrackets(race, rows).map(({ gender, entrants, size }) => ({
    gender,
    size,
    racersWithTime: entrants.length,
    racers: entrants.slice(0, size).flatMap((entrant, index) => {
      const row = rowOf.get(entrant.racerId);
      return row ? [{ ...racerOf(row, severalGroups), seed: index + 1, time: entrant.bestTimeMs }] : [];
    }),
  }));
}

/**
 * Starting the qualification: who climbs (the racers already in a group's starting order, and in
 * the groups that move now the registrations `climbsInQualification` lets climb) and the
 * registered racers who do not, not checked in or withdrawn. With `groupId`, one group's
 * registrations (a group's own step); whether check-in has started is the race's.
 */
async function checkInPreview(db: Executor, race: Race, groupId?: number): Promise<z.infer<typeof checkInSchema>> {
  const records = await registrationsOfRace(db, race.id, groupId === undefined ? undefined : eq(raceRegistrations.qualificationGroupId, groupId));
  const groups = await db.select({ id: qualificationGroups.id, name: qualificationGroups.name, state: qualificationGroups.state }).from(qualificationGroups).where(eq(qualificationGroups.raceId, race.id));
  const groupOf = new Map(groups.map((group) => [group.id, group]));
  const ids = records.map((record) => record.registration.id);
  const withRacer = new Set(
    ids.length === 0 ? [] : (await db.select({ id: racers.registrationId }).from(racers).where(and(eq(racers.raceId, race.id), inArray(racers.registrationId, ids)))).map((row) => row.id),
  );
  const started = groupId === undefined ? records.some((record) => record.registration.state === 'PRESENT') : await checkInStarted(db, race.id);
  const climbs = records.map((record) => {
    const group = record.registration.qualificationGroupId === null ? undefined : groupOf.get(record.registration.qualificationGroupId);
    return withRacer.has(record.registration.id) || (group?.state === 'OPEN_REGISTRATION' && climbsInQualification(record.registration.state, started));
  });
  const out = records.filter((_, index) => !climbs[index]);
  return {
    checkInStarted: started,
    registered: records.length,
    climbing: climbs.filter(Boolean).length,
    notCheckedIn: out
      .filter((record) => record.registration.state !== 'NOT_PRESENT')
      .sort((a, b) => a.registration.racerNumber - b.registration.racerNumber)
      .map((record) => ({
        registrationId: record.registration.id,
        racerNumber: record.registration.racerNumber,
        fullName: personOf(record).fullName,
        group: record.registration.qualificationGroupId === null ? null : (groupOf.get(record.registration.qualificationGroupId)?.name ?? null),
        state: record.registration.state,
      })),
    withdrawn: out.filter((record) => record.registration.state === 'NOT_PRESENT').length,
  };
}

/**
 * GET /api/race/{id}/state-preview?state=: what `PUT /api/race/{id}/state` with the same state
 * would do now, read with the same rules: the stage it closes and how much of it is unfinished,
 * the judges' devices still holding entries (refused once the stage is closed), who advances into
 * the next stage (ties at the cut-off included) or the speed brackets, and for the start of the
 * qualification who does not climb. A step the race cannot take is INVALID_RACE_STATE_UPDATE, and
 * a step back once a stage after it has started SPEED_FINALS_STARTED or ROUND_CANNOT_BE_REOPENED,
 * as the step itself would be: the confirmation says so before the organiser presses.
 */
export async function previewRaceStep(db: Executor, race: Race, target: RaceState): Promise<RaceStepPreview> {
  const action = validateRaceStateChange(race.state, target, race.raceFormat);
  if (action === null) throw new DomainError('INVALID_RACE_STATE_UPDATE', { details: { from: race.state, to: target } });
  const format = raceFormatOf(race);
  const closed = stagesClosedBetween(race.state, target, format).at(-1);
  const opened = stageOpenedBy(race.state, target, format);
  const speedFinal = opened === 'FINAL' && race.discipline === 'SPEED';
  const reopened = stageReopenedBy(race.state, target, format);
  if (reopened !== null) await laterStageRounds(db, race, reopened);
  return {
    raceId: race.id,
    from: race.state,
    to: target,
    closing: closed === undefined ? null : await closingProgress(db, race, closed),
    devices: await raceDevices(db, race.id, { waitingOnly: true }),
    silentDevices: await raceDevices(db, race.id, { silentOnly: true }),
    advancing: opened === null || speedFinal ? null : await advancingPreview(db, race, opened),
    speedBrackets: speedFinal ? await speedBracketPreview(db, race) : null,
    checkIn: action === 'START_RACE' ? await checkInPreview(db, race) : null,
  };
}

/** GET /api/qualification-group/{id}/state-preview: what a group's own step would do now. */
export const groupStepPreviewSchema = z.object({
  groupId: z.number().int(),
  group: z.string(),
  from: z.enum(QUALIFICATION_GROUP_STATES),
  to: z.enum(QUALIFICATION_GROUP_STATES),
  /**
   * Moving the group to the qualification or starting it: its registered racers who are not in
   * its starting order (not checked in, withdrawn). They climb only if checked in later, at the end
   * of the order.
   */
  checkIn: checkInSchema.nullable(),
  /** Closing the group: its qualification rounds not finished (closing it ends its late check-ins; scores are still taken until the qualification closes). */
  closing: closingSchema.nullable(),
});

export type GroupStepPreview = z.infer<typeof groupStepPreviewSchema>;

/**
 * GET /api/qualification-group/{id}/state-preview?state=: what `PUT
 * /api/qualification-group/{id}/state` with the same state would do now, with the step's own
 * rules; a step the group cannot take is INVALID_RACE_STATE_UPDATE, as the step would be.
 * Nothing is written.
 */
export async function previewGroupStep(db: Executor, race: Race, group: QualificationGroup, target: QualificationGroupState): Promise<GroupStepPreview> {
  const actions = group.state === target ? [] : groupStepActions(group.state, target, race.state);
  const entering = actions.includes('MOVE_TO_QUALIFICATION') || actions.includes('START');
  return {
    groupId: group.id,
    group: group.name,
    from: group.state,
    to: target,
    checkIn: entering ? await checkInPreview(db, race, group.id) : null,
    closing: actions.includes('CLOSE') ? await closingProgress(db, race, 'QUALIFICATION', group.id) : null,
  };
}
