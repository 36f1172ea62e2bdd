import { formatBoulderMarks } from '../../../lib/format-boulder-marks';
import { formatLeadRoute } from './lead-marks';

interface BoulderItem {
  boulderIndex: number;
  topAttempts: number | null;
  zoneAttempts: number | null;
  currentAttempt: number;
}

interface RouteItem {
  routeIndex: number;
  hold: number | null;
  plus: boolean;
  top: boolean;
}

interface RunItem {
  routeIndex: number;
  attemptIndex: number;
  time: number | null;
  fall: boolean;
  falseStart: boolean;
}

const isObject = (item: unknown): item is Record<string, unknown> => typeof item === 'object' && item !== null;

/** The items of an audited list that have all these fields; null when the value is no list. */
const listOf = <Item>(value: unknown, fields: readonly string[]): Item[] | null =>
  Array.isArray(value) ? (value.filter((item) => isObject(item) && fields.every((field) => field in item)) as Item[]) : null;

const stateOf = (value: unknown): string | null => (isObject(value) && typeof value.state === 'string' ? value.state : null);

/** The words of one audit line: what a boulder, a route and a run are called and how a round state and a run read. */
export interface AuditLabels {
  boulder: (number: number) => string;
  route: (number: number) => string;
  /** A speed run by its route and attempt (lanes A and B in a world-cup qualification). */
  run: (routeIndex: number, attemptIndex: number) => string;
  state: (state: string) => string;
  /** "6.12", "Fall", "False start". */
  runMark: (run: Pick<RunItem, 'time' | 'fall' | 'falseStart'>) => string;
}

/** "B2: Z1 (2) → T3 Z1 (3)" for each item whose mark changed, in the after list's order. */
const changes = <Item>(before: Item[], after: Item[], key: (item: Item) => string, label: (item: Item) => string, mark: (item: Item | undefined) => string): string =>
  after
    .map((item) => ({ item, old: mark(before.find((other) => key(other) === key(item))), now: mark(item) }))
    .filter(({ old, now }) => old !== now)
    .map(({ item, old, now }) => `${label(item)}: ${old} → ${now}`)
    .join(', ');

/**
 * One audit entry in a line, in the reader's words: the boulders, lead routes or speed runs whose
 * marks changed ("B2: Z1 (2) → T3 Z1 (3)", "Route 1: 36+ → 38", "Lane A: 6.12 → Fall"), or the
 * round state change ("Started → Closed"). Anything else: null.
 */
export const auditChangeSummary = (before: unknown, after: unknown, labels: AuditLabels): string | null => {
  const from = stateOf(before);
  const to = stateOf(after);
  if (from !== null && to !== null) return `${labels.state(from)} → ${labels.state(to)}`;
  const boulders = [listOf<BoulderItem>(before, ['boulderIndex', 'currentAttempt']), listOf<BoulderItem>(after, ['boulderIndex', 'currentAttempt'])] as const;
  const routes = [listOf<RouteItem>(before, ['routeIndex', 'hold']), listOf<RouteItem>(after, ['routeIndex', 'hold'])] as const;
  const runs = [listOf<RunItem>(before, ['routeIndex', 'attemptIndex', 'fall']), listOf<RunItem>(after, ['routeIndex', 'attemptIndex', 'fall'])] as const;
  if (boulders[0] === null || boulders[1] === null) return null;
  if (boulders[1].length > 0)
    return changes(
      boulders[0],
      boulders[1],
      (boulder) => String(boulder.boulderIndex),
      (boulder) => labels.boulder(boulder.boulderIndex + 1),
      (boulder) => (boulder ? `${formatBoulderMarks(boulder) || '–'} (${boulder.currentAttempt})` : '–'),
    );
  if (routes[1] && routes[1].length > 0)
    return changes(
      routes[0] ?? [],
      routes[1],
      (route) => String(route.routeIndex),
      (route) => labels.route(route.routeIndex + 1),
      (route) => (route ? formatLeadRoute(route) : '–'),
    );
  if (runs[1] && runs[1].length > 0)
    return changes(
      runs[0] ?? [],
      runs[1],
      (run) => `${run.routeIndex}-${run.attemptIndex}`,
      (run) => labels.run(run.routeIndex, run.attemptIndex),
      (run) => (run ? labels.runMark(run) || '–' : '–'),
    );
  return '';
};
