import { compareLeadScores, validateLeadScore } from './compare-lead-scores.ts';
import { compareRacerIds } from './rank-by-criteria.ts';
import type { LeadScore, RacerId } from './scoring-types.ts';

export interface RankLeadQualificationInput {
  racers: readonly { racerId: RacerId; routes: readonly (LeadScore | null)[] }[];
}

export interface LeadRouteResult {
  /** Index of the route in the input `routes` array (0 = first route). */
  route: number;
  /** Competition rank on this route (1, 1, 3). */
  rank: number;
  /** Average of the places the tied racers occupy, (2r + c - 1) / 2: the IFSC "corrective rank". */
  arithmeticMean: number;
}

export interface RankedLeadQualificationRow {
  racerId: RacerId;
  rank: number;
  /** Geometric mean of the route results (lower is better), unrounded. */
  score: number;
  routeResults: LeadRouteResult[];
}

/**
 * Ranks every racer on one route. A missing result (null, or a shorter `routes` array) is below
 * every height, so all racers without a result share the last place of the route (RULES.md 2).
 */
const rankRoute = (scores: readonly (LeadScore | null)[]): { rank: number; arithmeticMean: number }[] => {
  const order = scores.map((_, index) => index).sort((a, b) => compareLeadScores(scores[a] ?? null, scores[b] ?? null));
  const results = new Array<{ rank: number; arithmeticMean: number }>(scores.length);
  let start = 0;
  while (start < order.length) {
    let end = start + 1;
    const first = scores[order[start] ?? 0] ?? null;
    while (end < order.length && compareLeadScores(first, scores[order[end] ?? 0] ?? null) === 0) end += 1;
    const rank = start + 1;
    const tied = end - start;
    const arithmeticMean = (2 * rank + tied - 1) / 2;
    for (let position = start; position < end; position += 1) results[order[position] ?? 0] = { rank, arithmeticMean };
    start = end;
  }
  return results;
};

/**
 * Ranks a lead qualification on N routes climbed by everyone (IFSC "2 routes", RULES.md 2):
 * per-route places with ties averaged, then the geometric mean of those places, lower first.
 * Equal scores share a rank with no count-back.
 *
 * Scores are compared through the product of the places, which is exact in floating point
 * (places are halves, products stay far below 2^53) and orders exactly like the geometric mean;
 * comparing rounded roots could split or merge ties by a rounding error.
 */
export const rankLeadQualification = (input: RankLeadQualificationInput): RankedLeadQualificationRow[] => {
  const routeCount = input.racers.reduce((longest, racer) => Math.max(longest, racer.routes.length), 0);
  input.racers.forEach((racer, racerIndex) =>
    racer.routes.forEach((route, routeIndex) => {
      if (route !== null) validateLeadScore(route, `racers.${racerIndex}.routes.${routeIndex}.hold`);
    }),
  );
  const perRoute = Array.from({ length: routeCount }, (_, routeIndex) =>
    rankRoute(input.racers.map((racer) => racer.routes[routeIndex] ?? null)),
  );
  const rows = input.racers.map((racer, racerIndex) => {
    const routeResults = perRoute.map((results, route) => {
      const result = results[racerIndex] ?? { rank: 1, arithmeticMean: 1 };
      return { route, rank: result.rank, arithmeticMean: result.arithmeticMean };
    });
    const product = routeResults.reduce((accumulator, result) => accumulator * result.arithmeticMean, 1);
    return { racerId: racer.racerId, routeResults, product };
  });
  rows.sort((a, b) => a.product - b.product || compareRacerIds(a.racerId, b.racerId));
  const ranked: RankedLeadQualificationRow[] = [];
  rows.forEach((row, index) => {
    const previous = rows[index - 1];
    const previousRanked = ranked[index - 1];
    const rank = previous !== undefined && previousRanked !== undefined && previous.product === row.product ? previousRanked.rank : index + 1;
    const score = routeCount === 2 ? Math.sqrt(row.product) : routeCount === 0 ? 0 : row.product ** (1 / routeCount);
    ranked.push({ racerId: row.racerId, rank, score, routeResults: row.routeResults });
  });
  return ranked;
};
