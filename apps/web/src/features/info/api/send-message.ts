import { apiRequest } from '../../../lib/api-client';

/** POST /api/user/send-message: the contact form (delivered by e-mail or kept in the outbox). */
export const sendMessage = (body: { email: string; message: string }): Promise<void> =>
  apiRequest('/api/user/send-message', { method: 'POST', body });
