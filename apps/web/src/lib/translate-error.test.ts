import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from './api-error';
import { translateError } from './translate-error';

const t = ((key: string) => key) as Parameters<typeof translateError>[2];

describe('translateError', () => {
  it('names the age and the ranges of the race for NO_FITTING_AGE_CATEGORY, as the server does', () => {
    const error = new ApiError('NO_FITTING_AGE_CATEGORY', 400, 'x', undefined, { age: 18, categories: [{ name: 'U16', fromAge: 10, toAge: 15 }] });
    expect(translateError(error, 'en', t)).toBe("The racer does not fit any age category of this race. Age in this race: 18. The race's age categories: U16 10–15.");
    expect(translateError(error, 'sk', t)).toContain('Vek v týchto pretekoch: 18. Vekové kategórie pretekov: U16 10–15.');
  });

  it('takes the catalogue message by code, and the network text for a lost connection', () => {
    expect(translateError(new ApiError('RACE_FULL', 409, 'x'), 'sk', t)).toBe('Preteky sú naplnené.');
    expect(translateError(new NetworkError('down'), 'en', t)).toBe('errors.network');
  });
});
