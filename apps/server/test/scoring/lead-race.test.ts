import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankLeadQualification, rankLeadRound, type LeadScore } from '@climbing/domain';
import { client, type Client } from '../support/accounts.ts';
import { createEvent, openRegistration, raceBody } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface ListedRacer {
  id: number;
  racerNumber: number;
  rounds: { id: number; version: number; routes: { id: number; routeIndex: number }[] }[];
}

/** Qualification marks per racer (two routes), by racer number order. */
const QUALIFICATION: readonly (readonly [LeadScore, LeadScore])[] = [
  [{ hold: 30, plus: false, top: true }, { hold: 29, plus: true, top: false }],
  [{ hold: 25, plus: false, top: false }, { hold: 28, plus: false, top: false }],
  [{ hold: 22, plus: true, top: false }, { hold: 20, plus: false, top: false }],
  [{ hold: 18, plus: false, top: false }, { hold: 19, plus: false, top: false }],
];

describe('a lead race through the HTTP API', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  it('ranks a two-route qualification climbed in two groups as one field, and counts back to it in the final', async () => {
    const admin = await api.user('lead-organiser@example.com');
    const { id: organizationId } = await api.organization(admin.token, 'Lead club');
    const token = admin.token;
    const event = await createEvent(api, token, organizationId, {}, [raceBody({ groups: 2, extra: { discipline: 'LEAD', raceFormat: 'QUALIFICATION_FINAL', lead: { numberOfQualificationRoutes: 2, numberOfFinalRacers: 4 } } })]);
    const race = event.races[0]!;
    await openRegistration(api, token, race.id);
    for (const index of QUALIFICATION.keys()) {
      const registered = await api.call('POST', `/api/race-registration/${race.id}/register-unregistered-user/`, {
        payload: { name: `Leader${index}`, surname: 'Test', sex: 'M', birthday: '1996-06-06', qualificationGroupId: race.qualificationGroups[index % 2]!.id },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      await api.call('PUT', `/api/race-registration/${registered.json().id}/PRESENT`, { token });
    }
    for (const group of race.qualificationGroups) await api.call('PUT', `/api/qualification-group/${group.id}/state`, { token, payload: { state: 'QUALIFICATION' } });
    await api.call('PUT', `/api/race/${race.id}/state`, { token, payload: { state: 'QUALIFICATION_ONGOING' } });

    const listed = ((await api.call('GET', `/api/racer/list?race=${race.id}&stage=QUALIFICATION`)).json() as ListedRacer[]).sort((a, b) => a.racerNumber - b.racerNumber);
    const enter = async (racer: ListedRacer, marks: readonly LeadScore[]) => {
      const round = racer.rounds[0]!;
      for (const [index, mark] of marks.entries()) {
        const response = await api.call('PUT', `/api/racer/${racer.id}/route/${round.routes[index]!.id}`, { token, payload: { hold: mark.hold, plus: mark.plus, top: mark.top } });
        expect(response.statusCode, response.body).toBe(200);
      }
    };
    for (const [index, racer] of listed.entries()) await enter(racer, QUALIFICATION[index]!);

    const qualification = rankLeadQualification({ racers: listed.map((racer, index) => ({ racerId: String(racer.id), routes: [...QUALIFICATION[index]!] })) });
    const rows = (await api.call('GET', `/api/results/${race.id}?stage=QUALIFICATION`)).json() as { racer: { id: number }; rank: number }[];
    expect(Object.fromEntries(rows.map((row) => [String(row.racer.id), row.rank]))).toEqual(Object.fromEntries(qualification.map((row) => [row.racerId, row.rank])));
    expect(rows.map((row) => row.rank)).toEqual([1, 2, 3, 4]);

    expect((await api.call('PUT', `/api/race/${race.id}/state`, { token, payload: { state: 'FINALS_ONGOING' } })).statusCode).toBe(200);
    const finalists = (await api.call('GET', `/api/racer/list?race=${race.id}&stage=FINAL`)).json() as ListedRacer[];
    expect(finalists).toHaveLength(4);
    // Everyone reaches the same hold in the final: only the count-back to the qualification separates them.
    const same: LeadScore = { hold: 35, plus: false, top: false };
    for (const racer of finalists) await enter(racer, [same]);
    const previousRanks = Object.fromEntries(qualification.map((row) => [row.racerId, row.rank]));
    const expectedFinal = rankLeadRound({ racers: finalists.map((racer) => ({ racerId: String(racer.id), route: same })), previousRanks, timeTieBreak: true });
    const finalRows = (await api.call('GET', `/api/results/${race.id}?stage=FINAL`)).json() as { racer: { id: number }; rank: number; tieBreak: string | null }[];
    expect(Object.fromEntries(finalRows.map((row) => [String(row.racer.id), [row.rank, row.tieBreak]]))).toEqual(
      Object.fromEntries(expectedFinal.map((row) => [row.racerId, [row.rank, row.tieBreak]])),
    );
    expect(new Set(finalRows.map((row) => row.rank)).size).toBe(4);
  });
});
