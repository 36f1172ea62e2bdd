import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The results version of each race (docs/judging-and-live.md, "Results cache"): raised once by
 * every committed transaction that changes anything a race's results are computed from (the race,
 * its racers, groups, rounds, scores, speed matches, the audit trail, the racers' age categories).
 * Deferred constraint triggers keep it (migration 0010): the row is locked only at commit, so
 * concurrent score writes of one race do not wait for each other before then. No foreign key: the
 * triggers of a race being deleted may still fire, and a leftover row is harmless.
 */
export const raceResultsVersions = pgTable('race_results_versions', {
  raceId: integer().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(1),
});
