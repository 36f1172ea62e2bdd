import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { invitations, mailOutbox } from '../../src/db/schema/index.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { PASSWORD, client, errorCode, type Client } from '../support/accounts.ts';

describe('members, applications and invitations', () => {
  let harness: TestApp;
  let api: Client;
  let admin: { id: number; token: string };
  let racer: { id: number; token: string };
  let organizationId: number;
  const base = () => `/api/organization/${organizationId}`;
  const invitationToken = async (to: string) => {
    const [mail] = await harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
    return { mail, token: /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '' };
  };

  beforeAll(async () => {
    harness = await createTestApp({ PUBLIC_URL: 'https://climbing.example' });
    api = client(harness);
    admin = await api.user('admin@club.sk');
    racer = await api.user('racer@club.sk');
    organizationId = (await api.organization(admin.token)).id;
  });
  afterAll(() => harness.close());

  it('GET /api/user/non-members finds users outside the organization by name, names and ids only, for its admin', async () => {
    const response = await api.call('GET', `/api/user/non-members?organizationId=${organizationId}&queryParameter=Test`, { token: admin.token });
    expect(response.json()).toEqual([{ id: racer.id, name: 'Test', surname: 'racer', fullName: 'Test racer' }]);
    expect((await api.call('GET', '/api/user/non-members?queryParameter=racer@club.sk', { token: admin.token })).json()).toHaveLength(1);
    expect(errorCode(await api.call('GET', `/api/user/non-members?organizationId=${organizationId}&queryParameter=Te`, { token: admin.token }))).toBe('SEARCH_TOO_SHORT');
    expect(errorCode(await api.call('GET', `/api/user/non-members?organizationId=${organizationId}&queryParameter=Test`, { token: racer.token }))).toBe('NO_RIGHTS');
  });

  it('a user applies, the admin sees the application and accepts it; GET /api/user/{id} works for the admin', async () => {
    const applied = await api.call('POST', `${base()}/apply`, { token: racer.token });
    expect(applied.statusCode).toBe(201);
    expect(applied.json()).toMatchObject({ state: 'APPLIED', userId: racer.id });
    expect(errorCode(await api.call('POST', `${base()}/apply`, { token: racer.token }))).toBe('MEMBER_ALREADY_EXISTS');
    expect(errorCode(await api.call('GET', `${base()}/member`, { token: racer.token }))).toBe('NO_RIGHTS');
    expect((await api.call('GET', `/api/user/${racer.id}`, { token: admin.token })).statusCode).toBe(200);
    const accepted = await api.call('POST', `${base()}/member/${racer.id}/accept`, { token: admin.token });
    expect(accepted.json().state).toBe('ACTIVE');
    const members = (await api.call('GET', `${base()}/member`, { token: admin.token })).json();
    expect(members.map((member: { userId: number }) => member.userId).sort()).toEqual([admin.id, racer.id].sort());
  });

  it('PUT edits role flags; a coach may list members; the last admin cannot be demoted', async () => {
    const edited = await api.call('PUT', `${base()}/member/${racer.id}`, { token: admin.token, payload: { coach: true, judge: true } });
    expect(edited.json()).toMatchObject({ coach: true, judge: true, orgAdmin: false });
    expect((await api.call('GET', `${base()}/member`, { token: racer.token })).statusCode).toBe(200);
    expect(errorCode(await api.call('PUT', `${base()}/member/${racer.id}`, { token: racer.token, payload: { orgAdmin: true } }))).toBe('NO_RIGHTS');
    const demote = await api.call('PUT', `${base()}/member/${admin.id}`, { token: admin.token, payload: { orgAdmin: false } });
    expect(demote.statusCode).toBe(409);
    expect(errorCode(demote)).toBe('LAST_ORGANIZATION_ADMIN');
  });

  it('blocking revokes the member sessions at once and removes the organization rights; unblocking restores them', async () => {
    const blocked = await api.call('POST', `${base()}/member/${racer.id}/block`, { token: admin.token });
    expect(blocked.json().blocked).toBe(true);
    expect(errorCode(await api.call('GET', '/api/user', { token: racer.token }))).toBe('INVALID_OR_EXPIRED_TOKEN');
    racer.token = await api.login('racer@club.sk');
    expect(errorCode(await api.call('GET', `${base()}/member`, { token: racer.token }))).toBe('NO_RIGHTS');
    expect((await api.call('POST', `${base()}/member/${racer.id}/unblock`, { token: admin.token })).json().blocked).toBe(false);
    expect((await api.call('GET', `${base()}/member`, { token: racer.token })).statusCode).toBe(200);
  });

  it('deactivate / activate through the organization suspend and restore the membership, never the account', async () => {
    const deactivated = await api.call('POST', `${base()}/member/${racer.id}/deactivate`, { token: admin.token });
    expect(deactivated.json()).toMatchObject({ userId: racer.id, blocked: true });
    racer.token = await api.login('racer@club.sk');
    expect((await api.call('GET', '/api/user', { token: racer.token })).json().active).toBe(true);
    expect(errorCode(await api.call('GET', `${base()}/member`, { token: racer.token }))).toBe('NO_RIGHTS');
    expect((await api.call('POST', `${base()}/member/${racer.id}/activate`, { token: admin.token })).json().blocked).toBe(false);
    expect((await api.call('GET', `${base()}/member`, { token: racer.token })).statusCode).toBe(200);
  });

  it('POST member offers an existing user the membership, which they accept, or creates a member account without a password', async () => {
    const newcomer = await api.user('newcomer@club.sk');
    const added = await api.call('POST', `${base()}/member`, { token: admin.token, payload: { userId: newcomer.id, coach: true } });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ state: 'INVITED', coach: true, user: { fullName: 'Test newcomer', email: null, sex: null, club: null } });
    const [offerMail] = await harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'newcomer@club.sk'));
    expect(offerMail).toMatchObject({ subject: 'Ponuka členstva v organizácii Boulder Club Bratislava' });
    expect(offerMail?.text).toContain('https://climbing.example/my-board');
    expect(errorCode(await api.call('POST', `${base()}/member`, { token: admin.token, payload: { userId: newcomer.id } }))).toBe('MEMBER_ALREADY_EXISTS');
    expect(errorCode(await api.call('POST', `${base()}/member/${newcomer.id}/accept`, { token: admin.token }))).toBe('MEMBER_NOT_FOUND');
    const offers = (await api.call('GET', '/api/user/memberships', { token: newcomer.token })).json();
    expect(offers).toEqual([expect.objectContaining({ organizationId, state: 'INVITED', coach: true, contactShared: false })]);
    expect((await api.call('POST', `/api/user/memberships/${organizationId}/accept`, { token: newcomer.token })).statusCode).toBe(204);
    expect((await api.call('GET', '/api/user', { token: newcomer.token })).json()).toMatchObject({ organizationId, coach: true });
    expect(errorCode(await api.call('POST', `/api/user/memberships/${organizationId}/accept`, { token: newcomer.token }))).toBe('MEMBER_NOT_FOUND');
    const created = await api.call('POST', `${base()}/member`, { token: admin.token, payload: { email: 'kid@club.sk', name: 'Kid', surname: 'Climber', birthday: '2012-05-01', sex: 'M' } });
    expect(created.json()).toMatchObject({ state: 'ACTIVE', user: { fullName: 'Kid Climber', birthYear: 2012, sex: 'M', email: null } });
    expect(errorCode(await api.call('POST', '/api/token/create', { payload: { email: 'kid@club.sk', password: PASSWORD } }))).toBe('BAD_CREDENTIALS');
    expect(errorCode(await api.call('POST', `${base()}/member`, { token: admin.token, payload: { email: 'KID@club.sk', name: 'K', surname: 'C' } }))).toBe('EMAIL_ALREADY_IN_USE');
    const missing = await api.call('POST', `${base()}/member`, { token: admin.token, payload: { name: 'No mail' } });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().error.fields)).toEqual(expect.arrayContaining(['body.email', 'body.surname']));
  });

  it('DELETE member removes the membership; a member leaves; the last admin cannot leave', async () => {
    const kid = (await api.call('GET', `${base()}/member`, { token: admin.token })).json().find((member: { user: { fullName: string } }) => member.user.fullName === 'Kid Climber');
    expect((await api.call('DELETE', `${base()}/member/${kid.userId}`, { token: admin.token })).statusCode).toBe(204);
    expect(errorCode(await api.call('DELETE', `${base()}/member/${kid.userId}`, { token: admin.token }))).toBe('MEMBER_NOT_FOUND');
    expect((await api.call('POST', `${base()}/leave`, { token: racer.token })).statusCode).toBe(204);
    expect((await api.call('GET', '/api/user', { token: racer.token })).json().organizationId).toBeNull();
    expect(errorCode(await api.call('POST', `${base()}/leave`, { token: admin.token }))).toBe('LAST_ORGANIZATION_ADMIN');
  });

  it('invites a new e-mail: SHA-256 stored, 7 days, mail in the language with the acceptance link; accepting creates the member', async () => {
    const invited = await api.call('POST', `${base()}/invitation`, { token: admin.token, payload: { email: 'New.Member@club.sk', language: 'EN' } });
    expect(invited.statusCode).toBe(201);
    const days = (new Date(invited.json().expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const { mail, token } = await invitationToken('New.Member@club.sk');
    expect(mail).toMatchObject({ kind: 'INVITATION', language: 'EN', subject: 'Invitation to Boulder Club Bratislava' });
    expect(mail?.text).toContain(`https://climbing.example/invitation/accept?token=${token}`);
    const [row] = await harness.app.db.select().from(invitations).where(eq(invitations.id, invited.json().id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);

    expect((await api.call('GET', `${base()}/invitation`, { token: admin.token })).json()).toHaveLength(1);
    const info = await api.call('GET', `/api/invitation?token=${token}`);
    expect(info.json()).toMatchObject({ email: 'New.Member@club.sk', organizationId, organizationName: 'Boulder Club Bratislava', userExists: false, userId: null });

    const incomplete = await api.call('POST', '/api/invitation/accept', { payload: { token, organizationId } });
    expect(incomplete.statusCode).toBe(400);
    expect(Object.keys(incomplete.json().error.fields)).toEqual(['body.name', 'body.surname', 'body.password']);
    const accepted = await api.call('POST', '/api/invitation/accept', { payload: { token, organizationId, name: 'New', surname: 'Member', password: 'Welcome-Crux7', sex: 'F' } });
    expect(accepted.json()).toMatchObject({ organizationId, accountCreated: true });
    const memberToken = await api.login('new.member@club.sk', 'Welcome-Crux7');
    expect((await api.call('GET', '/api/user', { token: memberToken })).json()).toMatchObject({ organizationId, role: 'USER', language: 'EN' });
    const reused = await api.call('POST', '/api/invitation/accept', { payload: { token, organizationId, name: 'X', surname: 'Y', password: 'Welcome-Crux7' } });
    expect(reused.statusCode).toBe(400);
    expect(errorCode(reused)).toBe('INVITATION_TOKEN_INVALID');
    expect(errorCode(await api.call('GET', `/api/invitation?token=${token}`))).toBe('INVITATION_TOKEN_INVALID');
  });

  it('an existing account joins by accepting; a wrong organization or an expired token is INVITATION_TOKEN_INVALID', async () => {
    await api.call('POST', `${base()}/invitation`, { token: admin.token, payload: { email: 'racer@club.sk', language: 'SK' } });
    const { mail, token } = await invitationToken('racer@club.sk');
    expect(mail?.subject).toBe('Pozvánka do organizácie Boulder Club Bratislava');
    expect((await api.call('GET', `/api/invitation?token=${token}`)).json()).toMatchObject({ userExists: true, userId: racer.id });
    expect(errorCode(await api.call('POST', '/api/invitation/accept', { payload: { token, organizationId: organizationId + 1000 } }))).toBe('INVITATION_TOKEN_INVALID');
    const joined = await api.call('POST', '/api/invitation/accept', { payload: { token, organizationId, userId: racer.id } });
    expect(joined.json()).toEqual({ organizationId, userId: racer.id, accountCreated: false });

    await api.call('POST', `${base()}/invitation`, { token: admin.token, payload: { email: 'late@club.sk', language: 'SK' } });
    const late = await invitationToken('late@club.sk');
    await harness.app.db.update(invitations).set({ expiresAt: new Date(Date.now() - 1) }).where(eq(invitations.email, 'late@club.sk'));
    expect(errorCode(await api.call('POST', '/api/invitation/accept', { payload: { token: late.token, organizationId, name: 'L', surname: 'L', password: 'Welcome-Crux7' } }))).toBe('INVITATION_TOKEN_INVALID');
    expect(errorCode(await api.call('GET', '/api/invitation?token=not-a-token'))).toBe('INVITATION_TOKEN_INVALID');
  });

  it('inviting an active member is refused; an invitation can be cancelled', async () => {
    expect(errorCode(await api.call('POST', `${base()}/invitation`, { token: admin.token, payload: { email: 'racer@club.sk', language: 'SK' } }))).toBe('MEMBER_ALREADY_EXISTS');
    const invited = await api.call('POST', `${base()}/invitation`, { token: admin.token, payload: { email: 'maybe@club.sk', language: 'SK' } });
    expect((await api.call('DELETE', `${base()}/invitation/${invited.json().id}`, { token: admin.token })).statusCode).toBe(204);
    expect(errorCode(await api.call('DELETE', `${base()}/invitation/${invited.json().id}`, { token: admin.token }))).toBe('INVITATION_NOT_FOUND');
    const { token } = await invitationToken('maybe@club.sk');
    expect(errorCode(await api.call('GET', `/api/invitation?token=${token}`))).toBe('INVITATION_TOKEN_INVALID');
  });
});
