import { and, eq, inArray } from 'drizzle-orm';
import { RANKING_ORDER, cupPoints, cupRanking, fitsAgeCategory, racerAge, ranksSexesApart, ranksWithin, type CupRaceResult, type Discipline, type Sex } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import {
  ageCategories,
  cupCategoryAgeCategories,
  cupCategoryRaces,
  cupRankCategories,
  events,
  organizations,
  raceRegistrations,
  racers,
  races,
  type Cup,
  type CupCategory,
  type Race,
} from '../../db/schema/index.ts';
import type { ResultsCache } from '../results/results-cache.ts';
import type { ResultRacer, StageResults } from '../results/results-service.ts';
import type { Actor } from '../auth/policy.ts';
import { raceSight } from './cup-access.ts';
import { closedCupMembers } from './cup-membership.ts';
import type { CupRankingRowView } from './cup-schemas.ts';

export interface OverallPlace {
  racer: ResultRacer;
  rank: number;
}

/**
 * The final ranking of a race from its stages (in race order), as IFSC publishes it: the racers of
 * the last stage that has a result by their rank there, then those who did not reach it by their
 * rank in the stage before, below them, and so on back to the qualification. Racers whose only
 * round is an empty qualification scorecard (did not start) have no place.
 */
export function overallRaceRanking(stages: readonly StageResults[]): OverallPlace[] {
  const lastDecisive = stages.findLastIndex((stage) => stage.rows.some((row) => !row.empty));
  const placed = new Set<number>();
  const places: OverallPlace[] = [];
  for (let index = lastDecisive; index >= 0; index -= 1) {
    const stage = stages[index];
    if (!stage) continue;
    const rows = stage.rows.filter((row) => !placed.has(row.racer.id) && !(index === 0 && row.empty));
    const offset = placed.size;
    // 1 + how many of these rows rank strictly better, from one sorted pass (not a scan per row).
    for (const { row, rank } of ranksWithin(rows)) places.push({ racer: row.racer, rank: offset + rank });
    for (const row of rows) placed.add(row.racer.id);
    // The empty first-stage rows were left out above; they still must not come back.
    for (const row of stage.rows) if (index === 0) placed.add(row.racer.id);
  }
  return places.sort((a, b) => a.rank - b.rank);
}

/** Lower case, no diacritics, single spaces: "  Ján  NOVÁK " and "jan novak" are one racer. */
export const normaliseName = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

interface Entry {
  key: string;
  racer: ResultRacer;
  race: Race;
  rank: number;
  points: number;
  provisional: boolean;
  racePublic: boolean;
  cupCategoryRaceId: number;
  rankCategory: { id: number; name: string; level: number };
}

/**
 * A race's final rankings: per sex when the race ranks the sexes apart (each sex's stages ranked
 * on their own, as their ranks are), else one. Each place keeps the sex of its ranking.
 */
export function raceRankings(race: Race, stages: readonly StageResults[]): { ranking: Sex | null; places: OverallPlace[] }[] {
  if (!ranksSexesApart(race)) return [{ ranking: null, places: overallRaceRanking(stages) }];
  return RANKING_ORDER.map((sex) => ({
    ranking: sex,
    places: overallRaceRanking(stages.map((stage) => ({ ...stage, rows: stage.rows.filter((row) => row.racer.sex === sex) }))),
  }));
}

/**
 * The stages of a race that have rounds, in order, read through the results cache: a race's
 * results are ranked once per results version, not once per cup ranking request.
 */
export async function cachedRaceResults(cache: ResultsCache, db: Executor, race: Pick<Race, 'id'>): Promise<StageResults[]> {
  const entry = await cache.get(db, race);
  return [...entry.stages.values()].map((stage) => stage.results).filter((results) => results.rows.length > 0);
}

/**
 * GET /api/cup/{id}/ranking?category=: computed on every request from the races' current
 * results (docs/cups.md: there is nothing to recalculate). Per race and ranking (sex): the final
 * ranking, only the racers of the category (its sex, its age categories, and in a closed cup the
 * members of the cup's organization on the race's date) ranked again among themselves, the points
 * of the race's cup rank category (ties share the average, floored), then the domain's cup ranking
 * with the cup's counting rules. A race that is not FINISHED gives provisional points.
 */
export async function computeCupRanking(db: Executor, cache: ResultsCache, cup: Cup, category: CupCategory, viewer: Actor): Promise<CupRankingRowView[]> {
  const links = (
    await db
      .select({ link: cupCategoryRaces, race: races, rankCategory: cupRankCategories, event: events, organizationActive: organizations.active })
      .from(cupCategoryRaces)
      .innerJoin(races, eq(races.id, cupCategoryRaces.raceId))
      .innerJoin(events, eq(events.id, races.eventId))
      .innerJoin(organizations, eq(organizations.id, events.organizationId))
      .innerJoin(cupRankCategories, eq(cupRankCategories.id, cupCategoryRaces.cupRankCategoryId))
      .where(eq(cupCategoryRaces.cupCategoryId, category.id))
  )
    // Only the races the viewer may see count for them (docs/security.md, cups).
    .map((row) => ({ ...row, sight: raceSight(viewer, row.event, row.race, row.organizationActive) }))
    .filter((row) => row.sight.visible);
  if (links.length === 0) return [];

  const ageRows = await db
    .select({ id: ageCategories.id, name: ageCategories.name, fromAge: ageCategories.fromAge, toAge: ageCategories.toAge })
    .from(cupCategoryAgeCategories)
    .innerJoin(ageCategories, eq(ageCategories.id, cupCategoryAgeCategories.ageCategoryId))
    .where(eq(cupCategoryAgeCategories.cupCategoryId, category.id));
  const [organization] = await db.select({ seasonStartMonth: organizations.seasonStartMonth }).from(organizations).where(eq(organizations.id, cup.organizationId));
  const fitsAge = (racer: ResultRacer, race: Race): boolean => {
    if (ageRows.length === 0) return true;
    if (racer.birthYear === null) return false;
    const age = racerAge(racer.birthYear, race.startingDate, organization?.seasonStartMonth ?? null);
    return ageRows.some((ageCategory) => fitsAgeCategory(ageCategory, age));
  };

  const rankingsOf = await Promise.all(links.map(async ({ race }) => raceRankings(race, await cachedRaceResults(cache, db, race))));
  const members = cup.openCup
    ? null
    : await closedCupMembers(
        db,
        cup,
        rankingsOf.flatMap((rankings) => rankings.flatMap(({ places }) => places.map((place) => place.racer.id))),
      );
  const counts = (racer: ResultRacer, race: Race): boolean =>
    (category.sex === null || racer.sex === category.sex) && fitsAge(racer, race) && (members === null || members.has(racer.id));

  const entries: Entry[] = [];
  links.forEach(({ link, race, rankCategory, sight }, index) => {
    const decimals = Math.min(rankCategory.pointsDecimals, 2);
    for (const { places } of rankingsOf[index] ?? []) {
      const reranked = ranksWithin(places.filter((place) => counts(place.racer, race)));
      const points = cupPoints(reranked.map(({ row, rank }) => ({ racerId: row.racer.id, rank })), rankCategory.rankPoints, { decimals });
      reranked.forEach(({ row, rank }, position) => {
        entries.push({
          key: '',
          racer: row.racer,
          race,
          rank,
          points: points[position]?.points ?? 0,
          provisional: race.state !== 'FINISHED',
          racePublic: sight.isPublic,
          cupCategoryRaceId: link.id,
          rankCategory: { id: rankCategory.id, name: rankCategory.name, level: rankCategory.level },
        });
      });
    }
  });
  await assignRacerKeys(db, entries);

  const byKey = new Map<string, Entry[]>();
  for (const entry of entries) {
    const own = byKey.get(entry.key);
    if (own) own.push(entry);
    else byKey.set(entry.key, [entry]);
  }
  const results: CupRaceResult<string, number>[] = entries.map((entry) => ({
    racerId: entry.key,
    raceId: entry.cupCategoryRaceId,
    discipline: entry.race.discipline as Discipline,
    categoryLevel: entry.rankCategory.level,
    rank: entry.rank,
    points: entry.points,
  }));
  const rows = cupRanking({
    results,
    maxCountedResults: cup.maxCountedResults,
    oneResultFromAllDisciplines: cup.oneResultFromAllDisciplines,
    raceLevelTieBreak: cup.raceLevelTieBreak,
  });

  return rows.map((row) => {
    const own = byKey.get(row.racerId) ?? [];
    // Name, club and sex as they were at the racer's latest race.
    const latest = [...own].sort((a, b) => b.race.startingDate.localeCompare(a.race.startingDate) || b.race.id - a.race.id)[0];
    const racer = latest?.racer;
    const raceResults = row.raceResults.map((result) => {
      const entry = own.find((candidate) => candidate.cupCategoryRaceId === result.raceId);
      return {
        cupCategory: { id: entry?.rankCategory.id ?? 0, name: entry?.rankCategory.name ?? '' },
        race: { id: entry?.race.id ?? 0, name: entry?.race.name ?? '', startingDate: entry?.race.startingDate ?? '', discipline: result.discipline },
        rank: result.rank,
        points: result.points,
        categoryLevel: result.categoryLevel,
        counted: result.counted,
        provisional: entry?.provisional ?? false,
        racePublic: entry?.racePublic ?? true,
      };
    });
    return {
      racerKey: row.racerId,
      racerName: racer?.fullName ?? '',
      sex: (racer?.sex ?? 'M') as Sex,
      birthYear: racer?.birthYear ?? null,
      club: racer?.club ?? null,
      points: row.points,
      rank: row.rank,
      provisional: raceResults.some((result) => result.provisional),
      raceResults,
    };
  });
}

/**
 * Who is who across races: a racer registered with an account is `user:{id}`; one registered
 * without an account is `name:{normalised full name}:{birth year}`, and joins the account of the
 * same normalised name and birth year when exactly one account in this ranking has them. Two
 * racers of one race never share a key (the second gets its racer id appended).
 */
async function assignRacerKeys(db: Executor, entries: Entry[]): Promise<void> {
  const racerIds = [...new Set(entries.map((entry) => entry.racer.id))];
  const users = new Map<number, number>();
  for (let start = 0; start < racerIds.length; start += 1000) {
    const chunk = racerIds.slice(start, start + 1000);
    const rows = await db
      .select({ racerId: racers.id, userId: raceRegistrations.userId })
      .from(racers)
      .innerJoin(raceRegistrations, and(eq(raceRegistrations.id, racers.registrationId), eq(raceRegistrations.raceId, racers.raceId)))
      .where(inArray(racers.id, chunk));
    for (const row of rows) if (row.userId !== null) users.set(row.racerId, row.userId);
  }
  const nameKey = (racer: ResultRacer): string => `name:${normaliseName(racer.fullName)}:${racer.birthYear ?? '?'}`;
  const accountsByName = new Map<string, Set<string>>();
  for (const entry of entries) {
    const userId = users.get(entry.racer.id);
    if (userId === undefined) continue;
    const name = nameKey(entry.racer);
    accountsByName.set(name, (accountsByName.get(name) ?? new Set()).add(`user:${userId}`));
  }
  const used = new Set<string>();
  for (const entry of entries) {
    const userId = users.get(entry.racer.id);
    const name = nameKey(entry.racer);
    const accounts = accountsByName.get(name);
    let key = userId !== undefined ? `user:${userId}` : accounts?.size === 1 ? [...accounts][0]! : name;
    if (used.has(`${entry.cupCategoryRaceId}|${key}`)) key = `${key}#${entry.racer.id}`;
    used.add(`${entry.cupCategoryRaceId}|${key}`);
    entry.key = key;
  }
}
