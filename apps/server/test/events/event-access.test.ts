import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type Client } from '../support/accounts.ts';
import { createEvent } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/*
 * An event's page tells the caller what they may do with it: canManage (the management screens)
 * and canScore (a judge of the organisation: the race cards link the scorecard, which a judge who
 * logs in by e-mail could otherwise only reach by typing its address).
 */
describe('what the caller may do with an event (GET /api/event/{id})', () => {
  let harness: TestApp;
  let api: Client;
  let eventId: number;
  let admin: { id: number; token: string };
  let judge: { id: number; token: string };
  let member: { id: number; token: string };
  let outsider: { id: number; token: string };

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    admin = await api.user('admin@club.sk');
    judge = await api.user('judge@club.sk');
    member = await api.user('member@club.sk');
    outsider = await api.user('outsider@other.sk');
    const organizationId = (await api.organization(admin.token)).id;
    await api.join(organizationId, admin.token, judge);
    await api.join(organizationId, admin.token, member);
    const roles = await api.call('PUT', `/api/organization/${organizationId}/member/${judge.id}`, { token: admin.token, payload: { judge: true } });
    expect(roles.statusCode).toBe(200);
    eventId = (await createEvent(api, admin.token, organizationId)).id;
  });
  afterAll(async () => {
    await harness?.close();
  });

  const accessOf = async (token: string | undefined) => {
    const response = await api.call('GET', `/api/event/${eventId}`, { token });
    expect(response.statusCode).toBe(200);
    const { canManage, canScore } = response.json() as { canManage: boolean; canScore: boolean };
    return { canManage, canScore };
  };

  it('a judge of the organisation may score but not manage', async () => {
    expect(await accessOf(judge.token)).toEqual({ canManage: false, canScore: true });
  });

  it('its admin may do both', async () => {
    expect(await accessOf(admin.token)).toEqual({ canManage: true, canScore: true });
  });

  it('a member without the judge role, another organisation’s user and an anonymous visitor may do neither', async () => {
    expect(await accessOf(member.token)).toEqual({ canManage: false, canScore: false });
    expect(await accessOf(outsider.token)).toEqual({ canManage: false, canScore: false });
    expect(await accessOf(undefined)).toEqual({ canManage: false, canScore: false });
  });

  it('an event write answers with the writer’s access too', async () => {
    const updated = await api.call('PUT', `/api/event/${eventId}`, { token: admin.token, payload: { description: 'Bring chalk' } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ canManage: true, canScore: true });
  });
});
