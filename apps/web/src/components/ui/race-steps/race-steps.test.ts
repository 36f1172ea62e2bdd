import { RACE_FORMATS, RACE_STATES, allowedRaceActions, type RaceFormat, type RaceState } from '@climbing/domain';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import sk from '../../../locales/sk.json';
import { asksFirst, nextRaceStep, otherRaceSteps, raceNowKey, raceStep } from './race-steps';

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

  it('reads the preview before every step that closes a stage, before starting the qualification and before going back to a stage, never before the others', () => {
    const previewed = (state: RaceState, format: RaceFormat) =>
      [nextRaceStep(state, format), ...otherRaceSteps(state, format)].filter((step) => step !== null && step.preview).map((step) => step!.action).sort();
    expect(previewed('QUALIFICATION_ONGOING', 'QUALIFICATION_FINAL')).toEqual(['CLOSE_STAGE', 'START_FINAL']);
    expect(previewed('SEMIFINALS_ONGOING', 'QUALIFICATION_SEMIFINAL_FINAL')).toEqual(['CLOSE_STAGE', 'START_FINAL']);
    expect(previewed('FINALS_ONGOING', 'QUALIFICATION_FINAL')).toEqual(['END_RACE']);
    expect(previewed('QUALIFICATION', 'QUALIFICATION_FINAL')).toEqual(['START_RACE']);
    expect(previewed('OPEN_REGISTRATION', 'QUALIFICATION_FINAL')).toEqual(['START_RACE']);
    // A ready final only starts: nothing closes, its racers are known; going back is refused once a final round has an entry.
    expect(previewed('FINALS', 'QUALIFICATION_FINAL')).toEqual(['END_RACE', 'REOPEN_STAGE']);
    expect(previewed('SEMIFINALS', 'QUALIFICATION_SEMIFINAL_FINAL')).toContain('REOPEN_STAGE');
    expect(nextRaceStep('FINALS', 'QUALIFICATION_FINAL')).toMatchObject({ action: 'START_FINAL', preview: false });
    for (const state of ['HIDDEN', 'UPCOMING', 'FINISHED'] as const) expect(previewed(state, 'QUALIFICATION_FINAL')).toEqual([]);
  });

  it('asks before starting the qualification only when someone registered is not checked in, or that could not be checked', () => {
    const start = raceStep('QUALIFICATION', 'QUALIFICATION_FINAL', 'START_RACE');
    expect(asksFirst(start, { failed: false, notCheckedIn: 0 })).toBe(false);
    expect(asksFirst(start, { failed: false, notCheckedIn: 3 })).toBe(true);
    expect(asksFirst(start, { failed: true, notCheckedIn: 0 })).toBe(true);
    // A step that closes a stage is asked whatever the preview says; one without a preview as before.
    expect(asksFirst(raceStep('QUALIFICATION_ONGOING', 'QUALIFICATION_FINAL', 'START_FINAL'), { failed: false, notCheckedIn: 0 })).toBe(true);
    expect(asksFirst(raceStep('UPCOMING', 'QUALIFICATION_FINAL', 'OPEN_REGISTRATION'), null)).toBe(false);
    expect(asksFirst(raceStep('FINALS', 'QUALIFICATION_FINAL', 'REOPEN_STAGE'), null)).toBe(true);
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
