import type { FastifyInstance } from 'fastify';
import { DomainError } from '@climbing/domain';
import { verifyPassword } from '../auth/password-hashing.ts';

/**
 * The current password asked again inside a session (password change, e-mail change). Failures
 * count per account with growing delays (abuse-limits.ts), so whoever holds a stolen session cannot
 * guess the password behind it; a wrong one is CURRENT_PASSWORD_INCORRECT on the field.
 */
export async function assertCurrentPassword(app: FastifyInstance, user: { id: number; passwordHash: string | null }, password: string | undefined): Promise<void> {
  app.abuseLimits.assertPasswordCheckAllowed(user.id);
  if (!password || !user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    app.abuseLimits.passwordCheckFailed(user.id);
    throw new DomainError('CURRENT_PASSWORD_INCORRECT', { fields: { currentPassword: 'CURRENT_PASSWORD_INCORRECT' } });
  }
  app.abuseLimits.passwordCheckSucceeded(user.id);
}
