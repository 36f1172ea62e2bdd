import { DomainError } from '@climbing/domain';

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

  /** Counts one hit and throws RATE_LIMITED when the key is over its limit. */
  hit(key: string, limit: number, windowMs: number): void {
    if (!this.tryHit(key, limit, windowMs)) throw new DomainError('RATE_LIMITED');
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

  /** Throws RATE_LIMITED when the key is already over its limit, without counting. */
  check(key: string, limit: number): void {
    const window = this.windows.get(key);
    if (window && window.resetsAt > this.now() && window.count >= limit) throw new DomainError('RATE_LIMITED');
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
  }
}
