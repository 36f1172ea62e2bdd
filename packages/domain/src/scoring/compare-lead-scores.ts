import { DomainError } from '../errors/domain-error.ts';
import type { LeadScore } from './scoring-types.ts';

/** Rejects heights that cannot be a hold number (holds may be halves, e.g. 26.5). */
export const validateLeadScore = (score: LeadScore, field = 'hold'): void => {
  if (!Number.isFinite(score.hold) || score.hold < 0) {
    throw new DomainError('VALIDATION_FAILED', { fields: { [field]: 'INVALID_HOLD' } });
  }
};

/**
 * Orders two lead results, negative when `a` is higher: n < n+ < n+1 < TOP, and no result (null)
 * below everything. Hold and plus are compared as a pair rather than folded into one number, so
 * a half hold such as 26.5+ stays below 27.
 */
export const compareLeadScores = (a: LeadScore | null, b: LeadScore | null): number => {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  if (a.top || b.top) return a.top === b.top ? 0 : a.top ? -1 : 1;
  if (a.hold !== b.hold) return b.hold - a.hold;
  return a.plus === b.plus ? 0 : a.plus ? -1 : 1;
};
