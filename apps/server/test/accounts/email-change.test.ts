import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { emailChanges, mailOutbox } from '../../src/db/schema/index.ts';
import { sha256Hex } from '../../src/lib/secure-token.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, errorCode, PASSWORD, type Client } from '../support/accounts.ts';
import { decodeQuotedPrintable, linkIn, mailsTo, startSmtp, type SmtpListener } from '../support/smtp.ts';

const profile = { name: 'Test', surname: 'Mover' };

describe('changing the account e-mail (issue 11 item 13)', () => {
  let smtp: SmtpListener;
  let harness: TestApp;
  let api: Client;

  beforeAll(async () => {
    smtp = await startSmtp();
    harness = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'races@climbing.example' });
    api = client(harness);
  });
  afterAll(async () => {
    await harness.close();
    await smtp.close();
  });

  const change = (token: string, email: string, currentPassword?: string) =>
    api.call('PUT', '/api/user', { token, payload: { ...profile, email, ...(currentPassword === undefined ? {} : { currentPassword }) } });
  const confirm = (token: string) => api.call('POST', '/api/user/email-change/confirm', { payload: { token } });
  const me = async (token: string) => (await api.call('GET', '/api/user', { token })).json() as { email: string };

  it('takes effect only when the link sent to the new address is opened; the old address is told; the link works once', async () => {
    const user = await api.user('old@example.com', { language: 'EN' });
    const requested = await change(user.token, 'new@example.com', PASSWORD);
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json().email).toBe('old@example.com');
    expect((await me(user.token)).email).toBe('old@example.com');
    expect(await api.login('old@example.com')).toBeTruthy();

    const notice = decodeQuotedPrintable(mailsTo(smtp, 'old@example.com').at(-1)?.raw ?? '');
    expect(notice).toContain('asked to change its e-mail to new@example.com');
    expect(notice).not.toContain('/confirm-email');
    const { token } = linkIn(mailsTo(smtp, 'new@example.com').at(-1), '/confirm-email');
    const kinds = await harness.app.db.select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.to, 'new@example.com'));
    expect(kinds).toEqual([{ kind: 'EMAIL_CHANGE' }]);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: 'new@example.com' });
    expect((await me(user.token)).email).toBe('new@example.com');
    expect(await api.login('new@example.com')).toBeTruthy();
    expect((await api.call('POST', '/api/token/create', { payload: { email: 'old@example.com', password: PASSWORD } })).statusCode).toBe(401);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(errorCode(again)).toBe('EMAIL_CHANGE_TOKEN_INVALID');
  });

  it('needs the current password: missing or wrong is 400 CURRENT_PASSWORD_INCORRECT and nothing is sent', async () => {
    const user = await api.user('guarded@example.com');
    const before = smtp.received.length;
    for (const password of [undefined, 'Wrong-Password-1']) {
      const refused = await change(user.token, 'thief@example.com', password);
      expect(refused.statusCode).toBe(400);
      expect(errorCode(refused)).toBe('CURRENT_PASSWORD_INCORRECT');
      expect(refused.json().error.fields).toEqual({ currentPassword: 'CURRENT_PASSWORD_INCORRECT' });
    }
    expect(smtp.received).toHaveLength(before);
    expect((await me(user.token)).email).toBe('guarded@example.com');
    // Other profile edits, and the same address in other letter case, need no password.
    expect((await change(user.token, 'Guarded@example.com')).statusCode).toBe(200);
    expect((await me(user.token)).email).toBe('Guarded@example.com');
  });

  it('an address in use is the existing 409 EMAIL_ALREADY_IN_USE, at the request and at the confirmation', async () => {
    await api.register('taken@example.com');
    const user = await api.user('mover@example.com');
    const taken = await change(user.token, 'taken@example.com', PASSWORD);
    expect(taken.statusCode).toBe(409);
    expect(errorCode(taken)).toBe('EMAIL_ALREADY_IN_USE');

    expect((await change(user.token, 'later@example.com', PASSWORD)).statusCode).toBe(200);
    const { token } = linkIn(mailsTo(smtp, 'later@example.com').at(-1), '/confirm-email');
    await api.register('later@example.com');
    const lost = await confirm(token);
    expect(lost.statusCode).toBe(409);
    expect(errorCode(lost)).toBe('EMAIL_ALREADY_IN_USE');
    expect((await me(user.token)).email).toBe('mover@example.com');
  });

  it('the link expires after 24 hours', async () => {
    const user = await api.user('slow@example.com');
    expect((await change(user.token, 'slow-new@example.com', PASSWORD)).statusCode).toBe(200);
    const { token } = linkIn(mailsTo(smtp, 'slow-new@example.com').at(-1), '/confirm-email');
    const [row] = await harness.app.db.select().from(emailChanges).where(eq(emailChanges.tokenHash, sha256Hex(token)));
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 24 * 60 * 60_000)).toBeLessThan(60_000);
    await harness.app.db.update(emailChanges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailChanges.id, row!.id));
    const expired = await confirm(token);
    expect(errorCode(expired)).toBe('EMAIL_CHANGE_TOKEN_INVALID');
    expect((await me(user.token)).email).toBe('slow@example.com');
  });

  it('the confirmation spends the password-reset links sent to the old address', async () => {
    const user = await api.user('reset-holder@example.com');
    await api.call('POST', '/api/user/forgot-password-reset', { payload: { email: 'reset-holder@example.com' } });
    await harness.app.mail.idle();
    const reset = linkIn(mailsTo(smtp, 'reset-holder@example.com').at(-1), '/password-reset');
    await change(user.token, 'reset-new@example.com', PASSWORD);
    expect((await confirm(linkIn(mailsTo(smtp, 'reset-new@example.com').at(-1), '/confirm-email').token)).statusCode).toBe(200);
    const stale = await api.call('POST', '/api/user/password-reset', { payload: { token: reset.token, password: 'Fresh-Password-99' } });
    expect(errorCode(stale)).toBe('PASSWORD_RESET_TOKEN_INVALID');
  });

  it('at most 5 change requests an hour per account: 429 EMAIL_CHANGE_RATE_LIMITED', async () => {
    const user = await api.user('restless@example.com');
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await change(user.token, `restless-${attempt}@example.com`, PASSWORD)).statusCode).toBe(200);
    const limited = await change(user.token, 'restless-6@example.com', PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited)).toBe('EMAIL_CHANGE_RATE_LIMITED');
    expect(mailsTo(smtp, 'restless-6@example.com')).toHaveLength(0);
  });
});
