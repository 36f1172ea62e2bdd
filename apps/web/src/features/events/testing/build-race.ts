import { defaultDisciplineSettings } from '@climbing/domain';
import type { QualificationGroup, Race } from '../api/race';
import type { Registration } from '../api/registrations';

export const buildGroup = (overrides: Partial<QualificationGroup> = {}): QualificationGroup => ({
  id: 11,
  name: 'A',
  state: 'OPEN_REGISTRATION',
  gender: 'MIXED',
  internal: false,
  position: 0,
  racersCount: 0,
  climbingCount: 0,
  allowedStates: ['READY_FOR_QUALIFICATION', 'QUALIFICATION'],
  ...overrides,
});

/** A race as GET /api/race/{id} answers it: open bouldering, groups A and B. */
export const buildRace = (overrides: Partial<Race> = {}): Race => ({
  id: 7,
  eventId: 3,
  name: 'Men open',
  description: null,
  raceGender: 'MIXED',
  mixedRanking: 'SEPARATE',
  discipline: 'BOULDERING',
  raceFormat: 'QUALIFICATION_FINAL',
  ...defaultDisciplineSettings('BOULDERING'),
  state: 'OPEN_REGISTRATION',
  allowedActions: ['CLOSE_REGISTRATION', 'START_RACE'],
  allowedStates: ['QUALIFICATION', 'QUALIFICATION_ONGOING'],
  openingRegistrationDate: '2026-01-01',
  closingRegistrationDate: '2026-12-31',
  startingDate: '2026-12-31',
  endDate: '2026-12-31',
  maxRacersCount: 0,
  racersCount: 0,
  location: null,
  seasonYear: 2026,
  startingNumberOrder: 'RANDOM',
  selfCheckInDays: 2,
  qualificationGroups: [buildGroup(), buildGroup({ id: 12, name: 'B', position: 1 })],
  ageCategories: [],
  ...overrides,
});

export const buildRegistration = (overrides: Partial<Registration> = {}): Registration => ({
  id: 101,
  raceId: 7,
  state: null,
  racerNumber: 1,
  date: '2026-11-02',
  qualificationGroupId: 11,
  qualificationGroupName: 'A',
  fullName: 'Jana Horáková',
  ageCategory: null,
  fittingAgeCategoryIds: [],
  inQualification: false,
  hasResults: false,
  possibleDuplicateOf: null,
  checkInCode: null,
  user: null,
  unregisteredUser: { name: 'Jana', surname: 'Horáková', club: 'BCB', sex: 'F', country: 'SVK', birthday: '2004-05-06', email: null },
  ...overrides,
});
