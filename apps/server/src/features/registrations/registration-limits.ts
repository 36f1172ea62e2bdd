import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';

const TEN_MINUTES_MS = 10 * 60_000;

export interface OneTimeRegistrationLimits {
  /** Counts a one-time registration; RATE_LIMITED (naming the limit) past either limit. */
  hit(request: FastifyRequest, raceId: number): void;
}

/**
 * One-time registrations (no account) by anybody but the event's admins (docs/security.md, item 8):
 * a family or a club's coach registers a handful from one phone; a script that filled a race with
 * 50 fake racers in 2 s meets the per-address limit (REGISTRATION_LIMIT_PER_ADDRESS, 10 per 10
 * minutes), one spread over many addresses the per-race one (REGISTRATION_LIMIT_PER_RACE, 60).
 * The desk (the event's admins) is never limited.
 */
export function oneTimeRegistrationLimits(config: Pick<AppConfig, 'registrationLimits'>): OneTimeRegistrationLimits {
  const limiter = new RateLimiter();
  const { perAddress, perRace } = config.registrationLimits;
  return {
    hit(request, raceId) {
      limiter.hit(`address:${request.ip}`, perAddress, TEN_MINUTES_MS);
      limiter.hit(`race:${raceId}`, perRace, TEN_MINUTES_MS);
    },
  };
}
