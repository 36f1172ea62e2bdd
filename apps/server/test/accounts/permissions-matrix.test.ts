import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events } from '../../src/db/schema/index.ts';
import { createJudgeAccount, revokeJudgeAccount } from '../../src/features/auth/judge-account-service.ts';
import { POLICY, RELATIONS, authorize, can, type Actor } from '../../src/features/auth/policy.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { PASSWORD, client, errorCode, type Client } from '../support/accounts.ts';

type ActorName = 'VISITOR' | 'USER' | 'MEMBER' | 'COACH' | 'ADMIN_A' | 'ADMIN_B' | 'SUPER_ADMIN' | 'JUDGE_ACCOUNT';
const ACTOR_NAMES: ActorName[] = ['VISITOR', 'USER', 'MEMBER', 'COACH', 'ADMIN_A', 'ADMIN_B', 'SUPER_ADMIN', 'JUDGE_ACCOUNT'];

interface Row {
  call: string;
  allowed: ActorName[];
  payload?: unknown;
  deniedCode?: string;
  /** Allowed callers are not replayed when that would change what later rows test (creating organizations, leaving). */
  checkAllowed?: boolean;
}

const MISSING = 999_999;

describe('permissions matrix (docs/permissions.md) through the HTTP API', () => {
  let harness: TestApp;
  let api: Client;
  const tokens: Partial<Record<ActorName, string>> = {};
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    tokens.SUPER_ADMIN = (await api.superAdmin()).token;
    const adminA = await api.user('admin-a@example.com');
    const adminB = await api.user('admin-b@example.com');
    const member = await api.user('member@example.com');
    const coach = await api.user('coach@example.com');
    const user = await api.user('user@example.com');
    const victim = await api.user('victim@example.com');
    ids.A = (await api.organization(adminA.token, 'Club A')).id;
    ids.B = (await api.organization(adminB.token, 'Club B')).id;
    ids.member = member.id;
    ids.victim = victim.id;
    for (const [person, payload] of [[member, {}], [coach, { coach: true }], [victim, {}]] as const) {
      await api.call('POST', `/api/organization/${ids.A}/member`, { token: adminA.token, payload: { userId: person.id, ...payload } });
      await api.call('POST', `/api/user/memberships/${ids.A}/accept`, { token: person.token });
    }
    const [event] = await harness.app.db.insert(events).values({ organizationId: ids.A, name: 'Cup 1', startingDate: '2030-05-01', closingDate: '2030-05-02' }).returning();
    ids.event = event?.id ?? 0;
    const judge = await createJudgeAccount(harness.app.db, { eventId: ids.event, createdById: adminA.id });
    ids.judgeAccount = judge.id;
    const race = await api.call('POST', '/api/race', { token: adminA.token, payload: { eventId: ids.event, name: 'Race', startingDate: '2030-05-01', endDate: '2030-05-01' } });
    ids.race = race.json().id;
    ids.group = race.json().qualificationGroups[0].id;
    Object.assign(tokens, { ADMIN_A: adminA.token, ADMIN_B: adminB.token, MEMBER: member.token, COACH: coach.token, USER: user.token, JUDGE_ACCOUNT: await api.login(judge.login, judge.password) });
  });
  afterAll(() => harness.close());

  const admins: ActorName[] = ['ADMIN_A', 'SUPER_ADMIN'];
  const rows = (): Row[] => {
    const org = `/api/organization/${ids.A}`;
    return [
      { call: `GET ${org}/member`, allowed: ['COACH', ...admins] },
      { call: `POST ${org}/member`, allowed: admins, payload: { userId: MISSING } },
      { call: `PUT ${org}/member/${MISSING}`, allowed: admins, payload: { coach: true } },
      { call: `DELETE ${org}/member/${MISSING}`, allowed: admins },
      { call: `POST ${org}/member/${MISSING}/block`, allowed: admins },
      { call: `POST ${org}/member/${MISSING}/unblock`, allowed: admins },
      { call: `POST ${org}/member/${MISSING}/accept`, allowed: admins },
      { call: `POST ${org}/member/${MISSING}/deactivate`, allowed: admins },
      { call: `POST ${org}/member/${MISSING}/activate`, allowed: admins },
      { call: `PUT ${org}`, allowed: admins, payload: {} },
      { call: `POST ${org}/logo`, allowed: admins },
      { call: `GET ${org}/race-settings`, allowed: admins },
      { call: `PUT ${org}/race-settings`, allowed: admins, payload: {} },
      { call: `GET ${org}/cup-settings`, allowed: admins },
      { call: `PUT ${org}/cup-settings`, allowed: admins, payload: {} },
      { call: `POST ${org}/age-category`, allowed: admins, payload: { name: 'U12', fromAge: 0, toAge: 11 } },
      { call: `PUT ${org}/age-category/${MISSING}`, allowed: admins, payload: { name: 'U12', fromAge: 0 } },
      { call: `DELETE ${org}/age-category/${MISSING}`, allowed: admins },
      { call: `POST ${org}/cup-rank-category`, allowed: admins, payload: { name: 'Club', numberOfRanks: 3 } },
      { call: `PUT ${org}/cup-rank-category/${MISSING}`, allowed: admins, payload: { name: 'Club', numberOfRanks: 3 } },
      { call: `DELETE ${org}/cup-rank-category/${MISSING}`, allowed: admins },
      { call: `POST ${org}/invitation`, allowed: admins, payload: { email: 'guest@example.com', language: 'SK' } },
      { call: `GET ${org}/invitation`, allowed: admins },
      { call: `DELETE ${org}/invitation/${MISSING}`, allowed: admins },
      { call: `POST ${org}/deactivate`, allowed: ['SUPER_ADMIN'] },
      { call: `POST ${org}/activate`, allowed: ['SUPER_ADMIN'] },
      { call: 'GET /api/user/list?queryParameter=member', allowed: ['ADMIN_A', 'ADMIN_B', 'SUPER_ADMIN'] },
      { call: `GET /api/user/users/id?ids=${ids.member}`, allowed: ['ADMIN_A', 'ADMIN_B', 'SUPER_ADMIN'] },
      { call: `GET /api/user/non-members?organizationId=${ids.A}&queryParameter=member`, allowed: admins },
      { call: `GET /api/user/${ids.member}`, allowed: ['MEMBER', ...admins], deniedCode: 'USER_NO_RIGHTS_TO_GET' },
      { call: `POST /api/user/deactivate/${ids.victim}`, allowed: ['SUPER_ADMIN'] },
      { call: `POST /api/user/activate/${ids.victim}`, allowed: ['SUPER_ADMIN'] },
      { call: `POST /api/user/memberships/${MISSING}/accept`, allowed: ['USER', 'MEMBER', 'COACH', 'ADMIN_A', 'ADMIN_B', 'SUPER_ADMIN'] },
      { call: `PUT /api/user/memberships/${MISSING}`, allowed: ['USER', 'MEMBER', 'COACH', 'ADMIN_A', 'ADMIN_B', 'SUPER_ADMIN'], payload: { contactShared: true } },
      { call: `DELETE /api/user/${MISSING}`, allowed: ['SUPER_ADMIN'], deniedCode: 'USER_NO_RIGHTS_TO_DELETE' },
      { call: 'POST /api/organization', allowed: ['USER', 'MEMBER', 'COACH', 'ADMIN_A', 'ADMIN_B', 'SUPER_ADMIN'], payload: { name: 'New' }, checkAllowed: false },
      { call: `POST ${org}/apply`, allowed: ['USER', 'MEMBER', 'COACH', 'ADMIN_A', 'ADMIN_B', 'SUPER_ADMIN'], checkAllowed: false },
      { call: `POST ${org}/leave`, allowed: ['USER', 'MEMBER', 'COACH', 'ADMIN_A', 'ADMIN_B', 'SUPER_ADMIN'], checkAllowed: false },
      { call: 'GET /api/user', allowed: ['USER', 'MEMBER', 'COACH', 'ADMIN_A', 'ADMIN_B', 'SUPER_ADMIN'] },
      { call: 'PUT /api/user/password', allowed: ['USER', 'MEMBER', 'COACH', 'ADMIN_A', 'ADMIN_B', 'SUPER_ADMIN'], payload: { currentPassword: 'Wrong12345', newPassword: 'Whatever-Boulder9' } },
      // Events, races and registrations (the events issue)
      { call: `PUT /api/event/${ids.event}`, allowed: admins, payload: {} },
      { call: `POST /api/event/${ids.event}/poster`, allowed: admins },
      { call: `DELETE /api/event/${ids.event}/attachment/${'0'.repeat(32)}`, allowed: admins },
      { call: `GET /api/event/${ids.event}/judge-account`, allowed: admins },
      { call: `POST /api/event/${ids.event}/judge-account`, allowed: admins },
      { call: `DELETE /api/event/${ids.event}/judge-account/${MISSING}`, allowed: admins },
      { call: 'POST /api/race', allowed: admins, payload: { eventId: ids.event, name: 'Another', startingDate: '2030-05-01', endDate: '2030-05-01' } },
      { call: `PUT /api/race/${ids.race}`, allowed: admins, payload: {} },
      { call: `PUT /api/race/${ids.race}/state`, allowed: admins, payload: { state: 'HIDDEN' } },
      { call: `POST /api/race/${ids.race}/duplicate`, allowed: admins },
      { call: `POST /api/race/${ids.race}/finish-on-qualification`, allowed: admins },
      { call: `POST /api/race/${ids.race}/starting-list`, allowed: admins, payload: {} },
      { call: `PUT /api/qualification-group/${ids.group}/state`, allowed: admins, payload: { state: 'OPEN_REGISTRATION' } },
      { call: `POST /api/race-registration/${ids.race}/register-member`, allowed: ['COACH', ...admins], payload: { userId: MISSING } },
      { call: `POST /api/race-registration/race/${ids.race}/regenerate-racer-numbers`, allowed: admins, payload: { offset: 1 } },
      { call: `GET /api/race-registration/race/${ids.race}/csv`, allowed: admins },
      { call: 'GET /api/country', allowed: ACTOR_NAMES },
      { call: `GET ${org}`, allowed: ACTOR_NAMES },
      { call: 'GET /api/organization', allowed: ACTOR_NAMES },
      { call: `GET ${org}/age-category`, allowed: ACTOR_NAMES },
    ];
  };

  it('answers every denied caller 401/403 and lets every allowed caller past the policy', async () => {
    const problems: string[] = [];
    for (const row of rows()) {
      const [method, url] = row.call.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
      for (const actor of ACTOR_NAMES) {
        const allowed = row.allowed.includes(actor);
        if (allowed && row.checkAllowed === false) continue;
        const response = await api.call(method, url, { token: tokens[actor], payload: row.payload });
        const code = errorCode(response) ?? '';
        if (allowed && [401, 403].includes(response.statusCode)) problems.push(`${actor} ${row.call}: allowed but ${response.statusCode} ${code}`);
        if (!allowed) {
          const expected = actor === 'VISITOR' ? 'MISSING_TOKEN' : actor === 'JUDGE_ACCOUNT' ? 'NO_RIGHTS' : (row.deniedCode ?? 'NO_RIGHTS');
          if (code !== expected) problems.push(`${actor} ${row.call}: expected ${expected}, got ${response.statusCode} ${code}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('an admin of organization A gets 403 NO_RIGHTS on everything of organization B', async () => {
    const org = `/api/organization/${ids.B}`;
    const calls: [string, unknown?][] = [
      [`GET ${org}/member`], [`POST ${org}/member`, { userId: ids.member }], [`PUT ${org}`, { name: 'Taken over' }], [`POST ${org}/logo`],
      [`GET ${org}/race-settings`], [`PUT ${org}/cup-settings`, {}], [`POST ${org}/age-category`, { name: 'X', fromAge: 1 }],
      [`POST ${org}/cup-rank-category`, { name: 'X', numberOfRanks: 1 }], [`POST ${org}/invitation`, { email: 'x@example.com', language: 'SK' }],
      [`GET ${org}/invitation`], [`POST ${org}/deactivate`], [`GET /api/user/non-members?organizationId=${ids.B}&queryParameter=member`],
      [`POST ${org}/member/${ids.member}/deactivate`],
    ];
    for (const [call, payload] of calls) {
      const [method, url] = call.split(' ') as ['GET' | 'POST' | 'PUT', string];
      const response = await api.call(method, url, { token: tokens.ADMIN_A, payload });
      expect(response.statusCode, call).toBe(403);
      expect(errorCode(response), call).toBe('NO_RIGHTS');
    }
  });

  it('a deactivated account cannot log in and its open token stops working', async () => {
    const token = await api.login('victim@example.com');
    await api.call('POST', `/api/user/deactivate/${ids.victim}`, { token: tokens.SUPER_ADMIN });
    expect(errorCode(await api.call('GET', '/api/user', { token }))).toBe('INVALID_OR_EXPIRED_TOKEN');
    expect(errorCode(await api.call('POST', '/api/token/create', { payload: { email: 'victim@example.com', password: PASSWORD } }))).toBe('ACCOUNT_DEACTIVATED');
    await api.call('POST', `/api/user/activate/${ids.victim}`, { token: tokens.SUPER_ADMIN });
  });

  it('a judge account logs in with its login, may only score its event, and stops at once when revoked', async () => {
    const who = await api.call('GET', '/api/token', { token: tokens.JUDGE_ACCOUNT });
    expect(who.json()).toEqual({ kind: 'JUDGE_ACCOUNT', userId: null, judgeAccountId: ids.judgeAccount, eventId: ids.event });
    expect((await api.call('PUT', '/api/token/renew', { token: tokens.JUDGE_ACCOUNT })).json()).toMatchObject({ kind: 'JUDGE_ACCOUNT', eventId: ids.event });
    const judge: Actor = { kind: 'JUDGE_ACCOUNT', judgeAccountId: ids.judgeAccount ?? 0, eventId: ids.event ?? 0 };
    expect(can(judge, 'score:enter', { organization: ids.A, eventId: ids.event })).toBe(true);
    expect(can(judge, 'score:enter', { organization: ids.A, eventId: (ids.event ?? 0) + 1 })).toBe(false);
    expect(can(judge, 'race:manage', { organization: ids.A, eventId: ids.event })).toBe(false);
    expect(() => authorize(judge, 'member:list', { organization: ids.A })).toThrow('NO_RIGHTS');
    await revokeJudgeAccount(harness.app.db, ids.judgeAccount ?? 0);
    expect(errorCode(await api.call('GET', '/api/token', { token: tokens.JUDGE_ACCOUNT }))).toBe('INVALID_OR_EXPIRED_TOKEN');
  });

  it('docs/permissions.md holds exactly the POLICY table', async () => {
    const doc = await fs.readFile(path.resolve(import.meta.dirname, '../../../../docs/permissions.md'), 'utf8');
    const lines = [
      `| action | ${RELATIONS.join(' | ')} |`,
      ...Object.entries(POLICY).map(([action, relations]) => `| \`${action}\` | ${RELATIONS.map((relation) => ((relations as readonly string[]).includes(relation) ? '✓' : '·')).join(' | ')} |`),
    ];
    for (const line of lines) expect(doc).toContain(line);
    const documentedActions = [...doc.matchAll(/^\| `([a-z-]+:[a-z-]+)` \| [✓·]/gmu)].map((match) => match[1]);
    expect(documentedActions.sort()).toEqual(Object.keys(POLICY).sort());
  });
});
