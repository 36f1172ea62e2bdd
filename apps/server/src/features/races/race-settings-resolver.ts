import { DomainError, defaultDisciplineSettings, raceFormatProblems, type Discipline, type RaceFormat } from '@climbing/domain';
import type { BoulderingSettings, GlobalRaceSettings, LeadSettings, Race, SpeedSettings } from '../../db/schema/index.ts';

export interface ResolvedRaceSettings {
  raceFormat: RaceFormat;
  boulderingSettings: BoulderingSettings | null;
  leadSettings: LeadSettings | null;
  speedSettings: SpeedSettings | null;
}

interface SettingsInput {
  raceFormat?: RaceFormat | undefined;
  bouldering?: Partial<BoulderingSettings> | null | undefined;
  lead?: Partial<LeadSettings> | null | undefined;
  speed?: Partial<SpeedSettings> | null | undefined;
}

type Current = Pick<Race, 'discipline' | 'raceFormat' | 'boulderingSettings' | 'leadSettings' | 'speedSettings'>;

/** Base, then the body; the race format of the race wins over the one inside the settings. */
function layer<Settings extends { raceFormat: RaceFormat }>(base: Settings, given: Partial<Settings> | null | undefined, raceFormat: RaceFormat): Settings {
  return { ...base, ...(given ?? {}), raceFormat };
}

/**
 * The discipline settings of a race: spec defaults, then the organization's global race settings,
 * then (same discipline only) the race's current settings, then the body. Changing the discipline
 * drops the old settings (spec 4) and starts again from the defaults. Only the race's discipline
 * keeps settings; the other two are null. The result is checked against the race format
 * (INVALID_RACE_FORMAT_PARAMETERS, INVALID_ADVANCING_COUNT with the fields).
 */
export function resolveRaceSettings(global: GlobalRaceSettings, discipline: Discipline, input: SettingsInput, current?: Current): ResolvedRaceSettings {
  const same = current?.discipline === discipline ? current : undefined;
  const defaults = defaultDisciplineSettings(discipline);
  const resolved: ResolvedRaceSettings = { raceFormat: 'QUALIFICATION', boulderingSettings: null, leadSettings: null, speedSettings: null };
  if (discipline === 'BOULDERING' && defaults.bouldering) {
    const base = same?.boulderingSettings ?? { ...defaults.bouldering, ...global.bouldering };
    resolved.raceFormat = input.raceFormat ?? input.bouldering?.raceFormat ?? same?.raceFormat ?? global.bouldering?.raceFormat ?? global.raceFormat ?? base.raceFormat;
    resolved.boulderingSettings = layer(base, input.bouldering, resolved.raceFormat);
  }
  if (discipline === 'LEAD' && defaults.lead) {
    const base = same?.leadSettings ?? { ...defaults.lead, ...global.lead };
    resolved.raceFormat = input.raceFormat ?? input.lead?.raceFormat ?? same?.raceFormat ?? global.lead?.raceFormat ?? global.raceFormat ?? base.raceFormat;
    resolved.leadSettings = layer(base, input.lead, resolved.raceFormat);
  }
  if (discipline === 'SPEED' && defaults.speed) {
    const base = same?.speedSettings ?? { ...defaults.speed, ...global.speed };
    resolved.raceFormat = input.raceFormat ?? input.speed?.raceFormat ?? same?.raceFormat ?? global.speed?.raceFormat ?? global.raceFormat ?? base.raceFormat;
    resolved.speedSettings = layer(base, input.speed, resolved.raceFormat);
  }
  const problems = raceFormatProblems(discipline, resolved.raceFormat, {
    bouldering: resolved.boulderingSettings,
    lead: resolved.leadSettings,
    speed: resolved.speedSettings,
  });
  if (Object.keys(problems.parameters).length > 0) throw new DomainError('INVALID_RACE_FORMAT_PARAMETERS', { fields: problems.parameters, fieldParams: problems.params });
  if (Object.keys(problems.advancing).length > 0) throw new DomainError('INVALID_ADVANCING_COUNT', { fields: problems.advancing, fieldParams: problems.params });
  return resolved;
}
