import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

const tokenResponseSchema = z.object({ token: z.string().min(1) });

export interface Credentials {
  email: string;
  password: string;
}

export const createToken = async (credentials: Credentials): Promise<string> =>
  (await apiRequest('/api/token/create', { method: 'POST', body: credentials, schema: tokenResponseSchema })).token;

export const deleteToken = (): Promise<void> => apiRequest('/api/token', { method: 'DELETE' });
