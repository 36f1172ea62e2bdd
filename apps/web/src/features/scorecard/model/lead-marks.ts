import type { LeadRoute } from '../api/racer-list';

/** "28+", "TOP", "–": a lead route as the results show it. */
export const formatLeadRoute = (route: Pick<LeadRoute, 'hold' | 'plus' | 'top'>): string =>
  route.top ? 'TOP' : route.hold === null ? '–' : `${route.hold}${route.plus ? '+' : ''}`;

/**
 * The heights of a racer's routes on the judge's racer list ("28+ · TOP"), so the judge sees who
 * is scored (bouldering shows marks, speed the best time); empty before any route is entered.
 */
export const leadListHeights = (routes: readonly Pick<LeadRoute, 'hold' | 'plus' | 'top'>[]): string =>
  routes.some((route) => route.top || route.hold !== null) ? routes.map(formatLeadRoute).join(' · ') : '';
