import { apiRequest, tokenAnswerSchema } from '../../../lib/api-client';
import { sessionOfTokenAnswer, type StoredSession } from '../../../lib/auth-session';

export interface Credentials {
  email: string;
  password: string;
}

/** POST /api/token/create in cookie mode: the token goes into the HttpOnly cookie, the answer gives the session to keep. */
export const createToken = async (credentials: Credentials): Promise<StoredSession> =>
  sessionOfTokenAnswer(await apiRequest('/api/token/create', { method: 'POST', body: credentials, schema: tokenAnswerSchema }));

/** DELETE /api/token: ends the session and clears the cookie. */
export const deleteToken = (): Promise<void> => apiRequest('/api/token', { method: 'DELETE' });
