import { describe, expect, it } from 'vitest';
import { DomainError } from '@climbing/domain';
import { FailureBackoff } from '../../src/lib/rate-limiter.ts';
import { parseTrustProxy } from '../../src/config.ts';
import { redactError } from '../../src/lib/log-redaction.ts';

const waitOf = (backoff: FailureBackoff, key: string): number | null => {
  try {
    backoff.assertAllowed(key);
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return (error.details as { retryAfterSeconds: number }).retryAfterSeconds;
  }
};

describe('failed-login backoff (issue 11, item 7)', () => {
  it('lets the free failures through, then doubles the wait up to the cap; a success clears it; keys are independent', () => {
    let now = 0;
    const backoff = new FailureBackoff({ freeFailures: 3, baseDelayMs: 1000, maxDelayMs: 8000, forgetAfterMs: 60_000 }, () => now);
    for (let failure = 0; failure < 3; failure += 1) backoff.fail('a');
    expect(waitOf(backoff, 'a')).toBeNull();
    const waits: number[] = [];
    for (let failure = 0; failure < 5; failure += 1) {
      backoff.fail('a');
      waits.push(waitOf(backoff, 'a') ?? 0);
    }
    expect(waits).toEqual([1, 2, 4, 8, 8]);
    expect(waitOf(backoff, 'b')).toBeNull();
    now += 8000;
    expect(waitOf(backoff, 'a')).toBeNull();
    backoff.succeed('a');
    backoff.fail('a');
    expect(waitOf(backoff, 'a')).toBeNull();
  });

  it('forgets a key after a quiet period', () => {
    let now = 0;
    const backoff = new FailureBackoff({ freeFailures: 0, baseDelayMs: 1000, maxDelayMs: 1000, forgetAfterMs: 5000 }, () => now);
    backoff.fail('a');
    backoff.fail('a');
    now += 5000;
    backoff.fail('a');
    expect(waitOf(backoff, 'a')).toBe(1);
  });
});

describe('TRUST_PROXY (issue 11, item 6)', () => {
  it('trusts nobody by default; "true" or a list of proxies when configured; refuses garbage', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => parseTrustProxy('127.0.0.1; rm -rf')).toThrow(/TRUST_PROXY/);
  });
});

describe('log redaction (issue 11, item 9)', () => {
  it('keeps the statement of a failed query but not its values, nor the driver error\'s row detail', () => {
    const driver = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021', detail: 'Failing row contains ($argon2id$v=19$secret)' });
    const failed = Object.assign(new Error('Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: jan@example.com,$argon2id$v=19$m=65536$secret'), {
      cause: driver,
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      params: ['jan@example.com', '$argon2id$v=19$m=65536$secret'],
    });
    const logged = JSON.stringify(redactError(failed));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).not.toContain('argon2');
    expect(logged).not.toContain('jan@example.com');
  });
});
