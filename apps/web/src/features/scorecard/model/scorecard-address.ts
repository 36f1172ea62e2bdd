/**
 * The scorecard's address handed to judges (the organiser's judge card, its QR code): the race's
 * scorecard, and for a freshly created judge login `?login=` with that login, which the scorecard's
 * own login form takes as its first value. Only the login travels in an address, never a password.
 */
export const JUDGE_LOGIN_PARAM = 'login';

/** The longest login the login form takes (an account e-mail). */
const MAX_LOGIN_LENGTH = 254;

/** `/races/{raceId}/scorecard`, with `?login=` when a login is given. */
export const scorecardPath = (raceId: number, login?: string | null): string => {
  const base = `/races/${raceId}/scorecard`;
  const value = login?.trim();
  return value ? `${base}?${new URLSearchParams({ [JUDGE_LOGIN_PARAM]: value }).toString()}` : base;
};

/** The whole address of `scorecardPath` on this site (`origin`: `window.location.origin`). */
export const scorecardAddress = (origin: string, raceId: number, login?: string | null): string => `${origin}${scorecardPath(raceId, login)}`;

/**
 * The login an address brings (`?login=`), as the login form would take it: trimmed, not empty,
 * no longer than the form allows and without control characters; null otherwise (anybody can
 * craft an address, and a field filled with rubbish helps nobody).
 */
export const loginFromAddress = (value: string | null | undefined): string | null => {
  const login = value?.trim() ?? '';
  if (login === '' || login.length > MAX_LOGIN_LENGTH) return null;
  for (const char of login) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return null;
  }
  return login;
};
