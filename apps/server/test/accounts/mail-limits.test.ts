import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';

/** Issue 11 item 14: e-mails sent to addresses someone else chose are limited per hour. */
describe('limits on invitation e-mails and the contact form', () => {
  let harness: TestApp;
  let api: Client;

  beforeAll(async () => {
    // The per-minute limits of the public calls are raised so the hourly limits are what is tested.
    harness = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_EMAIL: '1000' });
    api = client(harness);
  });
  afterAll(() => harness.close());

  const invite = (token: string, organizationId: number, email: string) =>
    api.call('POST', `/api/organization/${organizationId}/invitation`, { token, payload: { email, language: 'SK' } });
  const mailsTo = async (to: string) => (await harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).length;

  it('one admin sends at most 20 invitation e-mails an hour (invitations, offers and new accounts together), in any of their organizations', async () => {
    const admin = await api.user('busy-admin@example.com');
    const first = await api.organization(admin.token, 'First Club');
    const second = await api.organization(admin.token, 'Second Club');
    for (let index = 0; index < 10; index += 1) expect((await invite(admin.token, first.id, `first-${index}@example.com`)).statusCode).toBe(201);
    for (let index = 0; index < 5; index += 1) expect((await invite(admin.token, second.id, `second-${index}@example.com`)).statusCode).toBe(201);
    for (let index = 0; index < 3; index += 1) {
      const offered = await api.user(`offer-${index}@example.com`);
      expect((await api.call('POST', `/api/organization/${second.id}/member`, { token: admin.token, payload: { userId: offered.id } })).statusCode).toBe(201);
    }
    for (let index = 0; index < 2; index += 1) {
      const created = await api.call('POST', `/api/organization/${second.id}/member`, { token: admin.token, payload: { email: `new-${index}@example.com`, name: 'Nový', surname: 'Člen' } });
      expect(created.statusCode, created.body).toBe(201);
    }

    const limited = await invite(admin.token, first.id, 'twenty-first@example.com');
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited)).toBe('INVITATION_SENDER_RATE_LIMITED');
    expect(limited.json().error.message).toContain('20');
    const slovak = await api.call('POST', `/api/organization/${first.id}/invitation`, { token: admin.token, payload: { email: 'sk@example.com', language: 'SK' }, headers: { 'accept-language': 'sk' } });
    expect(slovak.json().error.message).toBe('Môžete poslať najviac 20 pozvánok za hodinu (pozvánky, ponuky členstva a nové členské účty). Skúste to neskôr.');
    const newAccount = await api.call('POST', `/api/organization/${first.id}/member`, { token: admin.token, payload: { email: 'refused@example.com', name: 'Ne', surname: 'Poslaný' } });
    expect(errorCode(newAccount)).toBe('INVITATION_SENDER_RATE_LIMITED');
    expect(await mailsTo('twenty-first@example.com')).toBe(0);
    expect(await mailsTo('refused@example.com')).toBe(0);

  });

  it('one organization sends at most 50 invitation e-mails an hour, whoever of its admins sends them', async () => {
    const owner = await api.user('org-owner@example.com');
    const organization = await api.organization(owner.token, 'Big Club');
    const admins = [owner];
    for (let index = 0; index < 2; index += 1) {
      const admin = await api.user(`co-admin-${index}@example.com`);
      // Making someone an admin is itself an offer e-mail: it counts for the owner and the club.
      expect((await api.call('POST', `/api/organization/${organization.id}/member`, { token: owner.token, payload: { userId: admin.id, orgAdmin: true } })).statusCode).toBe(201);
      expect((await api.call('POST', `/api/user/memberships/${organization.id}/accept`, { token: admin.token })).statusCode).toBe(204);
      admins.push(admin);
    }
    // 2 offers by the owner so far; 48 invitations spread over the three admins stay under each one's 20.
    const plan = [16, 16, 16];
    let sent = 0;
    for (const [position, count] of plan.entries()) {
      for (let index = 0; index < count; index += 1) {
        const response = await invite(admins[position]!.token, organization.id, `big-${position}-${index}@example.com`);
        expect(response.statusCode, response.body).toBe(201);
        sent += 1;
      }
    }
    expect(sent + 2).toBe(50);
    const limited = await invite(admins[1]!.token, organization.id, 'fifty-first@example.com');
    expect(limited.statusCode).toBe(429);
    expect(errorCode(limited)).toBe('INVITATION_ORGANIZATION_RATE_LIMITED');
    expect(limited.json().error.message).toContain('50');
    expect(await mailsTo('fifty-first@example.com')).toBe(0);

    // A refusal counts nothing: the same admin still invites into another organization.
    const other = await api.organization(admins[1]!.token, 'Small Club');
    expect((await invite(admins[1]!.token, other.id, 'elsewhere@example.com')).statusCode).toBe(201);
  });

  it('the contact form takes at most 5 messages an hour from one sender address, and 5 from one network address', async () => {
    const send = (email: string, remoteAddress: string) => api.call('POST', '/api/user/send-message', { payload: { email, message: 'Dobrý deň' }, remoteAddress });
    for (let index = 0; index < 5; index += 1) expect((await send('chatty@example.com', `198.51.100.${10 + index}`)).statusCode).toBe(204);
    const bySender = await send('chatty@example.com', '198.51.100.50');
    expect(bySender.statusCode).toBe(429);
    expect(errorCode(bySender)).toBe('CONTACT_RATE_LIMITED');
    expect(bySender.json().error.message).toContain('5');

    for (let index = 0; index < 5; index += 1) expect((await send(`visitor-${index}@example.com`, '203.0.113.80')).statusCode).toBe(204);
    const byAddress = await send('visitor-new@example.com', '203.0.113.80');
    expect(byAddress.statusCode).toBe(429);
    expect(errorCode(byAddress)).toBe('CONTACT_RATE_LIMITED');
    // Someone else on another network is not affected.
    expect((await send('visitor-new@example.com', '203.0.113.81')).statusCode).toBe(204);
    const messages = await harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'CONTACT_MESSAGE'));
    expect(messages).toHaveLength(11);
  });
});
