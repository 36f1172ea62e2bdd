import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../../src/db/schema/index.ts';
import { client, type Client } from '../support/accounts.ts';
import { createEvent, day, openRegistration } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

describe('event update e-mails (sendUpdateInfo)', () => {
  let harness: TestApp;
  let api: Client;

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  const updateMails = () => harness.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'EVENT_UPDATE'));

  it('tells registered racers about a new date or place, in their language, once each; not about flags or withdrawn racers', async () => {
    const admin = await api.user('organiser-mail@example.com');
    const { id: organizationId } = await api.organization(admin.token, 'Mail club');
    const event = await createEvent(api, admin.token, organizationId);
    const raceId = event.races[0]!.id;
    await openRegistration(api, admin.token, raceId);

    const racer = await api.user('racer-mail@example.com', { sex: 'F', birthday: '1995-04-02', language: 'EN' });
    expect((await api.call('POST', `/api/race-registration/${raceId}/user`, { token: racer.token, payload: { userId: racer.id } })).statusCode).toBe(201);
    const once = { name: 'Ema', surname: 'Jednorazová', sex: 'F', birthday: '2001-02-03', country: 'SK', email: 'ema@example.com' };
    expect((await api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, { payload: once })).statusCode).toBe(201);
    const gone = await api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, { payload: { ...once, name: 'Odhlásená', email: 'gone@example.com' } });
    expect((await api.call('PUT', `/api/race-registration/${gone.json().id}/NOT_PRESENT`, { token: admin.token })).statusCode).toBe(200);

    // A flag changes nothing racers travel by.
    expect((await api.call('PUT', `/api/event/${event.id}`, { token: admin.token, payload: { onlineRegistration: true } })).statusCode).toBe(200);
    expect(await updateMails()).toHaveLength(0);

    expect((await api.call('PUT', `/api/event/${event.id}`, { token: admin.token, payload: { startingDate: day(21), closingDate: day(22) } })).statusCode).toBe(200);
    const mails = await updateMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual(['ema@example.com', 'racer-mail@example.com']);
    const english = mails.find((mail) => mail.to === 'racer-mail@example.com')!;
    expect(english.subject).toBe('Cup has changed');
    expect(english.text).toContain(`/events/${event.id}`);
    expect(mails.find((mail) => mail.to === 'ema@example.com')!.subject).toBe('Zmena podujatia Cup');

    // The same address sent twice is one change; switching the notices off silences later edits.
    const address = { street: 'Hlavná', streetNumber: '1', city: 'Bratislava', zipcode: '81101', country: 'SK' };
    await api.call('PUT', `/api/event/${event.id}`, { token: admin.token, payload: { address } });
    expect(await updateMails()).toHaveLength(4);
    await api.call('PUT', `/api/event/${event.id}`, { token: admin.token, payload: { address } });
    expect(await updateMails()).toHaveLength(4);
    await api.call('PUT', `/api/event/${event.id}`, { token: admin.token, payload: { sendUpdateInfo: false, name: 'Renamed cup' } });
    expect(await updateMails()).toHaveLength(4);
  });
});
