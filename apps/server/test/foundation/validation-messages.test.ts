import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidationMessageKey } from '@climbing/domain';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { client, type Client } from '../support/accounts.ts';
import { raceBody } from '../support/events.ts';
import { rawErrorTexts } from '../support/garbage.ts';

/** Issue 10 item 6: a refused body names the broken limit of each field, never zod's English. */
describe('validation messages with their limits', () => {
  let harness: TestApp;
  let api: Client;
  let token: string;
  let organizationId: number;
  beforeAll(async () => {
    harness = await createTestApp();
    api = client(harness);
    token = (await api.user('limits@example.com')).token;
    organizationId = (await api.organization(token)).id;
  });
  afterAll(() => harness.close());

  const createEvent = (race: Record<string, unknown>, event: Record<string, unknown> = {}) =>
    api.call('POST', '/api/event', { token, payload: { organizationId, name: 'Cup', startingDate: '2030-01-01', closingDate: '2030-01-01', races: [{ ...raceBody(), ...race }], ...event } });

  it('an invalid discipline is "validation.invalidDiscipline", not the validator text', async () => {
    const response = await createEvent({ discipline: 'CHESS' });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.fields['body.races.0.discipline']).toBe('validation.invalidDiscipline');
    expect(rawErrorTexts(response.body)).toEqual([]);
  });

  it('a too long text, a too small and a too large number each carry their limit', async () => {
    const response = await createEvent({ bouldering: { numberOfQualificationBoulders: 101, numberOfFinalBoulders: -1 } }, { name: 'x'.repeat(201) });
    const { error } = response.json();
    expect(error.fields).toMatchObject({
      'body.name': 'validation.tooLong',
      'body.races.0.bouldering.numberOfQualificationBoulders': 'validation.tooLarge',
      'body.races.0.bouldering.numberOfFinalBoulders': 'validation.tooSmall',
    });
    expect(error.fieldParams).toMatchObject({
      'body.name': { count: 200 },
      'body.races.0.bouldering.numberOfQualificationBoulders': { max: 100 },
      'body.races.0.bouldering.numberOfFinalBoulders': { min: 0 },
    });
  });

  it('an enum other than the discipline names its options; a missing value is "required"', async () => {
    const response = await createEvent({ raceGender: 'BOTH', name: undefined });
    const { error } = response.json();
    expect(error.fields['body.races.0.raceGender']).toBe('validation.invalidOption');
    expect(error.fieldParams['body.races.0.raceGender']).toEqual({ options: 'MEN, WOMEN, MIXED' });
    expect(error.fields['body.races.0.name']).toBe('validation.required');
  });

  it('every field message of a body wrong in every way is a catalogue key', async () => {
    const response = await createEvent(
      { discipline: 1, raceGender: null, maxRacersCount: 'many', qualificationGroups: 'A', ageCategories: [{}], bouldering: { scoringType: 'X', numberOfFinalRacers: 1.5 } },
      { isPublic: 'yes', startingDate: '2030-02-30', address: { country: 7 }, extra: true },
    );
    expect(response.statusCode).toBe(400);
    const fields = Object.values(response.json().error.fields as Record<string, string>);
    expect(fields.length).toBeGreaterThan(5);
    expect(fields.filter((message) => !isValidationMessageKey(message))).toEqual([]);
  });
});
