import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';

describe('super admin outbox, organization list and own memberships', () => {
  let harness: TestApp;
  let api: Client;
  let superAdmin: string;
  let admin: { id: number; token: string };
  let organizationId: number;

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    superAdmin = (await api.superAdmin()).token;
    admin = await api.user('outbox-admin@example.com');
    organizationId = (await api.organization(admin.token, 'Outbox Club')).id;
    const invited = await api.call('POST', `/api/organization/${organizationId}/invitation`, { token: admin.token, payload: { email: 'guest@example.com', language: 'EN' } });
    expect(invited.statusCode).toBe(201);
  });
  afterAll(() => harness.close());

  it('GET /api/admin/outbox lists mails newest first with the invitation link', async () => {
    await api.call('POST', '/api/user/send-message', { payload: { email: 'someone@example.com', message: 'Hello' } });
    const response = await api.call('GET', '/api/admin/outbox', { token: superAdmin });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as { id: number; kind: string; to: string; text: string; sentAt: string | null; error: string | null }[];
    expect(rows[0]?.kind).toBe('CONTACT_MESSAGE');
    const invitation = rows.find((row) => row.kind === 'INVITATION');
    expect(invitation?.to).toBe('guest@example.com');
    expect(invitation?.text).toMatch(/\/invitation\/accept\?token=/);
    expect(invitation?.sentAt).toBeNull();
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => b - a));
  });

  it('answers 403 to an organization admin and 401 without a token', async () => {
    const asAdmin = await api.call('GET', '/api/admin/outbox', { token: admin.token });
    expect(asAdmin.statusCode).toBe(403);
    expect(errorCode(asAdmin)).toBe('NO_RIGHTS');
    expect((await api.call('GET', '/api/admin/outbox')).statusCode).toBe(401);
  });

  it('GET /api/admin/organization lists inactive organizations too, for super admins only', async () => {
    expect((await api.call('POST', `/api/organization/${organizationId}/deactivate`, { token: superAdmin })).statusCode).toBe(200);
    const all = await api.call('GET', '/api/admin/organization', { token: superAdmin });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual(expect.arrayContaining([expect.objectContaining({ id: organizationId, active: false })]));
    expect((await api.call('GET', '/api/organization')).json()).not.toEqual(expect.arrayContaining([expect.objectContaining({ id: organizationId })]));
    expect((await api.call('GET', '/api/admin/organization', { token: admin.token })).statusCode).toBe(403);
    await api.call('POST', `/api/organization/${organizationId}/activate`, { token: superAdmin });
  });

  it('GET /api/user/memberships lists the caller own organizations and needs a token', async () => {
    const response = await api.call('GET', '/api/user/memberships', { token: admin.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      expect.objectContaining({ organizationId, organizationName: 'Outbox Club', state: 'ACTIVE', orgAdmin: true, blocked: false, organizationActive: true }),
    ]);
    const other = await api.user('loner@example.com');
    expect((await api.call('GET', '/api/user/memberships', { token: other.token })).json()).toEqual([]);
    expect((await api.call('GET', '/api/user/memberships')).statusCode).toBe(401);
  });
});
