import { describe, expect, it } from 'vitest';
import { formatBoulderMarks } from '../../../lib/format-boulder-marks';
import { applyMark, clearMark, EMPTY_BOULDER, eventForKey, stepMark, type MarkAction } from './boulder-marks';

const boulder = (overrides: Partial<typeof EMPTY_BOULDER> = {}) => ({ ...EMPTY_BOULDER, ...overrides });

describe('applyMark', () => {
  it('counts attempts one by one', () => {
    expect(applyMark(applyMark(boulder(), 'ATTEMPT'), 'ATTEMPT').currentAttempt).toBe(2);
  });

  it('puts the zone on the attempt in progress', () => {
    expect(applyMark(boulder({ currentAttempt: 3 }), 'ZONE')).toMatchObject({ zoneAttempts: 3, topAttempts: null, currentAttempt: 3 });
  });

  it('counts a zone or top before any attempt as the first attempt', () => {
    expect(applyMark(boulder(), 'ZONE')).toMatchObject({ zoneAttempts: 1, currentAttempt: 1 });
    expect(applyMark(boulder(), 'TOP')).toMatchObject({ topAttempts: 1, zoneAttempts: 1, currentAttempt: 1 });
  });

  it('gives the top its zone when none was marked, and keeps an earlier zone', () => {
    expect(applyMark(boulder({ currentAttempt: 4 }), 'TOP')).toMatchObject({ topAttempts: 4, zoneAttempts: 4 });
    expect(applyMark(boulder({ currentAttempt: 4, zoneAttempts: 2 }), 'TOP')).toMatchObject({ topAttempts: 4, zoneAttempts: 2 });
  });

  it('ignores a second zone and every tap after the top', () => {
    const zoned = boulder({ currentAttempt: 2, zoneAttempts: 2 });
    expect(applyMark(zoned, 'ZONE')).toBe(zoned);
    const topped = boulder({ currentAttempt: 2, zoneAttempts: 1, topAttempts: 2 });
    for (const action of ['ATTEMPT', 'ZONE', 'TOP'] as MarkAction[]) expect(applyMark(topped, action)).toBe(topped);
  });
});

describe('stepMark (the editor’s steppers)', () => {
  const topped = boulder({ topAttempts: 3, zoneAttempts: 2, currentAttempt: 3 });

  it('removes a top with its clear button, keeping the zone and the attempts', () => {
    expect(clearMark(topped, 'topAttempts')).toEqual({ topAttempts: null, zoneAttempts: 2, currentAttempt: 3 });
    // A zone that a top needs stays; without the top it goes.
    expect(clearMark(topped, 'zoneAttempts')).toBe(topped);
    expect(clearMark(boulder({ zoneAttempts: 2, currentAttempt: 2 }), 'zoneAttempts')).toEqual({ topAttempts: null, zoneAttempts: null, currentAttempt: 2 });
  });

  it('removes a top by stepping it below the first attempt; the zone follows it down', () => {
    let value = topped;
    for (let press = 0; press < 3; press += 1) value = stepMark(value, 'topAttempts', -1);
    expect(value).toEqual({ topAttempts: null, zoneAttempts: 1, currentAttempt: 3 });
  });

  it('adds a top on the zone’s attempt, and raises the attempts with it', () => {
    expect(stepMark(boulder({ zoneAttempts: 4, currentAttempt: 2 }), 'topAttempts', 1)).toEqual({ topAttempts: 4, zoneAttempts: 4, currentAttempt: 4 });
    expect(stepMark(boulder(), 'topAttempts', 1)).toEqual({ topAttempts: 1, zoneAttempts: 1, currentAttempt: 1 });
  });

  it('never puts the zone after the top, nor removes a zone that a top needs', () => {
    expect(stepMark(topped, 'zoneAttempts', 1)).toEqual({ topAttempts: 3, zoneAttempts: 3, currentAttempt: 3 });
    expect(stepMark(stepMark(topped, 'zoneAttempts', 1), 'zoneAttempts', 1)).toEqual({ topAttempts: 3, zoneAttempts: 3, currentAttempt: 3 });
    const zoneOne = boulder({ topAttempts: 1, zoneAttempts: 1, currentAttempt: 1 });
    expect(stepMark(zoneOne, 'zoneAttempts', -1)).toBe(zoneOne);
  });

  it('keeps the attempts at or above the zone and the top, and lowers a top with the zone following', () => {
    expect(stepMark(topped, 'currentAttempt', -1).currentAttempt).toBe(3);
    expect(stepMark(topped, 'currentAttempt', 1).currentAttempt).toBe(4);
    expect(stepMark(boulder({ topAttempts: 2, zoneAttempts: 2, currentAttempt: 2 }), 'topAttempts', -1)).toEqual({ topAttempts: 1, zoneAttempts: 1, currentAttempt: 2 });
    expect(stepMark(boulder(), 'currentAttempt', -1).currentAttempt).toBe(0);
  });
});

describe('eventForKey', () => {
  it.each(['T', 't', '/'])('%s marks a top', (key) => {
    expect(eventForKey(key, 2)).toEqual({ type: 'MARK', boulderIndex: 2, action: 'TOP' });
  });

  it.each(['z', 'Z'])('%s marks a zone', (key) => {
    expect(eventForKey(key, 0)).toEqual({ type: 'MARK', boulderIndex: 0, action: 'ZONE' });
  });

  it.each(['a', 'A', '+', ' '])('"%s" counts an attempt', (key) => {
    expect(eventForKey(key, 1)).toEqual({ type: 'MARK', boulderIndex: 1, action: 'ATTEMPT' });
  });

  it.each(['u', 'U', 'Backspace'])('%s undoes', (key) => {
    expect(eventForKey(key, 1)).toEqual({ type: 'UNDO' });
  });

  it.each(['x', 'Enter', '1', 'Shift'])('%s does nothing', (key) => {
    expect(eventForKey(key, 0)).toBeNull();
  });

  it('a, a, z, t gives T2 Z2 after the zone on the second attempt', () => {
    const value = ['a', 'a', 'z', 't'].reduce((current, key) => {
      const event = eventForKey(key, 0);
      return event?.type === 'MARK' ? applyMark(current, event.action) : current;
    }, boulder());
    expect(formatBoulderMarks(value)).toBe('T2 Z2');
  });
});

describe('formatBoulderMarks', () => {
  it('writes top and zone attempts, the zone alone, or nothing', () => {
    expect(formatBoulderMarks({ topAttempts: 2, zoneAttempts: 1 })).toBe('T2 Z1');
    expect(formatBoulderMarks({ topAttempts: null, zoneAttempts: 3 })).toBe('Z3');
    expect(formatBoulderMarks({ topAttempts: null, zoneAttempts: null })).toBe('');
  });
});
