import { RACE_FORMATS, RACE_STATES, allowedRaceActions, type RaceFormat, type RaceState } from '@climbing/domain';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import sk from '../../../locales/sk.json';
import { nextRaceStep, otherRaceSteps, raceNowKey, raceStep } from './race-steps';

const lookup = (catalogue: unknown, key: string): unknown => key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);

/** Walks a whole race by pressing only the one next-step button. */
const walk = (format: RaceFormat): { state: RaceState; label: string }[] => {
  const path: { state: RaceState; label: string }[] = [];
  let state: RaceState = 'HIDDEN';
  for (let step = nextRaceStep(state, format); step !== null; step = nextRaceStep(state, format)) {
    path.push({ state, label: step.label });
    state = step.target;
  }
  path.push({ state, label: '' });
  return path;
};

describe('race steps', () => {
  it('runs a qualification and final race with one button per step, closing the qualification and starting the final at once', () => {
    expect(walk('QUALIFICATION_FINAL')).toEqual([
      { state: 'HIDDEN', label: 'raceSteps.label.PUBLISH' },
      { state: 'UPCOMING', label: 'raceSteps.label.OPEN_REGISTRATION' },
      { state: 'OPEN_REGISTRATION', label: 'raceSteps.label.CLOSE_REGISTRATION' },
      { state: 'QUALIFICATION', label: 'raceSteps.label.START_RACE' },
      { state: 'QUALIFICATION_ONGOING', label: 'raceSteps.label.START_FINAL' },
      { state: 'FINALS_ONGOING', label: 'raceSteps.label.END_RACE' },
      { state: 'FINISHED', label: '' },
    ]);
  });

  it('runs the three-stage and qualification-only formats to FINISHED', () => {
    expect(walk('QUALIFICATION_SEMIFINAL_FINAL').map(({ state }) => state)).toEqual([
      'HIDDEN', 'UPCOMING', 'OPEN_REGISTRATION', 'QUALIFICATION', 'QUALIFICATION_ONGOING', 'SEMIFINALS_ONGOING', 'FINALS_ONGOING', 'FINISHED',
    ]);
    expect(walk('QUALIFICATION').at(-2)).toEqual({ state: 'QUALIFICATION_ONGOING', label: 'raceSteps.label.END_RACE' });
  });

  it('says what a step closes: starting the final from a running qualification closes it; from a ready final it only starts', () => {
    expect(nextRaceStep('QUALIFICATION_ONGOING', 'QUALIFICATION_FINAL')).toMatchObject({ target: 'FINALS_ONGOING', does: 'raceSteps.does.START_FINAL_AFTER_QUALIFICATION', confirm: true });
    expect(nextRaceStep('SEMIFINALS_ONGOING', 'QUALIFICATION_SEMIFINAL_FINAL')).toMatchObject({ does: 'raceSteps.does.START_FINAL_AFTER_SEMIFINAL' });
    expect(nextRaceStep('FINALS', 'QUALIFICATION_FINAL')).toMatchObject({ target: 'FINALS_ONGOING', does: 'raceSteps.does.START_FINAL', confirm: false });
    expect(nextRaceStep('QUALIFICATION', 'QUALIFICATION_FINAL')).toMatchObject({ label: 'raceSteps.label.START_RACE', confirm: false });
    expect(nextRaceStep('FINISHED', 'QUALIFICATION_FINAL')).toBeNull();
  });

  it('names which stage going back reopens and marks it destructive', () => {
    expect(raceStep('FINALS', 'QUALIFICATION_FINAL', 'REOPEN_STAGE')).toMatchObject({ label: 'raceSteps.label.REOPEN_STAGE_QUALIFICATION', target: 'QUALIFICATION_ONGOING', confirm: true, destructive: true });
    expect(raceStep('FINALS', 'QUALIFICATION_SEMIFINAL_FINAL', 'REOPEN_STAGE')).toMatchObject({ label: 'raceSteps.label.REOPEN_STAGE_SEMIFINAL', target: 'SEMIFINALS_ONGOING' });
    expect(raceStep('QUALIFICATION_ONGOING', 'QUALIFICATION_FINAL', 'CLOSE_STAGE')).toMatchObject({ label: 'raceSteps.label.CLOSE_STAGE_QUALIFICATION', target: 'FINALS', destructive: false });
  });

  it('offers every other allowed action once, never the next step again', () => {
    for (const format of RACE_FORMATS) {
      for (const state of RACE_STATES) {
        const next = nextRaceStep(state, format);
        const others = otherRaceSteps(state, format).map((step) => step.action);
        expect([...(next ? [next.action] : []), ...others].sort()).toEqual([...allowedRaceActions(state, format)].sort());
      }
    }
  });

  it('has every label, sentence and state text in Slovak and English', () => {
    for (const format of RACE_FORMATS) {
      for (const state of RACE_STATES) {
        const steps = [nextRaceStep(state, format), ...otherRaceSteps(state, format)].filter((step) => step !== null);
        for (const key of [raceNowKey(state), ...steps.flatMap((step) => [step.label, step.does])]) {
          expect(typeof lookup(en, key), `en ${key}`).toBe('string');
          expect(typeof lookup(sk, key), `sk ${key}`).toBe('string');
        }
      }
    }
  });
});
