import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yearOf } from '@climbing/domain';
import { client, errorCode, type Client } from '../support/accounts.ts';
import { createEvent, day, openRegistration, raceBody } from '../support/events.ts';
import { enterBoulders, nothing, results, top, zone, type ResultRowBody } from '../support/scores.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/** Name, sex, age in the race and the two qualification boulders (null: nothing entered). */
const RACERS = [
  ['Martin', 'M', 25, [top(1), top(1)]],
  ['Michal', 'M', 16, [top(1), top(2)]],
  ['Marek', 'M', 30, [top(2), zone(1)]],
  ['Matej', 'M', 14, [zone(1), zone(1)]],
  ['Milan', 'M', 20, [zone(2), nothing()]],
  ['Mato', 'M', 13, null],
  ['Fanny', 'F', 15, [top(1), top(1)]],
  ['Frida', 'F', 22, [top(1), zone(2)]],
  ['Flora', 'F', 17, [top(1), zone(2)]],
  ['Fiona', 'F', 40, [zone(1), zone(1)]],
  ['Filka', 'F', 12, [zone(1), nothing()]],
  ['Frederika', 'F', 19, [nothing(), nothing()]],
] as const;

const byName = (rows: readonly ResultRowBody[]) => Object.fromEntries(rows.map((row) => [row.racer.fullName.split(' ')[0], [row.rank, row.categoryRank, row.ageCategory?.name ?? null]]));

/**
 * Issue 9 acceptance: a MIXED bouldering race of 6 men and 6 women with a final quota of 2 sends
 * 2 men and 2 women (plus ties) to the final and ranks a man and a woman first; a race with two age
 * categories places each racer in the right one and gives categoryRank.
 */
describe('a mixed race ranked per sex, with two age categories', () => {
  let harness: TestApp;
  let api: Client;
  let token: string;
  let raceId: number;
  let youthId: number;
  let adultsId: number;
  let otherCategoryId: number;
  const registrationOf = new Map<string, number>();

  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    const admin = await api.user('mixed-organiser@example.com');
    token = admin.token;
    const { id: organizationId } = await api.organization(token, 'Mixed Club');
    const category = async (payload: Record<string, unknown>) => (await api.call('POST', `/api/organization/${organizationId}/age-category`, { token, payload })).json().id as number;
    youthId = await category({ name: 'Youth', fromAge: 12, toAge: 17 });
    adultsId = await category({ name: 'Adults', fromAge: 16 });
    otherCategoryId = await category({ name: 'Masters', fromAge: 40 });
    const event = await createEvent(api, token, organizationId, {}, [
      raceBody({
        raceGender: 'MIXED',
        ageCategories: [youthId, adultsId],
        extra: { raceFormat: 'QUALIFICATION_FINAL', bouldering: { numberOfQualificationBoulders: 2, numberOfFinalBoulders: 1, numberOfFinalRacers: 2, scoringType: 'TOPS_ZONES' } },
      }),
    ]);
    const race = event.races[0]!;
    raceId = race.id;
    await openRegistration(api, token, raceId);
    const raceYear = yearOf(day(20));
    for (const [name, sex, age] of RACERS) {
      const response = await api.call('POST', `/api/race-registration/${raceId}/register-unregistered-user/`, { payload: { name, surname: 'Test', sex, birthYear: raceYear - age } });
      expect(response.statusCode, response.body).toBe(201);
      registrationOf.set(name, response.json().id);
      expect((await api.call('PUT', `/api/race-registration/${response.json().id}/PRESENT`, { token })).statusCode).toBe(200);
    }
    const group = race.qualificationGroups[0]!;
    expect((await api.call('PUT', `/api/qualification-group/${group.id}/state`, { token, payload: { state: 'QUALIFICATION' } })).statusCode).toBe(200);
    expect((await api.call('PUT', `/api/race/${raceId}/state`, { token, payload: { state: 'QUALIFICATION_ONGOING' } })).statusCode).toBe(200);
    const scores = new Map<string, (typeof RACERS)[number][3]>(RACERS.map(([name, , , boulders]) => [name, boulders]));
    await enterBoulders(api, token, raceId, 'QUALIFICATION', (racer) => scores.get(racer.fullName.split(' ')[0]!) ?? null);
  });
  afterAll(async () => harness?.close());

  it('places each racer in the narrowest fitting age category at registration', async () => {
    const response = await api.call('GET', `/api/race-registration/race/${raceId}`);
    const placed = Object.fromEntries((response.json() as { fullName: string; ageCategory: { name: string } | null }[]).map((row) => [row.fullName.split(' ')[0], row.ageCategory?.name]));
    // 16 and 17 year olds fit both; the closed Youth range is the narrower one.
    expect(placed).toEqual({
      Martin: 'Adults',
      Michal: 'Youth',
      Marek: 'Adults',
      Matej: 'Youth',
      Milan: 'Adults',
      Mato: 'Youth',
      Fanny: 'Youth',
      Frida: 'Adults',
      Flora: 'Youth',
      Fiona: 'Adults',
      Filka: 'Youth',
      Frederika: 'Adults',
    });
  });

  it('ranks the qualification per sex, the racer with nothing entered last, with category ranks from the ranks', async () => {
    const rows = await results(api, raceId, 'stage=QUALIFICATION');
    expect(rows.map((row) => row.racer.sex)).toEqual(['F', 'F', 'F', 'F', 'F', 'F', 'M', 'M', 'M', 'M', 'M', 'M']);
    expect(byName(rows)).toEqual({
      Fanny: [1, 1, 'Youth'],
      Frida: [2, 1, 'Adults'],
      Flora: [2, 2, 'Youth'],
      Fiona: [4, 2, 'Adults'],
      Filka: [5, 3, 'Youth'],
      Frederika: [6, 3, 'Adults'],
      Martin: [1, 1, 'Adults'],
      Michal: [2, 1, 'Youth'],
      Marek: [3, 2, 'Adults'],
      Matej: [4, 2, 'Youth'],
      Milan: [5, 3, 'Adults'],
      Mato: [6, 3, 'Youth'],
    });
    expect(rows.find((row) => row.racer.fullName.startsWith('Mato'))?.empty).toBe(true);
  });

  it('filters the results by sex and by age category without changing a rank', async () => {
    const women = await results(api, raceId, 'stage=QUALIFICATION&sex=F');
    expect(women.map((row) => row.racer.sex)).toEqual(['F', 'F', 'F', 'F', 'F', 'F']);
    const youth = await results(api, raceId, `stage=QUALIFICATION&ageCategoryId=${youthId}`);
    expect(youth.map((row) => [row.racer.fullName.split(' ')[0], row.rank, row.categoryRank])).toEqual([
      ['Fanny', 1, 1],
      ['Flora', 2, 2],
      ['Filka', 5, 3],
      ['Michal', 2, 1],
      ['Matej', 4, 2],
      ['Mato', 6, 3],
    ]);
    const youngMen = await results(api, raceId, `stage=QUALIFICATION&sex=M&ageCategoryId=${youthId}`);
    expect(youngMen.map((row) => row.racer.fullName.split(' ')[0])).toEqual(['Michal', 'Matej', 'Mato']);
    for (const query of ['stage=QUALIFICATION&sex=X', 'stage=QUALIFICATION&ageCategoryId=abc', 'stage=QUALIFICATION&ageCategoryId=0', 'sex=M']) {
      expect((await api.call('GET', `/api/results/${raceId}?${query}`)).statusCode, query).toBe(400);
    }
  });

  it('sends the 2 best of each sex to the final, plus the tied, and ranks a man and a woman first', async () => {
    expect((await api.call('PUT', `/api/race/${raceId}/state`, { token, payload: { state: 'FINALS_ONGOING' } })).statusCode).toBe(200);
    const finalists = (await api.call('GET', `/api/racer/list?race=${raceId}&stage=FINAL`)).json() as { fullName: string; sex: string }[];
    expect(finalists.map((racer) => racer.fullName.split(' ')[0]).sort()).toEqual(['Fanny', 'Flora', 'Frida', 'Martin', 'Michal']);
    const finals = new Map([
      ['Michal', [top(1)]],
      ['Martin', [top(2)]],
      ['Fanny', [top(1)]],
      ['Flora', [top(1)]],
      ['Frida', [zone(1)]],
    ]);
    await enterBoulders(api, token, raceId, 'FINAL', (racer) => finals.get(racer.fullName.split(' ')[0]!) ?? null);
    const rows = await results(api, raceId, 'stage=FINAL');
    // Fanny and Flora are equal in the final; Fanny was better in the qualification (count-back).
    expect(rows.map((row) => [row.racer.fullName.split(' ')[0], row.racer.sex, row.rank, row.tieBreak])).toEqual([
      ['Fanny', 'F', 1, 'COUNTBACK'],
      ['Flora', 'F', 2, 'TOPS'],
      ['Frida', 'F', 3, null],
      ['Michal', 'M', 1, 'TOP_ATTEMPTS'],
      ['Martin', 'M', 2, null],
    ]);
  });

  it('ranks the sexes in one list when the race is set to TOGETHER', async () => {
    const updated = await api.call('PUT', `/api/race/${raceId}`, { token, payload: { mixedRanking: 'TOGETHER' } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().mixedRanking).toBe('TOGETHER');
    const rows = await results(api, raceId, 'stage=QUALIFICATION');
    expect(rows.slice(0, 3).map((row) => [row.racer.fullName.split(' ')[0], row.rank])).toEqual([
      ['Martin', 1],
      ['Fanny', 1],
      ['Michal', 3],
    ]);
    expect(rows.at(-1)?.rank).toBe(12);
    expect((await api.call('PUT', `/api/race/${raceId}`, { token, payload: { mixedRanking: 'SEPARATE' } })).statusCode).toBe(200);
    expect((await api.call('PUT', `/api/race/${raceId}`, { token, payload: { mixedRanking: 'APART' } })).statusCode).toBe(400);
  });

  it('lets the admins move a racer only to a category of the race the age fits', async () => {
    const michal = registrationOf.get('Michal')!;
    const move = (ageCategoryId: unknown, as = token) => api.call('PUT', `/api/race-registration/${michal}/age-category`, { token: as, payload: { ageCategoryId } });
    const moved = await move(adultsId);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().ageCategory).toEqual({ id: adultsId, name: 'Adults' });
    const final = await results(api, raceId, 'stage=FINAL&sex=M');
    expect(final.map((row) => [row.racer.fullName.split(' ')[0], row.ageCategory?.name, row.categoryRank])).toEqual([
      ['Michal', 'Adults', 1],
      ['Martin', 'Adults', 2],
    ]);
    const matej = registrationOf.get('Matej')!;
    // The registrations list says which categories each racer may be moved to.
    const listed = (await api.call('GET', `/api/race-registration/race/${raceId}`, { token })).json() as { id: number; fittingAgeCategoryIds: number[] }[];
    expect(listed.find((row) => row.id === michal)?.fittingAgeCategoryIds.sort()).toEqual([youthId, adultsId].sort());
    expect(listed.find((row) => row.id === matej)?.fittingAgeCategoryIds).toEqual([youthId]);
    const tooYoung = await api.call('PUT', `/api/race-registration/${matej}/age-category`, { token, payload: { ageCategoryId: adultsId } });
    expect(tooYoung.statusCode).toBe(400);
    expect(errorCode(tooYoung)).toBe('AGE_CATEGORY_DOES_NOT_FIT');
    expect(errorCode(await move(otherCategoryId))).toBe('AGE_CATEGORY_NOT_FOUND');
    // Like every call on one registration, a caller who may not manage it is told it does not exist.
    const stranger = await api.user('stranger-mixed@example.com');
    expect(errorCode(await move(youthId, stranger.token))).toBe('REGISTRATION_NOT_FOUND');
    expect((await api.call('PUT', `/api/race-registration/${michal}/age-category`, { payload: { ageCategoryId: youthId } })).statusCode).toBe(401);
    for (const body of [{}, { ageCategoryId: 'x' }, { ageCategoryId: -1 }, { ageCategoryId: null }]) {
      expect((await api.call('PUT', `/api/race-registration/${michal}/age-category`, { token, payload: body })).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await move(youthId)).statusCode).toBe(200);
  });

  it('filters the registrations, the starting list and their CSV by age category', async () => {
    const youthRegistrations = (await api.call('GET', `/api/race-registration/race/${raceId}?ageCategoryId=${youthId}`)).json() as { fullName: string }[];
    expect(youthRegistrations).toHaveLength(6);
    const list = (await api.call('GET', `/api/race/${raceId}/starting-list?ageCategoryId=${adultsId}`)).json() as { leadStyle: string | null; groups: { racers: { fullName: string; ageCategory: { name: string } | null }[] }[] };
    expect(list.leadStyle).toBeNull();
    expect(list.groups[0]?.racers.map((racer) => racer.ageCategory?.name)).toEqual(Array(6).fill('Adults'));
    const csv = await api.call('GET', `/api/race/${raceId}/starting-list/csv?ageCategoryId=${youthId}`);
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toContain('Age category');
    expect(lines.slice(1).every((line) => line.includes(';Youth;'))).toBe(true);
    expect(lines).toHaveLength(7);
    const registrationsCsv = await api.call('GET', `/api/race-registration/race/${raceId}/csv?ageCategoryId=${adultsId}`, { token });
    expect(registrationsCsv.body.replace('\uFEFF', '').trim().split('\r\n')).toHaveLength(7);
    expect((await api.call('GET', `/api/race/${raceId}/starting-list?ageCategoryId=x`)).statusCode).toBe(400);
    expect((await api.call('GET', `/api/race-registration/race/${raceId}?ageCategoryId=-3`)).statusCode).toBe(400);
  });

  it('places the registrations again when the race changes its age categories', async () => {
    const updated = await api.call('PUT', `/api/race/${raceId}`, { token, payload: { ageCategories: [adultsId] } });
    expect(updated.statusCode, updated.body).toBe(200);
    const rows = (await api.call('GET', `/api/race-registration/race/${raceId}`)).json() as { fullName: string; ageCategory: { name: string } | null }[];
    const placed = Object.fromEntries(rows.map((row) => [row.fullName.split(' ')[0], row.ageCategory?.name ?? null]));
    expect(placed).toMatchObject({ Michal: 'Adults', Flora: 'Adults', Fanny: null, Martin: 'Adults' });
    const final = await results(api, raceId, 'stage=FINAL&sex=F');
    expect(final.map((row) => row.ageCategory?.name ?? null)).toEqual([null, 'Adults', 'Adults']);
  });
});
