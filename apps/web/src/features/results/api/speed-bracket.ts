import { RACE_GENDERS, SPEED_STAGES, guard as g } from '@climbing/domain';
import { queryOptions, replaceEqualDeep, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withOfflineCache } from '../../../lib/offline-cache';
import { speedBracketQueryKey, speedMatchSchema, type SpeedBracket, type SpeedMatch } from './speed-bracket-schema';

export * from './speed-bracket-schema';

const genderBracketSchema = g.object({
  gender: g.oneOf(RACE_GENDERS),
  size: g.number(),
  stages: g.array(g.oneOf(SPEED_STAGES)),
  matches: g.array(speedMatchSchema),
});

/**
 * GET /api/race/{id}/speed-bracket: every match of the speed elimination finals, one bracket per
 * ranking (sex), and before the finals the bracket each ranking would get now (`planned`).
 */
export const speedBracketSchema = g.object({
  raceId: g.number(),
  size: g.number(),
  stages: g.array(g.oneOf(SPEED_STAGES)),
  matches: g.array(speedMatchSchema),
  brackets: g.withDefault(g.array(genderBracketSchema), []),
  planned: g.withDefault(g.array(g.object({ gender: g.oneOf(RACE_GENDERS), size: g.number(), racersWithTime: g.number() })), []),
});

/** The matches whose winner (or loser) climbs in `match`: the two of the round before it in its bracket. */
const feedersOf = (match: SpeedMatch, all: ReadonlyMap<number, SpeedMatch>): SpeedMatch[] => {
  const finals = match.stage === 'SMALL_FINAL' || match.stage === 'BIG_FINAL';
  const stage = finals ? 'HALF_FINAL' : SPEED_STAGES[SPEED_STAGES.indexOf(match.stage) - 1];
  const indexes = finals ? [0, 1] : [match.stageIndex * 2, match.stageIndex * 2 + 1];
  return [...all.values()].filter((each) => each.gender === match.gender && each.stage === stage && indexes.includes(each.stageIndex));
};

const sameRacers = (a: SpeedMatch, b: SpeedMatch): boolean =>
  a.racerA?.id === b.racerA?.id && a.racerA?.roundId === b.racerA?.roundId && a.racerB?.id === b.racerB?.id && a.racerB?.roundId === b.racerB?.roundId;

const byStage = (a: SpeedMatch, b: SpeedMatch): number => SPEED_STAGES.indexOf(a.stage) - SPEED_STAGES.indexOf(b.stage) || a.stageIndex - b.stageIndex;

/**
 * A bracket just read never takes a match back to an older state than the one held: answers do
 * not come back in the order their requests went out (the refresh after an entry and the live
 * stream's overlap), and the device's offline copy must only move forward.
 *
 * A match's `version` is the sum of its two racers' round versions, which only grow: with the same
 * racers, the higher version is the newer match. Who climbs a match is decided by the matches
 * before it (a correction there puts another racer in); a match whose racers differ, or that only
 * the held bracket has, is kept from the held one when a match that fed it was, since the read is
 * behind there; otherwise the read is taken as it is (new matches, corrections, the finals reopened).
 */
export function keepNewestMatches(held: SpeedBracket | undefined, read: SpeedBracket): SpeedBracket {
  if (!held || held.matches.length === 0) return read;
  const heldById = new Map(held.matches.map((match) => [match.id, match]));
  const readById = new Map(read.matches.map((match) => [match.id, match]));
  const keptFromHeld = new Set<number>();
  const chosen: SpeedMatch[] = [];
  // In stage order, so a match's feeders are decided before it.
  const ids = [...new Set([...held.matches, ...read.matches].sort(byStage).map((match) => match.id))];
  for (const id of ids) {
    const mine = heldById.get(id);
    const theirs = readById.get(id);
    const keepMine =
      mine !== undefined &&
      (theirs !== undefined && sameRacers(mine, theirs) ? mine.version > theirs.version : feedersOf(mine, heldById).some((feeder) => keptFromHeld.has(feeder.id)));
    if (keepMine) {
      keptFromHeld.add(id);
      chosen.push(mine);
    } else if (theirs) chosen.push(theirs);
  }
  if (keptFromHeld.size === 0) return read;
  const matches = chosen.sort(byStage);
  return { ...read, matches, brackets: read.brackets.map((each) => ({ ...each, matches: matches.filter((match) => match.gender === each.gender) })) };
}

export const speedBracketQueryOptions = (raceId: number) =>
  queryOptions({
    queryKey: speedBracketQueryKey(raceId),
    // Kept on the device for the judges' match entry without a connection. Two reads may overlap
    // (the refresh after an entry, the live stream's): the copy, and the bracket shown, keep the newer matches.
    queryFn: ({ signal }) =>
      withOfflineCache(`speed-bracket:${raceId}`, () => apiRequest(`/api/race/${raceId}/speed-bracket`, { schema: speedBracketSchema, signal }), keepNewestMatches),
    staleTime: 10_000,
    structuralSharing: (held, read) => replaceEqualDeep(held, keepNewestMatches(held as SpeedBracket | undefined, read as SpeedBracket)),
  });

export const useSpeedBracket = (raceId: number, enabled = true) => useQuery({ ...speedBracketQueryOptions(raceId), enabled });
