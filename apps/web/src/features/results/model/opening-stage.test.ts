import { describe, expect, it } from 'vitest';
import { buildResultRow } from '../testing/build-result-row';
import { openingStage } from './opening-stage';

const stages = ['QUALIFICATION', 'FINAL'] as const;
const climbed = [buildResultRow()];
const notYet = [buildResultRow({ empty: true, stage: 'FINAL' })];

describe('openingStage', () => {
  it('opens a finished race on its last stage, not on the qualification', () => {
    expect(openingStage('FINISHED', stages, { QUALIFICATION: climbed, FINAL: climbed })).toBe('FINAL');
  });

  it('opens a running race on the stage it is in', () => {
    expect(openingStage('FINALS_ONGOING', stages, { QUALIFICATION: climbed, FINAL: climbed })).toBe('FINAL');
    expect(openingStage('QUALIFICATION_ONGOING', stages, { QUALIFICATION: climbed })).toBe('QUALIFICATION');
  });

  it('opens on the latest stage with a result while nobody has one in the stage the race is in', () => {
    expect(openingStage('FINALS', stages, { QUALIFICATION: climbed, FINAL: notYet })).toBe('QUALIFICATION');
    // A speed race finished on its qualification ranking: no final was climbed.
    expect(openingStage('FINISHED', stages, { QUALIFICATION: climbed, FINAL: [] })).toBe('QUALIFICATION');
  });

  it('without a known state, the latest stage with a result; before any result, the stage the race is in, or nothing', () => {
    expect(openingStage(null, stages, { QUALIFICATION: climbed, FINAL: climbed })).toBe('FINAL');
    expect(openingStage('FINISHED', stages, {})).toBe('FINAL');
    expect(openingStage(null, stages, {})).toBeNull();
    expect(openingStage('UPCOMING', stages, {})).toBeNull();
  });
});
