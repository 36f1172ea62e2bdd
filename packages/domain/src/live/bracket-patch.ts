import type { SpeedStage } from '../model/enums.ts';

/*
 * The speed final's bracket on the live stream (docs/judging-and-live.md, "Live bracket"): a new
 * stream gets the whole bracket, a committed change sends only the matches it changed (a run
 * entered, a winner, the next match's pairing), so an update costs a few hundred bytes however
 * large the bracket. Made by the server, folded by the live page and the projector.
 */

/** What the live stream needs of a match: its id, to replace it, and its place, to keep the order. */
export interface BracketMatch {
  id: number;
  stage: SpeedStage;
  stageIndex: number;
}

/** One bracket of the race (one per sex where the sexes are ranked apart), without its matches. */
export interface BracketShape<Gender extends string = string> {
  gender: Gender;
  size: number;
  stages: SpeedStage[];
}

/** The bracket a stream holds: every match at a results version. */
export interface LiveBracket<Match extends BracketMatch, Gender extends string = string> {
  version: number;
  brackets: BracketShape<Gender>[];
  matches: Match[];
}

/** From the bracket at `base` to the one at `version`: the matches changed or added, the ids gone and the brackets' shapes. */
export interface BracketPatch<Match extends BracketMatch, Gender extends string = string> {
  base: number;
  version: number;
  brackets: BracketShape<Gender>[];
  matches: Match[];
  removed: number[];
}

/** Each match as sent (its JSON), by id: what the next patch is computed against. */
export type BracketPrints = ReadonlyMap<number, string>;

export const bracketPrints = (matches: readonly BracketMatch[]): Map<number, string> => new Map(matches.map((match) => [match.id, JSON.stringify(match)]));

/**
 * The patch from the matches sent (`before`) to `matches`, or null when no match changed and the
 * shapes are the same (nothing to send). `nowPrints` are `bracketPrints(matches)`.
 */
export function diffBracket<Match extends BracketMatch, Gender extends string>(
  before: BracketPrints,
  beforeShapes: readonly BracketShape<Gender>[],
  now: { matches: readonly Match[]; brackets: BracketShape<Gender>[]; prints: BracketPrints },
  versions: { base: number; version: number },
): BracketPatch<Match, Gender> | null {
  const matches = now.matches.filter((match) => before.get(match.id) !== now.prints.get(match.id));
  const removed = [...before.keys()].filter((id) => !now.prints.has(id));
  if (matches.length === 0 && removed.length === 0 && JSON.stringify(beforeShapes) === JSON.stringify(now.brackets)) return null;
  return { ...versions, brackets: now.brackets, matches, removed };
}

/**
 * The bracket after an event of the stream: a whole bracket replaces what is held; a patch
 * applies to the version it was made from (its matches replace those held in place, new ones come last:
 * a bracket is drawn by each match's stage and place, not by the order of the list). An older or
 * repeated patch changes nothing; a patch on another base means an update went missing:
 * 'resync' (start again from the whole bracket).
 */
export function foldBracketEvent<Match extends BracketMatch, Gender extends string>(
  held: LiveBracket<Match, Gender> | null,
  event: ({ kind: 'whole' } & LiveBracket<Match, Gender>) | ({ kind: 'patch' } & BracketPatch<Match, Gender>),
): LiveBracket<Match, Gender> | 'resync' {
  if (event.kind === 'whole') return { version: event.version, brackets: event.brackets, matches: event.matches };
  if (held && event.version <= held.version) return held;
  if (!held || event.base !== held.version) return 'resync';
  const changed = new Map(event.matches.map((match) => [match.id, match]));
  const gone = new Set(event.removed);
  const kept = held.matches.filter((match) => !gone.has(match.id)).map((match) => changed.get(match.id) ?? match);
  const known = new Set(held.matches.map((match) => match.id));
  return { version: event.version, brackets: event.brackets, matches: [...kept, ...event.matches.filter((match) => !known.has(match.id))] };
}
