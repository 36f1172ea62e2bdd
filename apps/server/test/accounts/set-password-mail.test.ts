import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox, passwordResets, users } from '../../src/db/schema/index.ts';
import { sha256Hex } from '../../src/lib/secure-token.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, errorCode, PASSWORD, type Client } from '../support/accounts.ts';
import { decodeQuotedPrintable, linkIn, mailsTo, startSmtp, type SmtpListener } from '../support/smtp.ts';

const DAY_MS = 24 * 60 * 60_000;

describe('set-password e-mail for member accounts an admin creates (issue 10 item 4)', () => {
  let smtp: SmtpListener;
  let harness: TestApp;
  let api: Client;
  let admin: { id: number; token: string };
  let organization: { id: number };

  const createMember = (email: string, language: 'SK' | 'EN' = 'SK') =>
    api.call('POST', `/api/organization/${organization.id}/member`, { token: admin.token, payload: { email, name: 'Nora', surname: 'Nová', language } });
  const resend = (userId: number, token = admin.token, organizationId = organization.id) =>
    api.call('POST', `/api/organization/${organizationId}/member/${userId}/password-link`, { token });
  const setPassword = (token: string, password = PASSWORD) => api.call('POST', '/api/user/password-reset', { payload: { token, password } });

  beforeAll(async () => {
    smtp = await startSmtp();
    harness = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'races@climbing.example' });
    api = client(harness);
    admin = await api.user('club-admin@example.com');
    organization = await api.organization(admin.token, 'Lezecký klub Žilina');
  });
  afterAll(async () => {
    await harness.close();
    await smtp.close();
  });

  it('e-mails a new member a link in their language; the link sets the password once and the member logs in', async () => {
    const created = await createMember('nora@example.com', 'SK');
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ passwordPending: true, state: 'ACTIVE' });

    const [mail] = mailsTo(smtp, 'nora@example.com');
    const text = decodeQuotedPrintable(mail?.raw ?? '');
    expect(text).toContain('Lezecký klub Žilina');
    expect(text).toContain('Heslo si nastavíte na tomto odkaze');
    const [row] = await harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nora@example.com'));
    expect(row).toMatchObject({ kind: 'SET_PASSWORD', language: 'SK' });
    expect(row?.sentAt).toBeInstanceOf(Date);

    const { token, url } = linkIn(mail, '/set-password');
    expect(url.pathname).toBe('/set-password');
    const info = await api.call('GET', `/api/user/password-reset?token=${encodeURIComponent(token)}`);
    expect(info.json()).toMatchObject({ valid: true, email: 'nora@example.com' });

    expect((await setPassword(token)).statusCode).toBe(204);
    expect(await api.login('nora@example.com')).toBeTruthy();
    const members = (await api.call('GET', `/api/organization/${organization.id}/member`, { token: admin.token })).json() as { userId: number; passwordPending: boolean }[];
    expect(members.find((member) => member.userId === created.json().userId)?.passwordPending).toBe(false);

    const again = await setPassword(token, 'Another-Pass-77');
    expect(again.statusCode).toBe(400);
    expect(errorCode(again)).toBe('PASSWORD_RESET_TOKEN_INVALID');
  });

  it('writes English to an English account', async () => {
    await createMember('erik@example.com', 'EN');
    const text = decodeQuotedPrintable(mailsTo(smtp, 'erik@example.com')[0]?.raw ?? '');
    expect(text).toContain('Set your password at this link');
    expect(text).toContain('The link is valid until');
  });

  it('the link is valid for 7 days and no longer', async () => {
    await createMember('late@example.com');
    const { token } = linkIn(mailsTo(smtp, 'late@example.com')[0], '/set-password');
    const [link] = await harness.app.db.select().from(passwordResets).where(eq(passwordResets.tokenHash, sha256Hex(token)));
    const validMs = (link?.expiresAt.getTime() ?? 0) - (link?.createdAt.getTime() ?? 0);
    expect(Math.abs(validMs - 7 * DAY_MS)).toBeLessThan(60_000);

    await harness.app.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResets.id, link!.id));
    expect((await api.call('GET', `/api/user/password-reset?token=${encodeURIComponent(token)}`)).json()).toMatchObject({ valid: false });
    const expired = await setPassword(token);
    expect(errorCode(expired)).toBe('PASSWORD_RESET_TOKEN_INVALID');
  });

  it('an admin sends the link again; the new link works; past 3 an hour per member it is 429 with its own code', async () => {
    const created = (await createMember('again@example.com')).json() as { userId: number };
    for (let sent = 0; sent < 3; sent += 1) expect((await resend(created.userId)).statusCode).toBe(204);
    expect(mailsTo(smtp, 'again@example.com')).toHaveLength(4);
    const limited = await resend(created.userId);
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited)).toBe('SET_PASSWORD_LINK_RATE_LIMITED');
    expect(limited.json().error.message).toContain('3');
    expect(mailsTo(smtp, 'again@example.com')).toHaveLength(4);

    // Another member is not affected by the first one's limit.
    const other = (await createMember('other@example.com')).json() as { userId: number };
    expect((await resend(other.userId)).statusCode).toBe(204);

    const { token } = linkIn(mailsTo(smtp, 'again@example.com').at(-1), '/set-password');
    expect((await setPassword(token)).statusCode).toBe(204);
    expect(await api.login('again@example.com')).toBeTruthy();
  });

  it('is refused once the member has a password', async () => {
    const member = await api.user('has-password@example.com');
    await api.join(organization.id, admin.token, member);
    const refused = await resend(member.id);
    expect(refused.statusCode).toBe(409);
    expect(errorCode(refused)).toBe('MEMBER_PASSWORD_ALREADY_SET');
  });

  it('only admins of that organization may send it, and only to its members', async () => {
    const created = (await createMember('guarded@example.com')).json() as { userId: number };
    const before = mailsTo(smtp, 'guarded@example.com').length;

    const stranger = await api.user('stranger@example.com');
    expect((await resend(created.userId, stranger.token)).statusCode).toBe(403);

    const member = await api.user('plain-member@example.com');
    await api.join(organization.id, admin.token, member);
    expect((await resend(created.userId, member.token)).statusCode).toBe(403);

    // The admin of another organization, through their own organization: not a member there.
    const otherAdmin = await api.user('other-admin@example.com');
    const otherOrganization = await api.organization(otherAdmin.token, 'Iný klub');
    const viaOwn = await resend(created.userId, otherAdmin.token, otherOrganization.id);
    expect(viaOwn.statusCode).toBe(404);
    expect(errorCode(viaOwn)).toBe('MEMBER_NOT_FOUND');
    expect((await resend(created.userId, otherAdmin.token)).statusCode).toBe(403);

    expect((await api.call('POST', `/api/organization/${organization.id}/member/${created.userId}/password-link`)).statusCode).toBe(401);
    expect(mailsTo(smtp, 'guarded@example.com')).toHaveLength(before);
    const [account] = await harness.app.db.select().from(users).where(eq(users.id, created.userId));
    expect(account?.passwordHash).toBeNull();
  });
});
