import { guard as g } from '@climbing/domain';
import { apiRequest } from '../../../lib/api-client';
import { withOfflineCache } from '../../../lib/offline-cache';
import { readStoredSession } from '../../../lib/auth-session';

const principalSchema = g.object({
  kind: g.oneOf(['USER', 'JUDGE_ACCOUNT']),
  /** Which user or judge account (an offline copy from before they were read has none). */
  userId: g.withDefault(g.nullable(g.number()), null),
  judgeAccountId: g.withDefault(g.nullable(g.number()), null),
  eventId: g.nullable(g.number()),
});

export type Principal = g.Infer<typeof principalSchema>;

/**
 * GET /api/token: who the session speaks for; null without a usable session. Without a
 * connection the last answer for the same session is used, so an offline reload keeps the judge in.
 */
export const currentPrincipal = async (signal?: AbortSignal): Promise<Principal | null> => {
  const session = readStoredSession();
  if (session === null) return null;
  try {
    return await withOfflineCache(`principal:${session.csrfToken.slice(-16)}`, () => apiRequest('/api/token', { schema: principalSchema, signal }));
  } catch {
    return null;
  }
};
