import { formatBoulderMarks } from '../../../lib/format-boulder-marks';

const boulderList = (value: unknown): { boulderIndex: number; topAttempts: number | null; zoneAttempts: number | null; currentAttempt: number }[] | null => {
  if (!Array.isArray(value)) return null;
  return value.filter(
    (item): item is { boulderIndex: number; topAttempts: number | null; zoneAttempts: number | null; currentAttempt: number } =>
      typeof item === 'object' && item !== null && 'boulderIndex' in item && 'currentAttempt' in item,
  );
};

const stateOf = (value: unknown): string | null =>
  typeof value === 'object' && value !== null && 'state' in value && typeof value.state === 'string' ? value.state : null;

/**
 * One audit entry in a line: the boulders whose marks changed ("B2: Z1 (2) → T3 Z1 (3)"), or the
 * round state change ("READY → STARTED"). Anything else is summarised as changed.
 */
export const auditChangeSummary = (before: unknown, after: unknown, boulderLabel: (number: number) => string): string | null => {
  const from = stateOf(before);
  const to = stateOf(after);
  if (from !== null && to !== null) return `${from} → ${to}`;
  const old = boulderList(before);
  const fresh = boulderList(after);
  if (old === null || fresh === null) return null;
  const mark = (boulder: { topAttempts: number | null; zoneAttempts: number | null; currentAttempt: number } | undefined) =>
    boulder ? `${formatBoulderMarks(boulder) || '–'} (${boulder.currentAttempt})` : '–';
  return fresh
    .filter((boulder) => {
      const previous = old.find((item) => item.boulderIndex === boulder.boulderIndex);
      return mark(previous) !== mark(boulder);
    })
    .map((boulder) => `${boulderLabel(boulder.boulderIndex + 1)}: ${mark(old.find((item) => item.boulderIndex === boulder.boulderIndex))} → ${mark(boulder)}`)
    .join(', ');
};
