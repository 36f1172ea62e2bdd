import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IFSC_POINTS_TABLE } from '@climbing/domain';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, errorCode, type Client } from '../support/accounts.ts';

describe('organizations under /api/organization', () => {
  let harness: TestApp;
  let api: Client;
  let root: { id: number; token: string };
  let admin: { id: number; token: string };
  let organizationId: number;

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    root = await api.superAdmin();
    admin = await api.user('admin@club.sk');
  });
  afterAll(() => harness.close());

  it('POST accepts { name, shortcut } as is; the creator becomes its admin; it gets the IFSC cup rank category', async () => {
    const response = await api.call('POST', '/api/organization', { token: admin.token, payload: { name: 'Boulder Club Bratislava', shortcut: 'BCB' } });
    expect(response.statusCode).toBe(201);
    const organization = response.json();
    organizationId = organization.id;
    expect(organization).toMatchObject({ id: expect.any(Number), name: 'Boulder Club Bratislava', shortcut: 'BCB', active: true, socialLinks: [], ageCategories: [] });
    expect(organization.cupCategories).toEqual([expect.objectContaining({ name: 'IFSC', numberOfRanks: 80, rankPoints: [...IFSC_POINTS_TABLE] })]);
    const me = (await api.call('GET', '/api/user', { token: admin.token })).json();
    expect(me).toMatchObject({ organizationId, orgAdmin: true, role: 'ADMIN' });
  });

  it('POST needs a login and a name', async () => {
    expect(errorCode(await api.call('POST', '/api/organization', { payload: { name: 'X' } }))).toBe('MISSING_TOKEN');
    const response = await api.call('POST', '/api/organization', { token: admin.token, payload: { shortcut: 'X' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields['body.name']).toBe('validation.required');
  });

  it('PUT updates the settings, the address, the contact person and the social links', async () => {
    const response = await api.call('PUT', `/api/organization/${organizationId}`, {
      token: admin.token,
      payload: {
        description: 'Long text',
        shortDescription: 'Short',
        address: { street: 'Main', streetNumber: '1', city: 'Bratislava', zipcode: '81101', country: 'SK' },
        contactPerson: { name: 'Jana', surname: 'Nová', email: 'jana@club.sk', phoneNumber: '+421' },
        webPage: 'https://club.sk',
        socialLinks: [{ type: 'INSTAGRAM', url: 'https://instagram.com/club' }],
        clubsEnabled: true,
        seasonStartMonth: 9,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      name: 'Boulder Club Bratislava',
      description: 'Long text',
      address: { city: 'Bratislava' },
      contactPerson: { name: 'Jana', email: 'jana@club.sk' },
      socialLinks: [{ type: 'INSTAGRAM', url: 'https://instagram.com/club' }],
      clubsEnabled: true,
      seasonStartMonth: 9,
    });
    expect((await api.call('PUT', `/api/organization/${organizationId}`, { token: admin.token, payload: { seasonStartMonth: 13 } })).statusCode).toBe(400);
  });

  it('GET /api/organization lists active ones publicly; GET /{id} is public', async () => {
    const catalogue = (await api.call('GET', '/api/organization')).json();
    expect(catalogue).toEqual([expect.objectContaining({ id: organizationId, city: 'Bratislava', shortcut: 'BCB' })]);
    expect((await api.call('GET', `/api/organization/${organizationId}`)).json().contactPerson.surname).toBe('Nová');
    expect(errorCode(await api.call('GET', '/api/organization/99999'))).toBe('ORGANIZATION_NOT_FOUND');
  });

  it('super admin deactivates and activates; an inactive one leaves the catalogue and hides from strangers', async () => {
    const byAdmin = await api.call('POST', `/api/organization/${organizationId}/deactivate`, { token: admin.token });
    expect(errorCode(byAdmin)).toBe('NO_RIGHTS');
    expect((await api.call('POST', `/api/organization/${organizationId}/deactivate`, { token: root.token })).json().active).toBe(false);
    expect((await api.call('GET', '/api/organization')).json()).toEqual([]);
    expect(errorCode(await api.call('GET', `/api/organization/${organizationId}`))).toBe('ORGANIZATION_NOT_FOUND');
    expect((await api.call('GET', `/api/organization/${organizationId}`, { token: admin.token })).statusCode).toBe(200);
    expect((await api.call('POST', `/api/organization/${organizationId}/activate`, { token: root.token })).json().active).toBe(true);
  });

  it('age categories: create, list, update, delete, and fromAge <= toAge', async () => {
    const base = `/api/organization/${organizationId}/age-category`;
    const created = await api.call('POST', base, { token: admin.token, payload: { name: 'U16', fromAge: 14, toAge: 15 } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'U16', fromAge: 14, toAge: 15, organization: organizationId });
    const open = await api.call('POST', base, { token: admin.token, payload: { name: 'Adults', fromAge: 18 } });
    expect(open.json().toAge).toBeNull();
    expect((await api.call('POST', base, { token: admin.token, payload: { name: 'Bad', fromAge: 10, toAge: 5 } })).statusCode).toBe(400);
    expect((await api.call('GET', base)).json().map((category: { name: string }) => category.name)).toEqual(['U16', 'Adults']);
    const updated = await api.call('PUT', `${base}/${created.json().id}`, { token: admin.token, payload: { name: 'U17', fromAge: 14, toAge: 16 } });
    expect(updated.json()).toMatchObject({ name: 'U17', toAge: 16 });
    expect((await api.call('DELETE', `${base}/${created.json().id}`, { token: admin.token })).statusCode).toBe(204);
    expect(errorCode(await api.call('DELETE', `${base}/${created.json().id}`, { token: admin.token }))).toBe('AGE_CATEGORY_NOT_FOUND');
  });

  it('cup rank categories: the IFSC table is the default; own points tables up to numberOfRanks', async () => {
    const base = `/api/organization/${organizationId}/cup-rank-category`;
    const byDefault = await api.call('POST', base, { token: admin.token, payload: { name: 'Top 10', numberOfRanks: 10, level: 2 } });
    expect(byDefault.statusCode).toBe(201);
    expect(byDefault.json()).toMatchObject({ numberOfRanks: 10, level: 2, rankPoints: IFSC_POINTS_TABLE.slice(0, 10) });
    const own = await api.call('POST', base, { token: admin.token, payload: { name: 'Club', numberOfRanks: 3, level: 0, rankPoints: [10, 5, 2.5] } });
    expect(own.json().rankPoints).toEqual([10, 5, 2.5]);
    expect((await api.call('POST', base, { token: admin.token, payload: { name: 'Bad', numberOfRanks: 1, rankPoints: [1, 2] } })).statusCode).toBe(400);
    const updated = await api.call('PUT', `${base}/${own.json().id}`, { token: admin.token, payload: { name: 'Club 2', numberOfRanks: 2, rankPoints: [3, 1] } });
    expect(updated.json()).toMatchObject({ name: 'Club 2', rankPoints: [3, 1] });
    expect((await api.call('GET', base)).json()).toHaveLength(3);
    expect((await api.call('DELETE', `${base}/${own.json().id}`, { token: admin.token })).statusCode).toBe(204);
  });

  it('global race settings and cup settings are read and saved by the admin', async () => {
    const race = { raceGender: 'MIXED', raceFormat: 'QUALIFICATION_FINAL', bouldering: { numberOfQualificationBoulders: 5, scoringType: 'IFSC_POINTS' } };
    expect((await api.call('PUT', `/api/organization/${organizationId}/race-settings`, { token: admin.token, payload: race })).json()).toEqual(race);
    expect((await api.call('GET', `/api/organization/${organizationId}/race-settings`, { token: admin.token })).json()).toEqual(race);
    const cup = { disciplines: ['BOULDERING'], maxCountedResults: 3, raceLevelTieBreak: true };
    expect((await api.call('PUT', `/api/organization/${organizationId}/cup-settings`, { token: admin.token, payload: cup })).json()).toEqual(cup);
    expect((await api.call('GET', `/api/organization/${organizationId}/cup-settings`, { token: admin.token })).json()).toEqual(cup);
    expect((await api.call('PUT', `/api/organization/${organizationId}/cup-settings`, { token: admin.token, payload: { disciplines: ['CHESS'] } })).statusCode).toBe(400);
  });
});
