import { isIsoMonth } from '@climbing/domain';
import type { EventFilters } from '../api/get-events';

/** The list filters live in the URL (?q=&organization=&country=&month=YYYY-MM&mine=1) so a filtered list can be shared. */
export const filtersFromParams = (params: URLSearchParams): EventFilters => {
  const organizationId = Number(params.get('organization'));
  return {
    q: params.get('q') ?? '',
    organizationId: Number.isInteger(organizationId) && organizationId > 0 ? organizationId : null,
    country: params.get('country') || null,
    mine: params.get('mine') === '1',
    month: isIsoMonth(params.get('month') ?? '') ? params.get('month') : null,
  };
};

export const filtersToParams = (filters: EventFilters): URLSearchParams => {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.organizationId) params.set('organization', String(filters.organizationId));
  if (filters.country) params.set('country', filters.country);
  if (filters.month) params.set('month', filters.month);
  if (filters.mine) params.set('mine', '1');
  return params;
};
