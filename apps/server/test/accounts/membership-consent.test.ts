import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIMITS_PER_MINUTE } from '../../src/features/auth/abuse-limits.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { PASSWORD, client, errorCode, type Client } from '../support/accounts.ts';

/**
 * The take-over of the security issue (High 1): a fresh account made an organization, added
 * another organization's admin as its member without asking, read their phone, address and
 * birthday and deactivated their account everywhere; any admin listed every user by "@".
 */
describe('membership needs consent; organizations see what members share', () => {
  let harness: TestApp;
  let api: Client;
  let victim: { id: number; token: string };
  let attacker: { id: number; token: string };
  let victimOrganization: number;
  let attackerOrganization: number;
  const profile = { birthday: '1990-04-05', sex: 'F', phoneNumber: '+421900111222', club: 'Victim Club', address: { street: 'Hlavná', streetNumber: '1', city: 'Košice', country: 'SK' } };

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    victim = await api.user('victim.admin@club.sk', profile);
    victimOrganization = (await api.organization(victim.token, 'Victim Club')).id;
    attacker = await api.user('attacker@evil.example');
    attackerOrganization = (await api.organization(attacker.token, 'Evil Club')).id;
  });
  afterAll(() => harness.close());

  it('adding an existing user only offers the membership: no rights, no profile, nothing to deactivate', async () => {
    const added = await api.call('POST', `/api/organization/${attackerOrganization}/member`, { token: attacker.token, payload: { userId: victim.id } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ state: 'INVITED', user: { id: victim.id, fullName: 'Test victim.admin', email: null, phoneNumber: null, birthYear: null, club: null, country: null } });
    const listed = (await api.call('GET', `/api/organization/${attackerOrganization}/member`, { token: attacker.token })).json();
    expect(JSON.stringify(listed)).not.toMatch(/900111222|Hlavná|1990-04-05|victim\.admin@club\.sk/);

    const read = await api.call('GET', `/api/user/${victim.id}`, { token: attacker.token });
    expect(read.statusCode).toBe(403);
    expect(errorCode(read)).toBe('USER_NO_RIGHTS_TO_GET');

    for (const path of [`/api/user/deactivate/${victim.id}`, `/api/organization/${attackerOrganization}/member/${victim.id}/deactivate`, `/api/organization/${attackerOrganization}/member/${victim.id}/block`]) {
      const response = await api.call('POST', path, { token: attacker.token });
      expect(response.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, path).toBeLessThan(500);
    }
    expect(errorCode(await api.call('POST', `/api/organization/${attackerOrganization}/member/${victim.id}/accept`, { token: attacker.token }))).toBe('MEMBER_NOT_FOUND');
    // The victim is still logged in, active, and admin of their own organization.
    expect((await api.call('GET', '/api/user', { token: victim.token })).json()).toMatchObject({ active: true });
    expect((await api.call('GET', `/api/organization/${victimOrganization}/member`, { token: victim.token })).statusCode).toBe(200);
  });

  it('the offered user declines by leaving; the offer is gone', async () => {
    expect((await api.call('POST', `/api/organization/${attackerOrganization}/leave`, { token: victim.token })).statusCode).toBe(204);
    const listed = (await api.call('GET', `/api/organization/${attackerOrganization}/member`, { token: attacker.token })).json();
    expect(listed.map((member: { userId: number }) => member.userId)).toEqual([attacker.id]);
  });

  it('a member who accepted shows name, club, birth year, sex and country; e-mail and phone only once shared', async () => {
    await api.call('POST', `/api/organization/${attackerOrganization}/member`, { token: attacker.token, payload: { userId: victim.id } });
    expect((await api.call('POST', `/api/user/memberships/${attackerOrganization}/accept`, { token: victim.token })).statusCode).toBe(204);

    const shared = await api.call('GET', `/api/user/${victim.id}`, { token: attacker.token });
    expect(shared.json()).toEqual({
      id: victim.id,
      name: 'Test',
      surname: 'victim.admin',
      fullName: 'Test victim.admin',
      birthYear: 1990,
      sex: 'F',
      club: 'Victim Club',
      country: 'SVK',
      profilePhoto: null,
      active: true,
      contactShared: false,
      email: null,
      phoneNumber: null,
    });
    const member = (await api.call('GET', `/api/organization/${attackerOrganization}/member`, { token: attacker.token })).json().find((row: { userId: number }) => row.userId === victim.id);
    expect(member.user).toEqual(shared.json());

    expect((await api.call('PUT', `/api/user/memberships/${attackerOrganization}`, { token: victim.token, payload: { contactShared: true } })).statusCode).toBe(204);
    expect((await api.call('GET', `/api/user/${victim.id}`, { token: attacker.token })).json()).toMatchObject({ contactShared: true, email: 'victim.admin@club.sk', phoneNumber: '+421900111222' });
    expect(JSON.stringify((await api.call('GET', `/api/user/${victim.id}`, { token: attacker.token })).json())).not.toMatch(/Hlavná|1990-04-05/);
    expect((await api.call('PUT', `/api/user/memberships/${attackerOrganization}`, { token: victim.token, payload: { contactShared: false } })).statusCode).toBe(204);
    expect((await api.call('GET', `/api/user/${victim.id}`, { token: attacker.token })).json()).toMatchObject({ email: null, phoneNumber: null });
    expect(errorCode(await api.call('PUT', `/api/user/memberships/${attackerOrganization + 1000}`, { token: victim.token, payload: { contactShared: true } }))).toBe('MEMBER_NOT_FOUND');
  });

  it('an organization can suspend a membership but never the account; the owner and the super admin can', async () => {
    const suspended = await api.call('POST', `/api/organization/${attackerOrganization}/member/${victim.id}/deactivate`, { token: attacker.token });
    expect(suspended.json()).toMatchObject({ blocked: true });
    victim.token = await api.login('victim.admin@club.sk');
    expect((await api.call('GET', '/api/user', { token: victim.token })).json().active).toBe(true);
    expect(errorCode(await api.call('POST', `/api/user/deactivate/${victim.id}`, { token: attacker.token }))).toBe('NO_RIGHTS');

    const root = await api.superAdmin();
    expect((await api.call('POST', `/api/user/deactivate/${victim.id}`, { token: root.token })).json().active).toBe(false);
    expect(errorCode(await api.call('POST', '/api/token/create', { payload: { email: 'victim.admin@club.sk', password: PASSWORD } }))).toBe('ACCOUNT_DEACTIVATED');
    expect((await api.call('POST', `/api/user/activate/${victim.id}`, { token: root.token })).json().active).toBe(true);
    victim.token = await api.login('victim.admin@club.sk');

    const owner = await api.user('owner@club.sk');
    expect(errorCode(await api.call('POST', `/api/user/activate/${owner.id}`, { token: owner.token }))).toBe('NO_RIGHTS');
    expect((await api.call('POST', `/api/user/deactivate/${owner.id}`, { token: owner.token })).json().active).toBe(false);
  });

  it('the user search gives names and ids only, needs 3 characters and is limited per caller', async () => {
    const everybody = await api.call('GET', '/api/user/list?queryParameter=@', { token: attacker.token });
    expect(everybody.statusCode).toBe(400);
    expect(errorCode(everybody)).toBe('SEARCH_TOO_SHORT');
    expect(everybody.json().error.message).toMatch(/3/);
    const byName = await api.call('GET', '/api/user/list?queryParameter=victim', { token: attacker.token });
    expect(byName.json()).toEqual([{ id: victim.id, name: 'Test', surname: 'victim.admin', fullName: 'Test victim.admin' }]);
    expect((await api.call('GET', '/api/user/list?queryParameter=club.sk', { token: attacker.token })).json()).toEqual([]);

    const limit = USER_LIMITS_PER_MINUTE['user-search'];
    const statuses: number[] = [];
    for (let call = 0; call < limit; call += 1) statuses.push((await api.call('GET', `/api/user/users/id?ids=${victim.id}`, { token: attacker.token })).statusCode);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(errorCode(await api.call('GET', '/api/user/list?queryParameter=victim', { token: attacker.token }))).toBe('RATE_LIMITED');
    // Another caller is not held back by the attacker's limit.
    expect((await api.call('GET', '/api/user/list?queryParameter=attacker', { token: victim.token })).statusCode).toBe(200);
  });
});
