import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@climbing/domain';
import { FailureBackoff, RateLimiter } from '../../lib/rate-limiter.ts';

const MINUTE_MS = 60_000;
const EMAIL_WINDOW_MS = 15 * MINUTE_MS;

/** The public calls that cost an argon2 hash or send an e-mail. */
export type AbuseScope = 'login' | 'register' | 'password-reset' | 'contact' | 'email-change';

/** Calls of logged-in users that could harvest data or cost us much when repeated. */
export type UserAbuseScope = 'user-search';

/** Per user and minute: enough to type a name letter by letter many times, too few to walk the alphabet's trigrams. */
export const USER_LIMITS_PER_MINUTE: Record<UserAbuseScope, number> = { 'user-search': 30 };

const HOUR_MS = 60 * MINUTE_MS;

/**
 * Calls that send e-mail to an address someone else chose, each with a fixed limit per hour and
 * its own error code whose message names the limit (docs/security.md). Keep the numbers here and
 * in the catalogue messages in step.
 */
export const MAIL_LIMITS = {
  /** "Send password link again" on the members page, per organization and member. */
  'set-password-link': { limit: 3, windowMs: HOUR_MS, code: 'SET_PASSWORD_LINK_RATE_LIMITED' },
  /** E-mail change requests (a confirmation to the new address, a notice to the old one), per account. */
  'email-change': { limit: 5, windowMs: HOUR_MS, code: 'EMAIL_CHANGE_RATE_LIMITED' },
  /**
   * Invitations, membership offers and new member accounts: every e-mail an admin sends to an address
   * they chose, per organization and per sending admin.
   */
  'invitation-organization': { limit: 50, windowMs: HOUR_MS, code: 'INVITATION_ORGANIZATION_RATE_LIMITED' },
  'invitation-sender': { limit: 20, windowMs: HOUR_MS, code: 'INVITATION_SENDER_RATE_LIMITED' },
  /** The contact form, per sender address and per network address (besides the per-minute limits). */
  'contact-sender': { limit: 5, windowMs: HOUR_MS, code: 'CONTACT_RATE_LIMITED' },
  'contact-ip': { limit: 5, windowMs: HOUR_MS, code: 'CONTACT_RATE_LIMITED' },
} as const satisfies Record<string, { limit: number; windowMs: number; code: ErrorCode }>;
export type MailLimitScope = keyof typeof MAIL_LIMITS;

export interface AbuseLimits {
  /**
   * Counts one e-mail for each scope and key (an organization, a sender, an address); the first
   * scope over its limit throws its code, and then nothing is counted.
   */
  mail(...limits: [MailLimitScope, string | number][]): void;
  /** Counts a call from the request's IP; RATE_LIMITED past the per-IP limit. */
  perIp(request: FastifyRequest, scope: AbuseScope): void;
  /** Counts a call for the e-mail address; RATE_LIMITED past the per-e-mail limit. */
  perEmail(scope: AbuseScope, email: string): void;
  /** Counts a call of a logged-in user; RATE_LIMITED past USER_LIMITS_PER_MINUTE. */
  perUser(userId: number, scope: UserAbuseScope): void;
  /** Logins: RATE_LIMITED while this account is blocked for this address, or for all addresses after a flood. */
  assertLoginAllowed(request: FastifyRequest, login: string): void;
  loginFailed(request: FastifyRequest, login: string): void;
  loginSucceeded(request: FastifyRequest, login: string): void;
  /**
   * Checks of the current password inside a session (password change, e-mail change): per account,
   * with the login's growing delays, so a stolen session cannot be used to guess the password.
   */
  assertPasswordCheckAllowed(userId: number): void;
  passwordCheckFailed(userId: number): void;
  passwordCheckSucceeded(userId: number): void;
}

/**
 * Failed logins per account and address: 5 free, then 1 s, 2 s, 4 s ... up to 15 minutes. The
 * owner on another address is not affected. A flood from many addresses against one account is
 * still capped: past 20 x the per-e-mail limit in 15 minutes the account waits for everybody.
 */
const LOGIN_BACKOFF = { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 15 * MINUTE_MS, forgetAfterMs: 60 * MINUTE_MS };
const ACCOUNT_FLOOD_FACTOR = 20;

declare module 'fastify' {
  interface FastifyInstance {
    abuseLimits: AbuseLimits;
  }
}

/**
 * Per-IP and per-e-mail limits in memory (docs/data-model: no table). The limits come from the
 * config, so tests and the demo can raise them; both keys are checked so neither changing the IP
 * nor changing the address gets around them.
 */
export function registerAbuseLimits(app: FastifyInstance): void {
  const limiter = new RateLimiter();
  const { perIpPerMinute, perEmailPer15Minutes } = app.config.authRateLimit;
  const emailKey = (scope: AbuseScope, email: string) => `${scope}:email:${email.trim().toLowerCase()}`;
  const backoff = new FailureBackoff(LOGIN_BACKOFF);
  const loginKey = (request: FastifyRequest, login: string) => `login:${login.trim().toLowerCase()}:ip:${request.ip}`;
  app.decorate('abuseLimits', {
    mail: (...limits) => {
      const keyed = limits.map(([scope, key]) => ({ ...MAIL_LIMITS[scope], key: `mail:${scope}:${String(key).trim().toLowerCase()}` }));
      for (const { key, limit, windowMs, code } of keyed) limiter.check(key, limit, windowMs, code);
      for (const { key, limit, windowMs, code } of keyed) limiter.hit(key, limit, windowMs, code);
    },
    perIp: (request, scope) => limiter.hit(`${scope}:ip:${request.ip}`, perIpPerMinute, MINUTE_MS),
    perEmail: (scope, email) => limiter.hit(emailKey(scope, email), perEmailPer15Minutes, EMAIL_WINDOW_MS),
    perUser: (userId, scope) => limiter.hit(`${scope}:user:${userId}`, USER_LIMITS_PER_MINUTE[scope], MINUTE_MS),
    assertLoginAllowed: (request, login) => {
      backoff.assertAllowed(loginKey(request, login));
      limiter.check(emailKey('login', login), perEmailPer15Minutes * ACCOUNT_FLOOD_FACTOR, EMAIL_WINDOW_MS);
    },
    loginFailed: (request, login) => {
      backoff.fail(loginKey(request, login));
      limiter.tryHit(emailKey('login', login), perEmailPer15Minutes * ACCOUNT_FLOOD_FACTOR, EMAIL_WINDOW_MS);
    },
    loginSucceeded: (request, login) => backoff.succeed(loginKey(request, login)),
    assertPasswordCheckAllowed: (userId) => backoff.assertAllowed(`current-password:user:${userId}`),
    passwordCheckFailed: (userId) => backoff.fail(`current-password:user:${userId}`),
    passwordCheckSucceeded: (userId) => backoff.succeed(`current-password:user:${userId}`),
  } satisfies AbuseLimits);
}
