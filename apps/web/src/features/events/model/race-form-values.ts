import {
  SELF_CHECK_IN_DAYS_DEFAULT,
  SELF_CHECK_IN_DAYS_MAX,
  encodeValidationMessage,
  changeDiscipline,
  defaultDisciplineSettings,
  type BoulderingSettings,
  type Discipline,
  type LeadSettings,
  type MixedRanking,
  type RaceFormat,
  type RaceGender,
  type SpeedSettings,
  type StartingNumberOrder,
} from '@climbing/domain';
import type { Race, RaceBody } from '../api/race';
import { tooLongMessage } from '../../../lib/validation-text';

export interface GroupValue {
  /** 0 = a new group (the server letters groups by position). */
  id: number;
  gender: RaceGender;
  internal: boolean;
}

export interface RaceFormValues {
  [key: string]: unknown;
  name: string;
  description: string;
  raceGender: RaceGender;
  mixedRanking: MixedRanking;
  discipline: Discipline;
  raceFormat: RaceFormat;
  startingDate: string | null;
  endDate: string | null;
  openingRegistrationDate: string | null;
  closingRegistrationDate: string | null;
  maxRacersCount: number;
  startingNumberOrder: StartingNumberOrder;
  /** Days before the start from which racers confirm themselves; '' = only the check-in desk. */
  selfCheckInDays: number | string;
  ageCategoryIds: string[];
  groups: GroupValue[];
  bouldering: BoulderingSettings | null;
  lead: LeadSettings | null;
  speed: SpeedSettings | null;
}

/** A new race: the spec 9 defaults (mixed bouldering, no limit) with one group A, on the event's dates. */
export const newRaceValues = (startingDate: string | null = null, endDate: string | null = startingDate): RaceFormValues => ({
  name: '',
  description: '',
  raceGender: 'MIXED',
  mixedRanking: 'SEPARATE',
  discipline: 'BOULDERING',
  raceFormat: 'QUALIFICATION_FINAL',
  startingDate,
  endDate,
  openingRegistrationDate: null,
  closingRegistrationDate: null,
  maxRacersCount: 0,
  startingNumberOrder: 'RANDOM',
  selfCheckInDays: SELF_CHECK_IN_DAYS_DEFAULT,
  ageCategoryIds: [],
  groups: [{ id: 0, gender: 'MIXED', internal: false }],
  ...defaultDisciplineSettings('BOULDERING'),
});

export const raceToValues = (race: Race): RaceFormValues => ({
  name: race.name,
  description: race.description ?? '',
  raceGender: race.raceGender,
  mixedRanking: race.mixedRanking,
  discipline: race.discipline,
  raceFormat: race.raceFormat,
  startingDate: race.startingDate,
  endDate: race.endDate,
  openingRegistrationDate: race.openingRegistrationDate,
  closingRegistrationDate: race.closingRegistrationDate,
  maxRacersCount: race.maxRacersCount,
  startingNumberOrder: race.startingNumberOrder,
  selfCheckInDays: race.selfCheckInDays ?? '',
  ageCategoryIds: race.ageCategories.map((category) => String(category.id)),
  groups: race.qualificationGroups.map((group) => ({ id: group.id, gender: group.gender, internal: group.internal })),
  bouldering: race.bouldering,
  lead: race.lead,
  speed: race.speed,
});

/**
 * Spec 4: changing the discipline resets the discipline settings (the domain's changeDiscipline:
 * the new discipline's defaults, the others null, the race format with them).
 */
export const switchDiscipline = (values: RaceFormValues, discipline: Discipline): RaceFormValues => changeDiscipline(values, discipline);

/** The race body; the race-level format is copied into the discipline's settings. */
export const raceBody = (values: RaceFormValues): RaceBody => {
  const withFormat = <Settings extends { raceFormat: RaceFormat }>(settings: Settings | null) => (settings ? { ...settings, raceFormat: values.raceFormat } : null);
  return {
    name: values.name.trim(),
    description: values.description.trim() === '' ? null : values.description.trim(),
    raceGender: values.raceGender,
    mixedRanking: values.mixedRanking,
    discipline: values.discipline,
    raceFormat: values.raceFormat,
    startingDate: values.startingDate ?? '',
    endDate: values.endDate ?? '',
    openingRegistrationDate: values.openingRegistrationDate || null,
    closingRegistrationDate: values.closingRegistrationDate || null,
    maxRacersCount: values.maxRacersCount,
    startingNumberOrder: values.startingNumberOrder,
    selfCheckInDays: values.selfCheckInDays === '' ? null : Number(values.selfCheckInDays),
    bouldering: withFormat(values.bouldering),
    lead: withFormat(values.lead),
    speed: withFormat(values.speed),
    qualificationGroups: values.groups.map((group) => ({ ...(group.id > 0 ? { id: group.id } : {}), gender: group.gender, internal: group.internal })),
    ageCategories: values.ageCategoryIds.map(Number),
  };
};

const required = (value: string | null) => (value ? null : 'validation.required');

/** Form checks before sending (the server checks the same and more: format parameters, advancing counts). */
export const validateRace = {
  name: (value: string) => (value.trim() === '' ? 'validation.required' : value.length > 200 ? tooLongMessage(200) : null),
  startingDate: required,
  endDate: (value: string | null, values: RaceFormValues) => required(value) ?? (values.startingDate && value && value < values.startingDate ? 'validation.startAfterEnd' : null),
  closingRegistrationDate: (value: string | null, values: RaceFormValues) =>
    value && values.openingRegistrationDate && value < values.openingRegistrationDate ? 'validation.startAfterEnd' : null,
  maxRacersCount: (value: number) => (Number.isInteger(value) && value >= 0 ? null : encodeValidationMessage({ key: 'validation.tooSmall', params: { min: 0 } })),
  selfCheckInDays: (value: number | string) =>
    value === '' || (Number.isInteger(Number(value)) && Number(value) >= 0 && Number(value) <= SELF_CHECK_IN_DAYS_MAX)
      ? null
      : encodeValidationMessage({ key: 'validation.sizeBetween', params: { min: 0, max: SELF_CHECK_IN_DAYS_MAX } }),
  groups: (value: GroupValue[]) => (value.length === 0 ? 'race.groupsRequired' : null),
};
