import { describe, expect, it } from 'vitest';
import { eventListPath } from '../api/get-events';
import { filtersFromParams, filtersToParams } from './event-filter-params';

describe('event list filters', () => {
  it('keeps the documented query when nothing is filtered', () => {
    expect(eventListPath('actual')).toBe('/api/event?period=actual');
    expect(eventListPath('history', { q: '  ', organizationId: null, country: null, mine: false })).toBe('/api/event?period=history');
  });

  it('sends search, organization, country and "mine" to the server', () => {
    expect(eventListPath('open-registration', { q: ' boulder ', organizationId: 4, country: 'SVK', mine: true })).toBe(
      '/api/event?period=open-registration&q=boulder&organizationId=4&country=SVK&mine=true',
    );
  });

  it('round-trips the filters through the page URL and ignores junk', () => {
    const filters = { q: 'cup', organizationId: 9, country: 'CZE', mine: true, month: '2026-05' };
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
    expect(filtersFromParams(new URLSearchParams('organization=abc&mine=yes&month=2026-13'))).toEqual({ q: '', organizationId: null, country: null, mine: false, month: null });
  });

  it('sends the month (the mm/yyyy input) as YYYY-MM', () => {
    expect(eventListPath('history', { month: '2024-06' })).toBe('/api/event?period=history&month=2024-06');
  });
});
