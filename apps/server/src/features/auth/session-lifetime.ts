/** How long logins last: configured by SESSION_IDLE_HOURS and SESSION_MAX_DAYS (docs/security.md). */
export interface SessionLifetime {
  /** A session ends this long after its last renewal. */
  idleMs: number;
  /** And at the latest this long after the login. */
  maxMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The moment an event is over for its judge logins: the end of its closing day in UTC, which is
 * after the end of that day anywhere in Europe.
 */
export function eventEndsAt(closingDate: string): Date {
  return new Date(Date.parse(`${closingDate}T00:00:00Z`) + DAY_MS);
}

/**
 * When a session expires after being created or renewed at `now`. Sliding: idle time after the
 * last renewal, never past the absolute maximum since the login. An event's judge login lasts at
 * least until its event is over (judges keep their phone on the scorecard for the whole day and
 * leave it idle between rounds), still within the maximum since the login.
 */
export function sessionExpiresAt(input: { createdAt: Date; now: Date; lifetime: SessionLifetime; judgeEventEndsAt?: Date | null }): Date {
  const { createdAt, now, lifetime, judgeEventEndsAt } = input;
  const absoluteEnd = createdAt.getTime() + lifetime.maxMs;
  const sliding = Math.min(now.getTime() + lifetime.idleMs, absoluteEnd);
  if (!judgeEventEndsAt) return new Date(sliding);
  return new Date(Math.max(sliding, Math.min(judgeEventEndsAt.getTime(), absoluteEnd)));
}
