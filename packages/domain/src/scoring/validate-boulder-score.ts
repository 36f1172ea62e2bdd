import { DomainError } from '../errors/domain-error.ts';
import type { BoulderScore } from './scoring-types.ts';

const isValidAttempts = (attempts: number | null): boolean =>
  attempts === null || (Number.isInteger(attempts) && attempts >= 1);

/**
 * Checks one boulder score before it is stored or ranked. Attempts are whole numbers from 1
 * (null = not reached); the zone cannot take more attempts than the top, because the zone is
 * passed on the way to the top (spec section 5).
 *
 * `fieldPrefix` names the boulder in the error fields, e.g. `boulders.2.` for the third boulder.
 */
export const validateBoulderScore = (score: BoulderScore, fieldPrefix = ''): void => {
  const invalid: Record<string, string> = {};
  if (!isValidAttempts(score.topAttempts)) invalid[`${fieldPrefix}topAttempts`] = 'INVALID_ATTEMPTS';
  if (!isValidAttempts(score.zoneAttempts)) invalid[`${fieldPrefix}zoneAttempts`] = 'INVALID_ATTEMPTS';
  if (Object.keys(invalid).length > 0) throw new DomainError('VALIDATION_FAILED', { fields: invalid });
  if (score.topAttempts !== null && score.zoneAttempts !== null && score.zoneAttempts > score.topAttempts) {
    throw new DomainError('ZONE_ATTEMPTS_EXCEED_TOP_ATTEMPTS', {
      fields: { [`${fieldPrefix}zoneAttempts`]: 'ZONE_ATTEMPTS_EXCEED_TOP_ATTEMPTS' },
    });
  }
};
