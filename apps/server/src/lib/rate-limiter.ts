import { DomainError, type ErrorCode } from '@climbing/domain';

interface Window {
  count: number;
  resetsAt: number;
}

/** Past this many keys, expired windows are swept so a flood of distinct keys cannot grow memory for ever. */
const SWEEP_THRESHOLD = 10_000;

/**
 * A fixed-window counter kept in memory. It guards the public calls that cost an argon2 hash or an
 * e-mail (login, register, password reset, contact form), keyed separately by IP and by e-mail so
 * neither one address hopping IPs nor one IP trying many addresses gets far. Each app instance counts
 * on its own: behind a load balancer the effective limit is the limit times the instances, which is
 * still a hard cap on abuse.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one hit and throws `code` (RATE_LIMITED unless a limit has its own) when the key is over its limit. */
  hit(key: string, limit: number, windowMs: number, code: ErrorCode = 'RATE_LIMITED'): void {
    if (!this.tryHit(key, limit, windowMs)) throw this.limited(key, limit, windowMs, code);
  }

  /** The limit's error naming the limit and when the key's window ends (the RATE_LIMITED message says both). */
  private limited(key: string, limit: number, windowMs: number, code: ErrorCode): DomainError {
    const resetsAt = this.windows.get(key)?.resetsAt ?? this.now() + windowMs;
    return new DomainError(code, { details: { limit, windowSeconds: Math.round(windowMs / 1000), retryAfterSeconds: Math.max(1, Math.ceil((resetsAt - this.now()) / 1000)) } });
  }

  /** Counts one hit; false when the key is over its limit. */
  tryHit(key: string, limit: number, windowMs: number): boolean {
    const now = this.now();
    if (this.windows.size > SWEEP_THRESHOLD) this.sweep(now);
    const window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      this.windows.set(key, { count: 1, resetsAt: now + windowMs });
      return true;
    }
    window.count += 1;
    return window.count <= limit;
  }

  /** Throws `code` when the key has already used its limit, without counting. */
  check(key: string, limit: number, windowMs: number, code: ErrorCode = 'RATE_LIMITED'): void {
    const window = this.windows.get(key);
    if (window && window.resetsAt > this.now() && window.count >= limit) throw this.limited(key, limit, windowMs, code);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
  }
}

interface Failures {
  count: number;
  blockedUntil: number;
  forgetAt: number;
}

/**
 * Failed logins with growing delays (docs/security.md, logins): the first `freeFailures` failures
 * of one key cost nothing; each one after that blocks the key for twice as long as the one before
 * (baseDelayMs, 2x, 4x ... up to maxDelayMs). A success clears the key; a key without failures
 * for `forgetAfterMs` is forgotten.
 */
export class FailureBackoff {
  private readonly failures = new Map<string, Failures>();

  constructor(
    private readonly options: { freeFailures: number; baseDelayMs: number; maxDelayMs: number; forgetAfterMs: number },
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws RATE_LIMITED (with the seconds to wait) while the key is blocked. */
  assertAllowed(key: string): void {
    const entry = this.current(key);
    const waitMs = entry ? entry.blockedUntil - this.now() : 0;
    if (waitMs > 0) throw new DomainError('RATE_LIMITED', { details: { retryAfterSeconds: Math.ceil(waitMs / 1000) } });
  }

  fail(key: string): void {
    const now = this.now();
    if (this.failures.size > SWEEP_THRESHOLD) for (const [stale, entry] of this.failures) if (entry.forgetAt <= now) this.failures.delete(stale);
    const entry = this.current(key) ?? { count: 0, blockedUntil: 0, forgetAt: 0 };
    entry.count += 1;
    const over = entry.count - this.options.freeFailures;
    if (over > 0) entry.blockedUntil = now + Math.min(this.options.baseDelayMs * 2 ** (over - 1), this.options.maxDelayMs);
    entry.forgetAt = now + this.options.forgetAfterMs;
    this.failures.set(key, entry);
  }

  succeed(key: string): void {
    this.failures.delete(key);
  }

  private current(key: string): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry && entry.forgetAt <= this.now()) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }
}
