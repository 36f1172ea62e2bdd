/**
 * The highest hold a lead route's height may name: the score write refuses more (`leadRouteBody`
 * on the server) and the lead judge's card says so under the field. A module of its own, so the
 * bundles that do not check a height (the live page) do not carry it.
 */
export const LEAD_HOLD_MAX = 999;
