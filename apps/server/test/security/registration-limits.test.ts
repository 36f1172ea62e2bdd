import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent, openRegistration } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const racer = (name: string, surname: string, extra: Record<string, unknown> = {}) => ({
  name,
  surname,
  email: `racer.${Math.random().toString(36).slice(2)}@example.com`,
  club: 'BCB',
  sex: 'M',
  birthday: '2001-03-04',
  country: 'sk',
  ...extra,
});

interface Listed {
  id: number;
  fullName: string;
  possibleDuplicateOf: number | null;
}

/** Issue 11, item 8: one-time registration is limited per address and per race; admins see possible duplicates. */
describe('one-time registration limits and duplicates', () => {
  let harness: TestApp;
  let api: Client;
  let admin: { id: number; token: string };
  let organizationId: number;

  beforeAll(async () => {
    harness = await createTestApp({ REGISTRATION_LIMIT_PER_ADDRESS: '3', REGISTRATION_LIMIT_PER_RACE: '5' });
    api = client(harness);
    admin = await api.user('limits-admin@example.com', { birthday: '1990-01-01', sex: 'M' });
    organizationId = (await api.organization(admin.token)).id;
  });
  afterAll(() => harness.close());

  async function openRace(): Promise<number> {
    const event = await createEvent(api, admin.token, organizationId, { allowedUnregisteredUsers: true });
    const raceId = event.races[0]!.id;
    await openRegistration(api, admin.token, raceId);
    return raceId;
  }
  const register = (raceId: number, body: Record<string, unknown>, options: { from?: string; token?: string; language?: string } = {}) =>
    api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, {
      payload: body,
      token: options.token,
      remoteAddress: options.from ?? '203.0.113.1',
      headers: { 'accept-language': options.language ?? 'en' },
    });

  it('stops one address after its limit with a message naming it, counts every address into the race’s limit, and never limits the desk', async () => {
    const raceId = await openRace();
    for (let index = 0; index < 3; index += 1) expect((await register(raceId, racer('Fake', `N${index}`), { from: '203.0.113.1' })).statusCode).toBe(201);
    const refused = await register(raceId, racer('Fake', 'N3'), { from: '203.0.113.1' });
    expect(refused.statusCode).toBe(429);
    expect(errorCode(refused)).toBe('RATE_LIMITED');
    expect(refused.json().error.message).toMatch(/At most 3 per 10 min\. Try again in \d+ (s|min)\./);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const inSlovak = await register(raceId, racer('Fake', 'N4'), { from: '203.0.113.1', language: 'sk' });
    expect(inSlovak.json().error.message).toMatch(/Najviac 3 za 10 min\./);

    // Other addresses fill the race's limit (5 in all): the sixth registration is refused wherever it comes from.
    expect((await register(raceId, racer('Other', 'A'), { from: '198.51.100.7' })).statusCode).toBe(201);
    expect((await register(raceId, racer('Other', 'B'), { from: '198.51.100.8' })).statusCode).toBe(201);
    expect(errorCode(await register(raceId, racer('Other', 'C'), { from: '198.51.100.9' }))).toBe('RATE_LIMITED');

    // The event's admin at the desk is not limited, and another race has its own count.
    for (let index = 0; index < 4; index += 1) expect((await register(raceId, racer('Walk', `In${index}`), { token: admin.token, from: '203.0.113.1' })).statusCode).toBe(201);
    expect((await register(await openRace(), racer('Else', 'Where'), { from: '198.51.100.10' })).statusCode).toBe(201);
  });

  it('marks possible second entries of one person for the admins only, who remove them', async () => {
    const raceId = await openRace();
    const from = (index: number) => `192.0.2.${index}`;
    const first = (await register(raceId, racer('Ján', 'Šťastný'), { from: from(1) })).json() as { id: number };
    const again = (await register(raceId, racer('JAN', 'Stastny'), { from: from(2) })).json() as { id: number };
    const sibling = (await register(raceId, racer('Eva', 'Šťastná', { sex: 'F' }), { from: from(3) })).json() as { id: number };

    const asAdmin = (await api.call('GET', `/api/race-registration/race/${raceId}`, { token: admin.token })).json() as Listed[];
    const marks = Object.fromEntries(asAdmin.map((row) => [row.id, row.possibleDuplicateOf]));
    expect(marks).toEqual({ [first.id]: null, [again.id]: first.id, [sibling.id]: null });
    const asVisitor = (await api.call('GET', `/api/race-registration/race/${raceId}`)).json() as Listed[];
    expect(asVisitor.every((row) => row.possibleDuplicateOf === null)).toBe(true);

    expect((await api.call('DELETE', `/api/race-registration/${again.id}`, { token: admin.token })).statusCode).toBe(204);
    const after = (await api.call('GET', `/api/race-registration/race/${raceId}`, { token: admin.token })).json() as Listed[];
    expect(after.map((row) => row.id).sort()).toEqual([first.id, sibling.id].sort());
    expect(after.every((row) => row.possibleDuplicateOf === null)).toBe(true);
  });
});
