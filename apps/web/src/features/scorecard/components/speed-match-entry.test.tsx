import { describe, expect, it } from 'vitest';
import type { SpeedMatch } from '../../results/api/speed-bracket';
import { nextMatchToEnter } from './speed-match-entry';

const match = (id: number, state: 'READY' | 'CLOSED' = 'READY') => ({ id, state }) as SpeedMatch;

describe('nextMatchToEnter: after saving a match the judge moves on', () => {
  const bracket = [match(1, 'CLOSED'), match(2), match(3), match(4), match(5, 'CLOSED')];

  it('goes to the next match in bracket order that is neither closed nor waiting in the queue', () => {
    expect(nextMatchToEnter(bracket, 2, new Set())?.id).toBe(3);
    expect(nextMatchToEnter(bracket, 2, new Set([3]))?.id).toBe(4);
  });

  it('wraps round to an earlier open match, and stays (null) when none is left', () => {
    expect(nextMatchToEnter(bracket, 4, new Set())?.id).toBe(2);
    expect(nextMatchToEnter(bracket, 4, new Set([2, 3]))).toBeNull();
    // A correction of a closed match moves on like a first entry.
    expect(nextMatchToEnter(bracket, 5, new Set())?.id).toBe(2);
  });
});
