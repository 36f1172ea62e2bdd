import { and, eq, gt, isNotNull, max, or } from 'drizzle-orm';
import { DomainError, speedStageLayout, stagesOf, type Stage } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { boulderScores, leadRoutes, rounds, speedRoutes, type Race } from '../../db/schema/index.ts';
import { problemCount } from '../results/results-service.ts';

type Settings = Pick<Race, 'discipline' | 'raceFormat' | 'boulderingSettings' | 'leadSettings' | 'speedSettings'>;

/** The settings field that holds a stage's count of boulders or lead routes. */
const COUNT_FIELDS: Record<'BOULDERING' | 'LEAD', Partial<Record<Stage, string>>> = {
  BOULDERING: { QUALIFICATION: 'bouldering.numberOfQualificationBoulders', SEMIFINAL: 'bouldering.numberOfSemifinalBoulders', FINAL: 'bouldering.numberOfFinalBoulders' },
  LEAD: { QUALIFICATION: 'lead.numberOfQualificationRoutes' },
};

/** Per stage, the highest boulder, route or run (0-based) with anything entered, and the highest attempt of a speed run. */
async function highestScored(tx: Executor, race: Race): Promise<Map<Stage, { index: number; attempt: number }>> {
  const byStage = new Map<Stage, { index: number; attempt: number }>();
  if (race.discipline === 'BOULDERING') {
    const rows = await tx
      .select({ stage: rounds.stage, index: max(boulderScores.boulderIndex) })
      .from(boulderScores)
      .innerJoin(rounds, eq(rounds.id, boulderScores.roundId))
      .where(and(eq(rounds.raceId, race.id), or(isNotNull(boulderScores.topAttempts), isNotNull(boulderScores.zoneAttempts), gt(boulderScores.currentAttempt, 0))))
      .groupBy(rounds.stage);
    for (const row of rows) if (row.index !== null) byStage.set(row.stage, { index: row.index, attempt: 0 });
  } else if (race.discipline === 'LEAD') {
    const rows = await tx
      .select({ stage: rounds.stage, index: max(leadRoutes.routeIndex) })
      .from(leadRoutes)
      .innerJoin(rounds, eq(rounds.id, leadRoutes.roundId))
      .where(and(eq(rounds.raceId, race.id), or(isNotNull(leadRoutes.hold), eq(leadRoutes.top, true), isNotNull(leadRoutes.timeMs))))
      .groupBy(rounds.stage);
    for (const row of rows) if (row.index !== null) byStage.set(row.stage, { index: row.index, attempt: 0 });
  } else {
    const rows = await tx
      .select({ stage: rounds.stage, index: max(speedRoutes.routeIndex), attempt: max(speedRoutes.attemptIndex) })
      .from(speedRoutes)
      .innerJoin(rounds, eq(rounds.id, speedRoutes.roundId))
      .where(and(eq(rounds.raceId, race.id), or(isNotNull(speedRoutes.timeMs), eq(speedRoutes.fall, true), eq(speedRoutes.falseStart, true))))
      .groupBy(rounds.stage);
    for (const row of rows) if (row.index !== null) byStage.set(row.stage, { index: row.index, attempt: row.attempt ?? 0 });
  }
  return byStage;
}

/**
 * New settings must not leave out what was entered. A lower count of boulders, routes or speed
 * runs than a stage's scores reach, or a format without a stage that has rounds, would hide those
 * scores from the results, the live page and the projector (they stay stored and came back with the
 * old count: a tester lowered 5 qualification boulders to 4 mid-round and the leader lost a top).
 * Refused with the field and the count to keep (RACE_SETTINGS_HIDE_SCORES).
 */
export async function assertSettingsKeepScores(tx: Executor, race: Race, next: Settings): Promise<void> {
  if (next.discipline !== race.discipline) return;
  const stagesWithRounds = (await tx.selectDistinct({ stage: rounds.stage }).from(rounds).where(eq(rounds.raceId, race.id))).map((row) => row.stage);
  if (stagesWithRounds.length === 0) return;
  const fields: Record<string, string> = {};
  const fieldParams: Record<string, Record<string, number>> = {};
  const kept = stagesOf(next.raceFormat);
  const dropped = stagesWithRounds.filter((stage) => !kept.includes(stage));
  if (dropped.length > 0) fields.raceFormat = 'validation.formatDropsStage';
  const scored = await highestScored(tx, race);
  for (const [stage, highest] of scored) {
    if (!kept.includes(stage)) continue;
    const nextRace = { ...race, ...next };
    if (race.discipline === 'SPEED') {
      const layout = next.speedSettings ? speedStageLayout(next.speedSettings, stage) : null;
      if (!layout) continue;
      if (highest.index >= layout.routes) {
        fields['speed.numberOfRoutes'] = 'validation.scoresBeyondCount';
        fieldParams['speed.numberOfRoutes'] = { min: highest.index + 1 };
      }
      if (highest.attempt >= layout.attempts) {
        fields['speed.numberOfAttempts'] = 'validation.scoresBeyondCount';
        fieldParams['speed.numberOfAttempts'] = { min: highest.attempt + 1 };
      }
      continue;
    }
    const field = COUNT_FIELDS[race.discipline][stage];
    if (!field || highest.index < problemCount(nextRace, stage)) continue;
    fields[field] = 'validation.scoresBeyondCount';
    fieldParams[field] = { min: highest.index + 1 };
  }
  if (Object.keys(fields).length > 0) throw new DomainError('RACE_SETTINGS_HIDE_SCORES', { fields, fieldParams, details: { stagesWithRounds: dropped } });
}
