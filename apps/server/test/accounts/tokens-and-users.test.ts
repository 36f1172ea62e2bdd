import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { mailOutbox, passwordResets } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { PASSWORD, client, errorCode, type Client } from '../support/accounts.ts';

const lastMailTo = async (harness: TestApp, to: string) => {
  const [mail] = await harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
};
const tokenIn = (text: string) => /token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

describe('token and user calls of spec section 7', () => {
  let harness: TestApp;
  let api: Client;
  let root: { id: number; token: string };
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    root = await api.superAdmin();
    alice = await api.user('alice@example.com', { birthday: '2001-02-03', sex: 'F', language: 'EN', address: { city: 'Bratislava', country: 'SK' } });
    bob = await api.user('bob@example.com');
  });
  afterAll(() => harness.close());

  it('POST /api/user/register creates a user with the profile fields and refuses a taken e-mail in any case', async () => {
    const me = (await api.call('GET', '/api/user', { token: alice.token })).json();
    expect(me).toMatchObject({ email: 'alice@example.com', birthday: '2001-02-03', sex: 'F', language: 'EN', role: 'USER', active: true, address: { city: 'Bratislava' } });
    const duplicate = await api.call('POST', '/api/user/register', { payload: { email: 'ALICE@example.com', password: PASSWORD, name: 'A', surname: 'B' } });
    expect(duplicate.statusCode).toBe(409);
    expect(errorCode(duplicate)).toBe('EMAIL_ALREADY_IN_USE');
  });

  it('POST /api/user/register answers per-field messages for a weak password, a bad e-mail and a future birthday', async () => {
    const response = await api.call('POST', '/api/user/register', { payload: { email: 'nope', password: 'short1', name: '', surname: 'X', birthday: '2999-01-01' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toMatchObject({
      'body.email': 'validation.invalidEmail',
      'body.password': 'validation.passwordTooShort',
      'body.name': 'validation.notEmpty',
      'body.birthday': 'validation.invalidDate',
    });
  });

  it('POST /api/token/create and GET /api/token tell the principal kind; PUT /api/token/renew keeps it', async () => {
    const created = await api.call('POST', '/api/token/create', { payload: { email: 'bob@example.com', password: PASSWORD } });
    expect(created.json()).toMatchObject({ kind: 'USER', userId: bob.id, judgeAccountId: null, eventId: null });
    const who = await api.call('GET', '/api/token', { token: created.json().token });
    expect(who.json()).toEqual({ kind: 'USER', userId: bob.id, judgeAccountId: null, eventId: null });
    const renewed = await api.call('PUT', '/api/token/renew', { token: created.json().token });
    expect(renewed.json().kind).toBe('USER');
    expect((await api.call('DELETE', '/api/token', { token: renewed.json().token })).statusCode).toBe(204);
  });

  it('GET /api/user/{id}: self and a super admin yes, another user NO rights', async () => {
    expect((await api.call('GET', `/api/user/${alice.id}`, { token: alice.token })).json().email).toBe('alice@example.com');
    expect((await api.call('GET', `/api/user/${alice.id}`, { token: root.token })).statusCode).toBe(200);
    const other = await api.call('GET', `/api/user/${alice.id}`, { token: bob.token });
    expect(other.statusCode).toBe(403);
    expect(errorCode(other)).toBe('USER_NO_RIGHTS_TO_GET');
    expect(errorCode(await api.call('GET', '/api/user/999999', { token: root.token }))).toBe('USER_NOT_FOUND');
  });

  it('PUT /api/user updates the own profile; a taken e-mail and a foreign primary organization are refused', async () => {
    const updated = await api.call('PUT', '/api/user', { token: bob.token, payload: { name: 'Robert', surname: 'Builder', club: 'BCB', address: { city: 'Košice' }, phoneNumber: '+421900000000' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ fullName: 'Robert Builder', club: 'BCB', address: { city: 'Košice' }, phoneNumber: '+421900000000' });
    const taken = await api.call('PUT', '/api/user', { token: bob.token, payload: { name: 'Robert', surname: 'Builder', email: 'alice@example.com', currentPassword: PASSWORD } });
    expect(errorCode(taken)).toBe('EMAIL_ALREADY_IN_USE');
    const organization = await api.organization(root.token, 'Foreign Club');
    const foreign = await api.call('PUT', '/api/user', { token: bob.token, payload: { name: 'Robert', surname: 'Builder', organizationId: organization.id } });
    expect(foreign.statusCode).toBe(403);
    expect(errorCode(foreign)).toBe('NOT_ORGANIZATION_MEMBER');
  });

  it('PUT /api/user/password checks the current password, keeps this session and ends the others', async () => {
    const carol = await api.user('carol@example.com');
    const otherSession = await api.login('carol@example.com');
    const wrong = await api.call('PUT', '/api/user/password', { token: carol.token, payload: { currentPassword: 'Wrong12345', newPassword: 'NewPassword1' } });
    expect(wrong.statusCode).toBe(400);
    expect(errorCode(wrong)).toBe('CURRENT_PASSWORD_INCORRECT');
    const ok = await api.call('PUT', '/api/user/password', { token: carol.token, payload: { currentPassword: PASSWORD, newPassword: 'NewPassword1' } });
    expect(ok.statusCode).toBe(204);
    expect((await api.call('GET', '/api/user', { token: carol.token })).statusCode).toBe(200);
    expect(errorCode(await api.call('GET', '/api/user', { token: otherSession }))).toBe('INVALID_OR_EXPIRED_TOKEN');
    expect(await api.login('carol@example.com', 'NewPassword1')).toBeTruthy();
  });

  it('forgot-password mails a single-use link; GET tells validity with the e-mail; POST sets the password once', async () => {
    // The same answer for an address without an account (security item 16), and no mail.
    const unknown = await api.call('POST', '/api/user/forgot-password-reset', { payload: { email: 'nobody@example.com' } });
    expect(unknown.statusCode).toBe(204);
    expect(await lastMailTo(harness, 'nobody@example.com')).toBeUndefined();
    expect((await api.call('POST', '/api/user/forgot-password-reset', { payload: { email: 'Alice@Example.com' } })).statusCode).toBe(204);
    const mail = await lastMailTo(harness, 'alice@example.com');
    expect(mail).toMatchObject({ kind: 'PASSWORD_RESET', language: 'EN', subject: 'Password reset' });
    expect(mail?.text).toContain(`${harness.config.publicUrl}/password-reset?token=`);
    const token = tokenIn(mail?.text ?? '');
    const [stored] = await harness.app.db.select().from(passwordResets).where(eq(passwordResets.userId, alice.id));
    expect(stored?.tokenHash).not.toBe(token);

    expect((await api.call('GET', `/api/user/password-reset?token=${token}`)).json()).toEqual({ valid: true, email: 'alice@example.com', userId: alice.id });
    expect((await api.call('POST', '/api/user/password-reset', { payload: { token, password: 'Reset12345' } })).statusCode).toBe(204);
    const again = await api.call('POST', '/api/user/password-reset', { payload: { token, password: 'Reset12345' } });
    expect(again.statusCode).toBe(400);
    expect(errorCode(again)).toBe('PASSWORD_RESET_TOKEN_INVALID');
    expect((await api.call('GET', `/api/user/password-reset?token=${token}`)).json()).toEqual({ valid: false, email: null, userId: null });
    expect(errorCode(await api.call('GET', '/api/user', { token: alice.token }))).toBe('INVALID_OR_EXPIRED_TOKEN');
    alice.token = await api.login('alice@example.com', 'Reset12345');
  });

  it('a password reset link expires', async () => {
    await api.call('POST', '/api/user/forgot-password-reset', { payload: { email: 'bob@example.com' } });
    const token = tokenIn((await lastMailTo(harness, 'bob@example.com'))?.text ?? '');
    await harness.app.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.userId, bob.id));
    expect((await api.call('GET', `/api/user/password-reset?token=${token}`)).json().valid).toBe(false);
    expect(errorCode(await api.call('POST', '/api/user/password-reset', { payload: { token, password: 'Reset12345' } }))).toBe('PASSWORD_RESET_TOKEN_INVALID');
  });

  it('GET /api/user/list finds names (3+ characters) or a whole e-mail, for admins only, names and ids only; wildcards match literally', async () => {
    const plain = await api.call('GET', '/api/user/list?queryParameter=alice', { token: bob.token });
    expect(plain.statusCode).toBe(403);
    expect(errorCode(plain)).toBe('NO_RIGHTS');
    const found = await api.call('GET', '/api/user/list?queryParameter=ALICE', { token: root.token });
    expect(found.json()).toEqual([{ id: alice.id, name: 'Test', surname: 'alice', fullName: 'Test alice' }]);
    expect((await api.call('GET', '/api/user/list?queryParameter=Alice@Example.com', { token: root.token })).json()).toEqual(found.json());
    expect((await api.call('GET', '/api/user/list?queryParameter=example.com', { token: root.token })).json()).toEqual([]);
    expect((await api.call('GET', '/api/user/list?queryParameter=%25%25%25', { token: root.token })).json()).toEqual([]);
    for (const query of ['', '@', '%40%20%20', 'al']) {
      const short = await api.call('GET', `/api/user/list?queryParameter=${query}`, { token: root.token });
      expect(short.statusCode, query).toBe(400);
      expect(errorCode(short), query).toBe('SEARCH_TOO_SHORT');
    }
  });

  it('GET /api/user/users/id returns the users of the ids; malformed ids are a 400', async () => {
    const response = await api.call('GET', `/api/user/users/id?ids=${alice.id},${bob.id},999999`, { token: root.token });
    expect(response.json().map((user: { id: number }) => user.id).sort()).toEqual([alice.id, bob.id].sort());
    expect((await api.call('GET', '/api/user/users/id?ids=1,x', { token: root.token })).statusCode).toBe(400);
    expect(errorCode(await api.call('GET', '/api/user/users/id', { token: root.token }))).toBe('REQUIRED_PARAMETER_MISSING');
  });

  it('deactivating revokes the open token at once and blocks login; activating restores it', async () => {
    const dave = await api.user('dave@example.com');
    expect((await api.call('POST', `/api/user/deactivate/${dave.id}`, { token: bob.token })).statusCode).toBe(403);
    const deactivated = await api.call('POST', `/api/user/deactivate/${dave.id}`, { token: root.token });
    expect(deactivated.json().active).toBe(false);
    expect(errorCode(await api.call('GET', '/api/user', { token: dave.token }))).toBe('INVALID_OR_EXPIRED_TOKEN');
    const login = await api.call('POST', '/api/token/create', { payload: { email: 'dave@example.com', password: PASSWORD } });
    expect(login.statusCode).toBe(403);
    expect(errorCode(login)).toBe('ACCOUNT_DEACTIVATED');
    expect((await api.call('POST', `/api/user/activate/${dave.id}`, { token: root.token })).json().active).toBe(true);
    expect(await api.login('dave@example.com')).toBeTruthy();
  });

  it('DELETE /api/user/{id} soft-deletes (self or super admin): sessions end, login and sign-up say ACCOUNT_DELETED', async () => {
    const erin = await api.user('erin@example.com');
    const byOther = await api.call('DELETE', `/api/user/${erin.id}`, { token: bob.token });
    expect(errorCode(byOther)).toBe('USER_NO_RIGHTS_TO_DELETE');
    expect((await api.call('DELETE', `/api/user/${erin.id}`, { token: erin.token })).statusCode).toBe(204);
    expect((await api.call('GET', '/api/user', { token: erin.token })).statusCode).toBe(401);
    expect(errorCode(await api.call('POST', '/api/token/create', { payload: { email: 'erin@example.com', password: PASSWORD } }))).toBe('ACCOUNT_DELETED');
    expect(errorCode(await api.call('POST', '/api/user/register', { payload: { email: 'erin@example.com', password: PASSWORD, name: 'E', surname: 'R' } }))).toBe('ACCOUNT_DELETED');
    expect((await api.call('GET', `/api/user/${erin.id}`, { token: root.token })).json().deleted).toBe(true);
  });

  it('POST /api/user/send-message queues the contact message to the contact address', async () => {
    const response = await api.call('POST', '/api/user/send-message', { payload: { email: 'visitor@example.com', message: 'When is the next <b>boulder</b> cup?' } });
    expect(response.statusCode).toBe(204);
    const mail = await lastMailTo(harness, harness.config.contactEmail);
    expect(mail).toMatchObject({ kind: 'CONTACT_MESSAGE' });
    expect(mail?.text).toContain('When is the next <b>boulder</b> cup?');
    expect(mail?.text).toContain('visitor@example.com');
    expect(mail?.html).toBeNull();
  });
});

describe('rate limits of login, sign-up, password reset and contact form', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '8', AUTH_RATE_LIMIT_PER_EMAIL: '3' });
    api = client(harness);
  });
  afterAll(() => harness.close());

  it('blocks failed logins per account and address with growing delays; the owner elsewhere still logs in', async () => {
    await api.register('victim@example.com');
    const attacker = '203.0.113.7';
    const login = (password: string, remoteAddress: string) => api.call('POST', '/api/token/create', { payload: { email: 'victim@example.com', password }, remoteAddress });
    for (let attempt = 0; attempt < 6; attempt += 1) expect(errorCode(await login('Wrong12345', attacker))).toBe('BAD_CREDENTIALS');
    const blocked = await login(PASSWORD, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(errorCode(blocked)).toBe('RATE_LIMITED');
    expect(blocked.json().error.details).toMatchObject({ retryAfterSeconds: 1 });
    expect((await login(PASSWORD, '198.51.100.20')).statusCode).toBe(200);
  });

  it('limits per IP across different e-mails', async () => {
    // The contact form has its own, stricter hourly limit (test/accounts/mail-limits.test.ts).
    const statuses: number[] = [];
    for (let index = 0; index < 10; index += 1) {
      statuses.push((await api.call('POST', '/api/user/forgot-password-reset', { payload: { email: `sender${index}@example.com` }, remoteAddress: '198.51.100.99' })).statusCode);
    }
    expect(statuses.slice(0, 8).every((status) => status === 204)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
  });

  it('limits password reset mails per e-mail', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      statuses.push((await api.call('POST', '/api/user/forgot-password-reset', { payload: { email: 'victim@example.com' } })).statusCode);
    }
    expect(statuses).toEqual([204, 204, 204, 429]);
  });
});
