import { describe, expect, it } from 'vitest';
import { rateLimitMessage } from './rate-limit-message.ts';

describe('rateLimitMessage', () => {
  it('names the limit and the wait in both languages', () => {
    expect(rateLimitMessage('en', { limit: 10, windowSeconds: 3600, retryAfterSeconds: 170 })).toBe('Too many requests, try again later. At most 10 per 1 h. Try again in 3 min.');
    expect(rateLimitMessage('sk', { limit: 10, windowSeconds: 3600, retryAfterSeconds: 170 })).toBe('Príliš veľa požiadaviek, skúste to neskôr. Najviac 10 za 1 h. Znova o 3 min.');
    expect(rateLimitMessage('en', { retryAfterSeconds: 4 })).toBe('Too many requests, try again later. Try again in 4 s.');
    expect(rateLimitMessage('sk', { limit: 5, windowSeconds: 7200 })).toBe('Príliš veľa požiadaviek, skúste to neskôr. Najviac 5 za 2 h.');
  });

  it('falls back to the plain message for missing or hostile details', () => {
    for (const details of [undefined, null, 'x', { limit: -1, windowSeconds: 60 }, { limit: 'ten', windowSeconds: 60 }, { retryAfterSeconds: Number.NaN }]) {
      expect(rateLimitMessage('en', details)).toBe('Too many requests, try again later.');
    }
  });
});
