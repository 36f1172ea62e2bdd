import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
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

/** GET /api/token: who the stored token speaks for; null without a usable token. */
export const currentPrincipal = async (signal?: AbortSignal): Promise<Principal | null> => {
  if (readAuthToken() === null) return null;
  try {
    return await apiRequest('/api/token', { schema: principalSchema, signal });
  } catch {
    return null;
  }
};
