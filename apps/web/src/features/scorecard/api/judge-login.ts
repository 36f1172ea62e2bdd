import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withOfflineCache } from '../../../lib/offline-cache';
import { readAuthToken, storeAuthToken } from '../../../lib/auth-token';

const tokenSchema = z.object({ token: z.string().min(1) });
const principalSchema = z.object({ kind: z.enum(['USER', 'JUDGE_ACCOUNT']), eventId: z.number().nullable() });

export type Principal = z.infer<typeof principalSchema>;

/**
 * An event's judge account logs in with its login (no '@') and password at POST /api/token/create,
 * like a user; it has no user profile, so the token alone is kept (the header stays logged out).
 */
export const judgeLogin = async (login: string, password: string): Promise<void> => {
  const { token } = await apiRequest('/api/token/create', { method: 'POST', body: { email: login, password }, schema: tokenSchema });
  storeAuthToken(token);
};

/**
 * GET /api/token: who the stored token speaks for; null without a usable token. Without a
 * connection the last answer for the same token is used, so an offline reload keeps the judge in.
 */
export const currentPrincipal = async (signal?: AbortSignal): Promise<Principal | null> => {
  const token = readAuthToken();
  if (token === null) return null;
  try {
    return await withOfflineCache(`principal:${token.slice(-16)}`, () => apiRequest('/api/token', { schema: principalSchema, signal }));
  } catch {
    return null;
  }
};
