import { describe, expect, it } from 'vitest';
import { auditChangeSummary, type AuditLabels } from './audit-summary';

const labels: AuditLabels = {
  boulder: (number) => `B${number}`,
  route: (number) => `Route ${number}`,
  run: (routeIndex) => (routeIndex === 0 ? 'Lane A' : 'Lane B'),
  state: (state) => ({ READY: 'Ready', STARTED: 'Started', CLOSED: 'Closed' })[state] ?? state,
  runMark: (run) => (run.falseStart ? 'False start' : run.fall ? 'Fall' : run.time === null ? '' : (run.time / 1000).toFixed(2)),
};

describe('auditChangeSummary', () => {
  it('says a round state change in words, not codes (the Slovak history read "STARTED → CLOSED")', () => {
    expect(auditChangeSummary({ state: 'STARTED' }, { state: 'CLOSED' }, labels)).toBe('Started → Closed');
  });

  it('names each boulder whose marks changed, with the attempts', () => {
    const before = [
      { boulderIndex: 0, topAttempts: null, zoneAttempts: 2, currentAttempt: 2 },
      { boulderIndex: 1, topAttempts: null, zoneAttempts: null, currentAttempt: 0 },
    ];
    const after = [before[0], { boulderIndex: 1, topAttempts: 3, zoneAttempts: 1, currentAttempt: 3 }];
    expect(auditChangeSummary(before, after, labels)).toBe('B2: – (0) → T3 Z1 (3)');
  });

  it('names each lead route whose height changed (the history said nothing for lead)', () => {
    const route = (routeIndex: number, hold: number | null, plus = false, top = false) => ({ id: routeIndex + 1, routeIndex, hold, plus, top, time: null });
    expect(auditChangeSummary([route(0, 36, true), route(1, null)], [route(0, 38), route(1, null)], labels)).toBe('Route 1: 36+ → 38');
    expect(auditChangeSummary([route(0, 38)], [route(0, 38, false, true)], labels)).toBe('Route 1: 38 → TOP');
  });

  it('names each speed run whose result changed', () => {
    const run = (routeIndex: number, time: number | null, fall = false) => ({ id: routeIndex + 1, routeIndex, attemptIndex: 0, time, fall, falseStart: false });
    expect(auditChangeSummary([run(0, 6120), run(1, null)], [run(0, null, true), run(1, null)], labels)).toBe('Lane A: 6.12 → Fall');
    expect(auditChangeSummary([run(0, null), run(1, null)], [run(0, null), run(1, 5980)], labels)).toBe('Lane B: – → 5.98');
  });

  it('has nothing to say about a value it does not know', () => {
    expect(auditChangeSummary({ something: 1 }, { something: 2 }, labels)).toBeNull();
  });
});
