/**
 * The page to return to after logging in or signing up (issue 10: back to the race the person was
 * registering for). It travels in the `redirect` query value of `/login` and `/sign-up`, which
 * anybody can craft, so only a path of this site is accepted: it starts with one `/` (not `//` or
 * `/\`, which browsers read as another host), has no backslash or control character, and resolves
 * to this origin. Anything else is null and the caller uses its usual page: never an open redirect.
 */
export const REDIRECT_PARAM = 'redirect';

const BASE = 'https://this.site';

export const safeReturnPath = (value: string | null | undefined): string | null => {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // Backslashes count as slashes in browsers' URL parsing; control characters (tab, newline) are dropped by it.
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (char === '\\' || code < 0x20 || code === 0x7f) return null;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
};

/** `/login?redirect=...` (or `/sign-up`) that comes back to `returnTo`; the plain page when it is not a safe path. */
export const withReturnPath = (page: '/login' | '/sign-up' | '/profile', returnTo: string | null | undefined): string => {
  const safe = safeReturnPath(returnTo);
  return safe === null ? page : `${page}?${new URLSearchParams({ [REDIRECT_PARAM]: safe }).toString()}`;
};

/**
 * Whether a return path leads back into a race's registration dialog (`/events/{eventId}?register={raceId}`,
 * written by `registrationReturnPath` of features/events): the sign-up and the profile then ask for
 * what a registration needs.
 */
export const returnsToRegistration = (value: string | null | undefined): boolean => {
  const safe = safeReturnPath(value);
  if (safe === null) return false;
  const url = new URL(safe, BASE);
  return /^\/events\/\d+$/.test(url.pathname) && /^\d+$/.test(url.searchParams.get('register') ?? '');
};

/** Pages whose address carries a one-time token or that are part of logging in: never returned to after a login. */
const NO_RETURN_PAGES = ['/login', '/sign-up', '/forgot-password', '/password-reset', '/set-password', '/confirm-email', '/invitation/accept'];

/**
 * The header's "Log in" on the page at `pathname` + `search`: back to that page afterwards (a judge
 * logging in from the scorecard lands on the scorecard again). The login and sign-up pages pass
 * their own `redirect` on; pages of a one-time token (password reset, invitation) are not returned to.
 */
export const headerLoginPath = (pathname: string, search: string): string => {
  if (pathname === '/login' || pathname === '/sign-up') return withReturnPath('/login', new URLSearchParams(search).get(REDIRECT_PARAM));
  if (NO_RETURN_PAGES.includes(pathname) || pathname === '/') return '/login';
  return withReturnPath('/login', `${pathname}${search}`);
};
