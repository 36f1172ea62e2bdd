import type { BoulderValue, LeadRouteValue, OperationValue, SpeedRunValue } from '@climbing/domain';
import { formatEntryTime } from '../../../lib/format-entry-time';
import { formatMarksWithAttempts } from '../../../lib/format-boulder-marks';
import type { TFunction } from '../../../lib/translation';
import { roundOf, type RacerWithRound } from '../api/racer-list';
import type { StoredEntry } from '../sync/undo-journal';
import { formatLeadRoute } from './lead-marks';
import { runLabel, runsAreLanes, runValue } from './speed-entry';

/*
 * The entries of a judge's screen as stored now, each with what "Another judge changed your entry"
 * (components/changed-entries.tsx) says of it in its discipline's words: a boulder's marks, a lead
 * route's height (and time), a speed run's time or failure, a speed match's two lanes.
 */

/** One stored entry, with the words the notice uses for it. */
export interface ChangeTarget extends StoredEntry {
  /** Who: "12 · Anna Nováková" (a match: both racers). */
  racer: string;
  /** What: "Boulder 2", "Route 1", "Lane A", "Quarter-final 3". */
  title: string;
  /** Both values in words; given both, so that a lead time is named only where it differs. */
  describe: (own: OperationValue, now: OperationValue) => { mine: string; now: string };
}

/** An entry of a racer's round: the racer, and which boulder, route or run it is (the scorecard's URL parameter and its index there, from 0). */
export interface RoundTarget extends ChangeTarget {
  racerId: number;
  param: 'boulder' | 'route' | 'run';
  index: number;
}

const describeBoulder = (own: OperationValue, now: OperationValue) => ({ mine: formatMarksWithAttempts(own as BoulderValue), now: formatMarksWithAttempts(now as BoulderValue) });

/** "38+" against "40"; with the time ("TOP · 83.250") when the two times differ. */
export const describeLeadChange = (own: LeadRouteValue, now: LeadRouteValue, language: string): { mine: string; now: string } => {
  const words = (value: LeadRouteValue) => {
    const height = formatLeadRoute(value);
    if (own.time === now.time) return height;
    return `${height} · ${value.time === null ? '–' : formatEntryTime(value.time, language)}`;
  };
  return { mine: words(own), now: words(now) };
};

/**
 * Every stored entry of these racers' rounds that a judge writes: boulders, lead routes, speed
 * runs (a round holds those of its discipline only). `speedType` names speed runs as lanes or as
 * route and attempt, as the speed card does.
 */
export function roundTargets(racers: readonly RacerWithRound[], t: TFunction, language: string, speedType?: string | null): RoundTarget[] {
  return racers.flatMap((racer) => {
    const round = roundOf(racer);
    if (!round) return [];
    const who = `${racer.racerNumber} · ${racer.fullName}`;
    const boulders = round.boulders.map(
      (boulder): RoundTarget => ({
        scope: round.id,
        target: String(boulder.boulderIndex),
        version: boulder.version,
        value: { topAttempts: boulder.topAttempts, zoneAttempts: boulder.zoneAttempts, currentAttempt: boulder.currentAttempt },
        racer: who,
        racerId: racer.id,
        param: 'boulder',
        index: boulder.boulderIndex,
        title: t('scorecard.boulderTitle', { number: boulder.boulderIndex + 1 }),
        describe: describeBoulder,
      }),
    );
    const routes = round.routes.flatMap((route, index): RoundTarget[] =>
      route.id === null
        ? []
        : [
            {
              scope: round.id,
              target: `route:${route.id}`,
              version: route.version,
              value: { hold: route.hold, plus: route.plus, top: route.top, time: route.time },
              racer: who,
              racerId: racer.id,
              param: 'route',
              index,
              title: t('scorecard.routeTitle', { number: index + 1 }),
              describe: (own, now) => describeLeadChange(own as LeadRouteValue, now as LeadRouteValue, language),
            },
          ],
    );
    const lanes = runsAreLanes(speedType, round.speedRoutes);
    const runs = round.speedRoutes.flatMap((run, index): RoundTarget[] =>
      run.id === null
        ? []
        : [
            {
              scope: round.id,
              target: `run:${run.id}`,
              version: run.version,
              value: { time: run.time, fall: run.fall, falseStart: run.falseStart },
              racer: who,
              racerId: racer.id,
              param: 'run',
              index,
              title: runLabel(t, run, lanes),
              describe: (own, now) => ({ mine: runValue(t, own as SpeedRunValue, language), now: runValue(t, now as SpeedRunValue, language) }),
            },
          ],
    );
    return [...boulders, ...routes, ...runs];
  });
}
