import type { ResultRow } from '../api/results';

/** A result row for tests; override what the test is about. */
export const buildResultRow = (overrides: Partial<ResultRow> = {}): ResultRow => ({
  id: 1,
  racer: { id: 1, racerNumber: 12, fullName: 'Ľubica Šťastná', birthYear: 2001, sex: 'F', country: 'SVK', club: 'BCB; Bratislava', qualificationGroup: 'A' },
  stage: 'QUALIFICATION',
  rank: 1,
  ageCategory: null,
  categoryRank: null,
  tops: 1,
  zones: 2,
  topAttempts: 2,
  zoneAttempts: 3,
  score: 59.8,
  tieBreak: 'TOPS',
  boulders: [
    { topAttempts: 2, zoneAttempts: 1 },
    { topAttempts: null, zoneAttempts: 2 },
  ],
  routes: null,
  routeResults: null,
  time: null,
  runs: null,
  speedFinal: null,
  empty: false,
  ...overrides,
});
