import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankBoulderRound, selectAdvancing, type BoulderScore } from '@climbing/domain';
import { client, type Client } from '../support/accounts.ts';
import { createEvent, openRegistration, raceBody } from '../support/events.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

interface ListedRacer {
  id: number;
  racerNumber: number;
  rounds: { id: number; version: number; state: string; boulders: { id: number | null }[] }[];
}

/** Scores with many ties, so that count-back and equal ranks are exercised. */
function scoreFor(key: number, boulderIndex: number, salt: number): BoulderScore & { currentAttempt: number } {
  const value = (key * 31 + boulderIndex * 17 + salt * 7) % 11;
  if (value <= 1) return { topAttempts: null, zoneAttempts: null, currentAttempt: 5 };
  if (value <= 4) return { topAttempts: null, zoneAttempts: value - 1, currentAttempt: 5 };
  return { topAttempts: value - 4, zoneAttempts: 1, currentAttempt: value - 4 };
}

/**
 * Issue 6 acceptance: a whole bouldering race through the HTTP API only. Create the event, register
 * 24 racers, start, enter every score, compute the qualification, start the final, enter the final,
 * and compare every rank with what the domain engine gives for the same scores.
 */
describe('a whole bouldering race through the HTTP API', () => {
  let harness: TestApp;
  let api: Client;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
  });
  afterAll(() => harness.close());

  it('ranks qualification and final exactly like the domain engine, with count-back in the final', async () => {
    const admin = await api.user('organiser@example.com');
    const { id: organizationId } = await api.organization(admin.token, 'Boulder Club Bratislava');
    const token = admin.token;
    const event = await createEvent(api, token, organizationId, {}, [
      raceBody({ extra: { discipline: 'BOULDERING', raceFormat: 'QUALIFICATION_FINAL', bouldering: { numberOfQualificationBoulders: 4, numberOfFinalBoulders: 4, numberOfFinalRacers: 8, scoringType: 'IFSC_POINTS' } } }),
    ]);
    const race = event.races[0]!;
    const raceId = race.id;
    await openRegistration(api, token, raceId);

    for (let index = 0; index < 24; index += 1) {
      const registered = await api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, {
        payload: { name: `Racer${index}`, surname: 'Test', sex: 'M', birthday: `${1990 + (index % 10)}-05-01`, country: 'SK', club: 'HK Test' },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      expect((await api.call('PUT', `/api/race-registration/${registered.json().id}/PRESENT`, { token })).statusCode).toBe(200);
    }
    const group = race.qualificationGroups[0]!;
    expect((await api.call('PUT', `/api/qualification-group/${group.id}/state`, { token, payload: { state: 'QUALIFICATION' } })).statusCode).toBe(200);
    expect((await api.call('PUT', `/api/race/${raceId}/state`, { token, payload: { state: 'QUALIFICATION_ONGOING' } })).statusCode).toBe(200);

    let qualificationRanks: Record<string, number> = {};
    const enter = async (stage: 'QUALIFICATION' | 'FINAL', salt: number): Promise<Map<string, BoulderScore[]>> => {
      const list = await api.call('GET', `/api/racer/list?race=${raceId}&stage=${stage}`);
      expect(list.statusCode).toBe(200);
      const rankOf = (racer: ListedRacer) => qualificationRanks[String(racer.id)] ?? 0;
      const racers = (list.json() as ListedRacer[]).sort((a, b) => rankOf(a) - rankOf(b) || a.racerNumber - b.racerNumber);
      const entered = new Map<string, BoulderScore[]>();
      for (const [position, racer] of racers.entries()) {
        const round = racer.rounds[0]!;
        expect(round.boulders).toHaveLength(4);
        // In the final, neighbours of the qualification climb exactly alike: only the count-back separates them.
        const scoreKey = stage === 'FINAL' ? Math.floor((position + 1) / 2) : racer.racerNumber;
        const boulders = round.boulders.map((boulder, boulderIndex) => ({ id: boulder.id, ...scoreFor(scoreKey, boulderIndex, salt) }));
        const response = await api.call('PUT', `/api/racer/${racer.id}/round/${round.id}`, { token, payload: { version: round.version, boulders } });
        expect(response.statusCode, response.body).toBe(200);
        entered.set(String(racer.id), boulders.map(({ topAttempts, zoneAttempts }) => ({ topAttempts, zoneAttempts })));
      }
      return entered;
    };
    const ranksOf = async (stage: string) =>
      Object.fromEntries(((await api.call('GET', `/api/results/${raceId}?stage=${stage}`)).json() as { racer: { id: number }; rank: number }[]).map((row) => [String(row.racer.id), row.rank]));

    const qualification = await enter('QUALIFICATION', 1);
    expect(qualification.size).toBe(24);
    const expectedQualification = rankBoulderRound({ scoringType: 'IFSC_POINTS', racers: [...qualification].map(([racerId, boulders]) => ({ racerId, boulders })) });
    qualificationRanks = Object.fromEntries(expectedQualification.map((row) => [row.racerId, row.rank]));
    expect(await ranksOf('QUALIFICATION')).toEqual(qualificationRanks);

    // Start the final: exactly the racers the advancing rules pick get a final round.
    expect((await api.call('PUT', `/api/race/${raceId}/state`, { token, payload: { state: 'FINALS_ONGOING' } })).statusCode).toBe(200);
    const advancing = selectAdvancing({ ranking: expectedQualification, quota: 8, racers: [] }).map((racer) => racer.racerId).sort();
    const finalists = ((await api.call('GET', `/api/racer/list?race=${raceId}&stage=FINAL`)).json() as ListedRacer[]).map((racer) => String(racer.id)).sort();
    expect(finalists).toEqual(advancing);
    expect(finalists.length).toBeGreaterThanOrEqual(8);

    const final = await enter('FINAL', 4);
    const expectedFinal = rankBoulderRound({ scoringType: 'IFSC_POINTS', racers: [...final].map(([racerId, boulders]) => ({ racerId, boulders })), previousRanks: qualificationRanks });
    const finalRows = (await api.call('GET', `/api/results/${raceId}?stage=FINAL`)).json() as { racer: { id: number }; rank: number; tieBreak: string | null }[];
    expect(Object.fromEntries(finalRows.map((row) => [String(row.racer.id), [row.rank, row.tieBreak]]))).toEqual(
      Object.fromEntries(expectedFinal.map((row) => [row.racerId, [row.rank, row.tieBreak]])),
    );
    // Neighbours tie on every boulder of the final, so the count-back decided places.
    expect(expectedFinal.some((row) => row.tieBreak === 'COUNTBACK')).toBe(true);

    expect((await api.call('PUT', `/api/race/${raceId}/state`, { token, payload: { state: 'FINISHED' } })).statusCode).toBe(200);
    const [first] = [...final.keys()];
    const late = await api.call('GET', `/api/racer/list?race=${raceId}&stage=FINAL`);
    const round = (late.json() as ListedRacer[]).find((racer) => String(racer.id) === first)!.rounds[0]!;
    const refused = await api.call('PUT', `/api/racer/${first}/round/${round.id}`, { token, payload: { boulders: [{ topAttempts: 1, zoneAttempts: 1 }] } });
    expect(refused.statusCode).toBe(409);
  });
});
