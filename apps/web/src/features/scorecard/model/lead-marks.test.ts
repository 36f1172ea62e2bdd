import { describe, expect, it } from 'vitest';
import { formatLeadRoute, leadListHeights } from './lead-marks';

const route = (hold: number | null, plus = false, top = false) => ({ hold, plus, top });

describe('lead heights on the judge’s racer list', () => {
  it('shows each route’s height, so the judge sees who is scored', () => {
    expect(leadListHeights([route(28, true)])).toBe('28+');
    expect(leadListHeights([route(null, false, true), route(12)])).toBe('TOP · 12');
    expect(leadListHeights([route(null), route(31)])).toBe('– · 31');
  });
  it('is empty before any route is entered', () => {
    expect(leadListHeights([route(null), route(null)])).toBe('');
    expect(leadListHeights([])).toBe('');
    expect(formatLeadRoute(route(null))).toBe('–');
  });
});
