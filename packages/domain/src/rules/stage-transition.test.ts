import { describe, expect, it } from 'vitest';
import { RACE_FORMATS, RACE_STATES } from '../model/enums.ts';
import { allowedRaceActions, raceTransition } from './race-state.ts';
import { stageClosedBy } from './race-progress.ts';
import { roundProgress, stageOpenedBy, stageReopenedBy, stagesClosedBetween, unfinishedRounds } from './stage-transition.ts';

describe('stagesClosedBetween', () => {
  it('names the stage a step leaves behind, as stageClosedBy names it for the step', () => {
    for (const format of RACE_FORMATS) {
      for (const state of RACE_STATES) {
        for (const action of allowedRaceActions(state, format)) {
          if (action === 'REOPEN_RACE' || action === 'REOPEN_STAGE') continue;
          const closed = stagesClosedBetween(state, raceTransition(state, action, format), format);
          const named = stageClosedBy(state, action);
          if (named === null) expect(closed, `${format} ${state} ${action}`).toEqual([]);
          else expect(closed, `${format} ${state} ${action}`).toEqual([named]);
        }
      }
    }
  });

  it('closes nothing when the race goes back or stays', () => {
    expect(stagesClosedBetween('FINALS', 'SEMIFINALS_ONGOING', 'QUALIFICATION_SEMIFINAL_FINAL')).toEqual([]);
    expect(stagesClosedBetween('FINISHED', 'FINALS_ONGOING', 'QUALIFICATION_FINAL')).toEqual([]);
  });
});

describe('stageOpenedBy', () => {
  it('is the semifinal or final a forward step moves into, whether it starts it or only prepares it', () => {
    expect(stageOpenedBy('QUALIFICATION_ONGOING', 'FINALS_ONGOING', 'QUALIFICATION_FINAL')).toBe('FINAL');
    expect(stageOpenedBy('QUALIFICATION_ONGOING', 'FINALS', 'QUALIFICATION_FINAL')).toBe('FINAL');
    expect(stageOpenedBy('QUALIFICATION_ONGOING', 'SEMIFINALS_ONGOING', 'QUALIFICATION_SEMIFINAL_FINAL')).toBe('SEMIFINAL');
    expect(stageOpenedBy('SEMIFINALS_ONGOING', 'FINALS_ONGOING', 'QUALIFICATION_SEMIFINAL_FINAL')).toBe('FINAL');
  });

  it('is null for the qualification, inside one stage, going back, ending and reopening a finished race', () => {
    expect(stageOpenedBy('QUALIFICATION', 'QUALIFICATION_ONGOING', 'QUALIFICATION_FINAL')).toBeNull();
    expect(stageOpenedBy('OPEN_REGISTRATION', 'QUALIFICATION_ONGOING', 'QUALIFICATION_FINAL')).toBeNull();
    expect(stageOpenedBy('FINALS', 'FINALS_ONGOING', 'QUALIFICATION_FINAL')).toBeNull();
    expect(stageOpenedBy('FINALS', 'QUALIFICATION_ONGOING', 'QUALIFICATION_FINAL')).toBeNull();
    expect(stageOpenedBy('FINALS_ONGOING', 'FINISHED', 'QUALIFICATION_FINAL')).toBeNull();
    expect(stageOpenedBy('FINISHED', 'FINALS_ONGOING', 'QUALIFICATION_FINAL')).toBeNull();
    expect(stageOpenedBy('QUALIFICATION_ONGOING', 'FINISHED', 'QUALIFICATION')).toBeNull();
  });
});

describe('stageReopenedBy', () => {
  it('is the earlier stage a step goes back to, from a stage or from a finished race', () => {
    expect(stageReopenedBy('FINALS', 'QUALIFICATION_ONGOING', 'QUALIFICATION_FINAL')).toBe('QUALIFICATION');
    expect(stageReopenedBy('FINALS_ONGOING', 'SEMIFINALS_ONGOING', 'QUALIFICATION_SEMIFINAL_FINAL')).toBe('SEMIFINAL');
    expect(stageReopenedBy('SEMIFINALS', 'QUALIFICATION_ONGOING', 'QUALIFICATION_SEMIFINAL_FINAL')).toBe('QUALIFICATION');
    expect(stageReopenedBy('FINISHED', 'QUALIFICATION_ONGOING', 'QUALIFICATION_FINAL')).toBe('QUALIFICATION');
  });

  it('is null going forward, inside one stage, back to registration and reopening a finished race in its last stage', () => {
    expect(stageReopenedBy('QUALIFICATION_ONGOING', 'FINALS', 'QUALIFICATION_FINAL')).toBeNull();
    expect(stageReopenedBy('FINALS', 'FINALS_ONGOING', 'QUALIFICATION_FINAL')).toBeNull();
    expect(stageReopenedBy('QUALIFICATION_ONGOING', 'OPEN_REGISTRATION', 'QUALIFICATION_FINAL')).toBeNull();
    expect(stageReopenedBy('FINISHED', 'FINALS_ONGOING', 'QUALIFICATION_FINAL')).toBeNull();
    expect(stageReopenedBy('FINISHED', 'QUALIFICATION_ONGOING', 'QUALIFICATION')).toBeNull();
  });
});

describe('roundProgress', () => {
  it('is done when closed, fully entered or out by a false start', () => {
    expect(roundProgress({ state: 'CLOSED', problems: 4, entered: 0 })).toBe('DONE');
    expect(roundProgress({ state: 'STARTED', problems: 4, entered: 4 })).toBe('DONE');
    expect(roundProgress({ state: 'STARTED', problems: 2, entered: 1, eliminated: true })).toBe('DONE');
  });

  it('is partial with some entries and not started with none, whatever the round state says', () => {
    expect(roundProgress({ state: 'STARTED', problems: 4, entered: 3 })).toBe('PARTIAL');
    expect(roundProgress({ state: 'READY', problems: 4, entered: 0 })).toBe('NOT_STARTED');
    // A restarted round is READY again with its entries erased; one with no problems is never done by entries.
    expect(roundProgress({ state: 'STARTED', problems: 4, entered: 0 })).toBe('NOT_STARTED');
    expect(roundProgress({ state: 'STARTED', problems: 0, entered: 0 })).toBe('NOT_STARTED');
  });
});

describe('unfinishedRounds', () => {
  it('counts the unfinished rounds in total and per group, groups by name, finished groups left out', () => {
    const rounds = [
      { group: 'C', progress: 'PARTIAL' as const },
      { group: 'C', progress: 'NOT_STARTED' as const },
      { group: 'A', progress: 'DONE' as const },
      { group: 'B', progress: 'NOT_STARTED' as const },
      { group: 'C', progress: 'DONE' as const },
    ];
    expect(unfinishedRounds(rounds)).toEqual({
      rounds: 5,
      notFinished: 3,
      notStarted: 2,
      groups: [
        { group: 'B', notFinished: 1, notStarted: 1 },
        { group: 'C', notFinished: 2, notStarted: 1 },
      ],
    });
  });

  it('keeps rounds without a group (semifinal, final) under null, first', () => {
    expect(unfinishedRounds([{ group: null, progress: 'PARTIAL' }, { group: 'A', progress: 'PARTIAL' }]).groups.map((group) => group.group)).toEqual([null, 'A']);
    expect(unfinishedRounds([])).toEqual({ rounds: 0, notFinished: 0, notStarted: 0, groups: [] });
  });
});
