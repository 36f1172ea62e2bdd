import { describe, expect, it } from 'vitest';
import { resultsAreProvisional } from './provisional-results';

describe('resultsAreProvisional', () => {
  it('marks the stage that is climbed and the overall ranking of a running race', () => {
    expect(resultsAreProvisional('QUALIFICATION_ONGOING', 'QUALIFICATION')).toBe(true);
    expect(resultsAreProvisional('QUALIFICATION_ONGOING', 'OVERALL')).toBe(true);
    expect(resultsAreProvisional('FINALS_ONGOING', 'FINAL')).toBe(true);
    expect(resultsAreProvisional('FINALS_ONGOING', 'OVERALL')).toBe(true);
  });

  it('does not mark a stage the race has moved past, nor anything of a finished race', () => {
    expect(resultsAreProvisional('FINALS_ONGOING', 'QUALIFICATION')).toBe(false);
    expect(resultsAreProvisional('SEMIFINALS', 'QUALIFICATION')).toBe(false);
    expect(resultsAreProvisional('FINISHED', 'FINAL')).toBe(false);
    expect(resultsAreProvisional('FINISHED', 'OVERALL')).toBe(false);
  });

  it('does not mark results whose race state is unknown', () => {
    expect(resultsAreProvisional(null, 'QUALIFICATION')).toBe(false);
    expect(resultsAreProvisional('SOMETHING_NEW', 'OVERALL')).toBe(false);
  });
});
