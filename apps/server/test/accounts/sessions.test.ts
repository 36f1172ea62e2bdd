import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, client, errorCode, type Client } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { createEvent, raceBody } from '../support/events.ts';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** The server's clock in these tests: only the test moves it. */
function fakeClock(start: string) {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

describe('sessions that last the competition (sliding expiry, renewal of expired tokens, revocation)', () => {
  const clock = fakeClock('2030-05-01T06:00:00Z');
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp({ SESSION_IDLE_HOURS: '12', SESSION_MAX_DAYS: '2', ACCESS_TOKEN_TTL_SECONDS: '900' }, { clock: clock.now });
    api = client(harness);
  });
  afterAll(() => harness.close());

  const me = (token: string) => api.call('GET', '/api/user', { token });
  const renew = (token: string) => api.call('PUT', '/api/token/renew', { token });
  const renewed = async (token: string): Promise<string> => {
    const response = await renew(token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().token;
  };

  it('an access token lives ACCESS_TOKEN_TTL_SECONDS; once expired it is refused, yet renewed while the session lives', async () => {
    const { token } = await api.user('ttl@example.com');
    const login = await api.call('POST', '/api/token/create', { payload: { email: 'ttl@example.com', password: PASSWORD } });
    expect(new Date(login.json().expiresAt).getTime()).toBe(clock.now().getTime() + 900 * 1000);
    clock.advance(14 * MINUTE);
    expect((await me(token)).statusCode).toBe(200);
    clock.advance(2 * MINUTE);
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(errorCode(expired)).toBe('INVALID_OR_EXPIRED_TOKEN');
    // Today's bug: this renewal answered 401 and the web app dropped the session.
    const fresh = await renewed(token);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('slides: each renewal keeps the session for SESSION_IDLE_HOURS more; idle longer, it is gone', async () => {
    let { token } = await api.user('idle@example.com');
    // A whole competition day with the app open: renewed every 11 hours, never idle 12.
    for (let step = 0; step < 3; step += 1) {
      clock.advance(11 * HOUR);
      token = await renewed(token);
    }
    clock.advance(12 * HOUR + MINUTE);
    const gone = await renew(token);
    expect(gone.statusCode).toBe(401);
    expect(errorCode(gone)).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('ends SESSION_MAX_DAYS after the login however busy it is', async () => {
    let { token } = await api.user('busy@example.com');
    // Renewed every 10 hours: fine for 40 hours, the 50th is past the two-day maximum.
    for (let step = 0; step < 4; step += 1) {
      clock.advance(10 * HOUR);
      token = await renewed(token);
    }
    const lastRenewal = await renew(token);
    expect(lastRenewal.statusCode).toBe(200);
    // The renewal itself never promises more than the maximum: 48 hours after the login.
    clock.advance(8 * HOUR + MINUTE);
    const afterMax = await renew(lastRenewal.json().token);
    expect(afterMax.statusCode).toBe(401);
    expect(errorCode(afterMax)).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('revocation still ends a session at once: logout, password change elsewhere, deactivation; an expired token does not bring it back', async () => {
    const { token: loggedOut } = await api.user('revoked@example.com');
    expect((await api.call('DELETE', '/api/token', { token: loggedOut })).statusCode).toBe(204);
    expect((await me(loggedOut)).statusCode).toBe(401);
    expect(errorCode(await renew(loggedOut))).toBe('INVALID_OR_EXPIRED_TOKEN');

    const phone = await api.login('revoked@example.com');
    const laptop = await api.login('revoked@example.com');
    const changed = await api.call('PUT', '/api/user/password', { token: laptop, payload: { currentPassword: PASSWORD, newPassword: 'NewPassword456' } });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await renew(phone)).statusCode).toBe(401);
    expect((await me(laptop)).statusCode).toBe(200);

    // The account switched off by its owner: an expired token of it is not renewed either.
    const owner = await renewed(laptop);
    const deactivated = await api.call('POST', `/api/user/deactivate/${(await me(owner)).json().id}`, { token: owner });
    expect(deactivated.statusCode, deactivated.body).toBeLessThan(300);
    clock.advance(HOUR);
    const afterDeactivation = await renew(owner);
    expect(afterDeactivation.statusCode).toBe(401);
    expect(errorCode(afterDeactivation)).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it("keeps an event judge login until its event is over, idle or not; revoking the login ends it at once", async () => {
    const admin = await api.user('organiser@example.com');
    const organization = await api.organization(admin.token);
    // The event takes the fake clock's day and the next; it is over at 2030-05-03T00:00Z.
    const day = clock.now().toISOString().slice(0, 10);
    const next = new Date(clock.now().getTime() + 24 * HOUR).toISOString().slice(0, 10);
    const event = await createEvent(api, admin.token, organization.id, { startingDate: day, closingDate: next }, [raceBody()]);
    const created = await api.call('POST', `/api/event/${event.id}/judge-account`, { token: admin.token, payload: {} });
    expect(created.statusCode, created.body).toBe(201);
    const { login, password, id: judgeAccountId } = created.json();
    const judge = await api.login(login, password);
    // The judge's phone lies in a pocket for 20 hours (more than the idle time): the session lives on.
    clock.advance(20 * HOUR);
    expect(errorCode(await api.call('GET', '/api/token', { token: judge }))).toBe('INVALID_OR_EXPIRED_TOKEN');
    const judgeAgain = await renewed(judge);
    expect((await api.call('GET', '/api/token', { token: judgeAgain })).json()).toMatchObject({ kind: 'JUDGE_ACCOUNT', eventId: event.id });

    const revoked = await api.call('DELETE', `/api/event/${event.id}/judge-account/${judgeAccountId}`, { token: await api.login('organiser@example.com') });
    expect(revoked.statusCode, revoked.body).toBeLessThan(300);
    expect((await api.call('GET', '/api/token', { token: judgeAgain })).statusCode).toBe(401);
    expect((await renew(judgeAgain)).statusCode).toBe(401);
  });

  it('ends a judge login once its event is over and it has been idle for SESSION_IDLE_HOURS', async () => {
    const admin = await api.user('organiser2@example.com');
    const organization = await api.organization(admin.token, 'Second Club');
    const day = clock.now().toISOString().slice(0, 10);
    const event = await createEvent(api, admin.token, organization.id, { startingDate: day, closingDate: day }, [raceBody()]);
    const { login, password } = (await api.call('POST', `/api/event/${event.id}/judge-account`, { token: admin.token, payload: {} })).json();
    const judge = await api.login(login, password);
    const eventEnd = new Date(`${day}T00:00:00Z`).getTime() + 24 * HOUR;
    // Renewed at the very end of the event: it then lives the idle time, and not a minute more.
    clock.advance(eventEnd - clock.now().getTime() - MINUTE);
    const lastRenewal = await renewed(judge);
    clock.advance(12 * HOUR + 2 * MINUTE);
    expect(errorCode(await renew(lastRenewal))).toBe('INVALID_OR_EXPIRED_TOKEN');
  });
});
