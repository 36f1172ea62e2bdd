import type { BoulderValue } from '@climbing/domain';

/*
 * The judge's marks on one boulder: the taps (attempt, zone, top), the keyboard shortcuts, and the
 * corrections of the editor's steppers. Pure functions; the scorecard turns every resulting value
 * into one entry of the device's queue.
 */

export type MarkAction = 'ATTEMPT' | 'ZONE' | 'TOP';

/** Why the card shows a notice: a save went through, a stale write, or a refused one. */
export type ScorecardNotice = { kind: 'saved' } | { kind: 'conflict' } | { kind: 'refused'; code: string; details?: unknown } | { kind: 'failed'; code: string };

export const EMPTY_BOULDER: BoulderValue = { topAttempts: null, zoneAttempts: null, currentAttempt: 0 };

export const sameBoulderValue = (a: BoulderValue, b: BoulderValue): boolean => a.topAttempts === b.topAttempts && a.zoneAttempts === b.zoneAttempts && a.currentAttempt === b.currentAttempt;

/**
 * One tap on one boulder. A zone or a top is reached on the attempt in progress (the first one if
 * none was counted yet); a top brings the zone with it when the zone was not marked. Taps do
 * nothing after the top and a second zone is ignored: the editor corrects those.
 */
export const applyMark = (boulder: BoulderValue, action: MarkAction): BoulderValue => {
  if (boulder.topAttempts !== null) return boulder;
  const attempt = Math.max(boulder.currentAttempt, 1);
  switch (action) {
    case 'ATTEMPT':
      return { ...boulder, currentAttempt: boulder.currentAttempt + 1 };
    case 'ZONE':
      if (boulder.zoneAttempts !== null) return boulder;
      return { ...boulder, currentAttempt: attempt, zoneAttempts: attempt };
    case 'TOP':
      return { ...boulder, currentAttempt: attempt, topAttempts: attempt, zoneAttempts: boulder.zoneAttempts ?? attempt };
  }
};

export type MarkField = 'currentAttempt' | 'zoneAttempts' | 'topAttempts';

const MAX_ATTEMPTS = 999;

/**
 * One stepper press of the editor, keeping the value valid: attempts never fall below the zone
 * or the top, the zone never after the top, a top brings its zone, and stepping below the first
 * attempt removes a zone or a top (removing a zone that a top needs is refused: remove the top first).
 */
export const stepMark = (value: BoulderValue, field: MarkField, delta: 1 | -1): BoulderValue => {
  if (field === 'currentAttempt') {
    const floor = Math.max(value.topAttempts ?? 0, value.zoneAttempts ?? 0);
    return { ...value, currentAttempt: Math.min(MAX_ATTEMPTS, Math.max(floor, value.currentAttempt + delta)) };
  }
  const current = value[field];
  const next = current === null ? (delta > 0 ? Math.max(1, field === 'topAttempts' ? (value.zoneAttempts ?? 1) : 1) : null) : current + delta < 1 ? null : Math.min(MAX_ATTEMPTS, current + delta);
  if (field === 'zoneAttempts') {
    if (next === null && value.topAttempts !== null) return value;
    if (next !== null && value.topAttempts !== null && next > value.topAttempts) return value;
    return { ...value, zoneAttempts: next, currentAttempt: Math.max(value.currentAttempt, next ?? 0) };
  }
  if (next === null) return { ...value, topAttempts: null };
  const zone = value.zoneAttempts === null || value.zoneAttempts > next ? next : value.zoneAttempts;
  return { ...value, topAttempts: next, zoneAttempts: zone, currentAttempt: Math.max(value.currentAttempt, next) };
};

/** The editor's clear button: no top (the zone and attempts stay), or no zone when there is no top. */
export const clearMark = (value: BoulderValue, field: 'zoneAttempts' | 'topAttempts'): BoulderValue => {
  if (field === 'topAttempts') return { ...value, topAttempts: null };
  return value.topAttempts === null ? { ...value, zoneAttempts: null } : value;
};

export type KeyEvent = { type: 'MARK'; boulderIndex: number; action: MarkAction } | { type: 'UNDO' };

/**
 * Keyboard shortcuts of the scorecard (spec 5: top is T, t or the slash). Attempt: A, + or
 * space; zone: Z; undo: U or Backspace. Returns null for any other key.
 */
export const eventForKey = (key: string, boulderIndex: number): KeyEvent | null => {
  switch (key) {
    case 'T':
    case 't':
    case '/':
      return { type: 'MARK', boulderIndex, action: 'TOP' };
    case 'Z':
    case 'z':
      return { type: 'MARK', boulderIndex, action: 'ZONE' };
    case 'A':
    case 'a':
    case '+':
    case ' ':
      return { type: 'MARK', boulderIndex, action: 'ATTEMPT' };
    case 'U':
    case 'u':
    case 'Backspace':
      return { type: 'UNDO' };
    default:
      return null;
  }
};
