import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

// Only the fields the shell needs; the full user of spec section 3 comes with the profile screens.
export const currentUserSchema = z.object({
  id: z.union([z.number(), z.string()]),
  email: z.string(),
  name: z.string().nullish(),
  surname: z.string().nullish(),
  fullName: z.string().nullish(),
  role: z.string().nullish(),
});

export type CurrentUser = z.infer<typeof currentUserSchema>;

export const getCurrentUser = (signal?: AbortSignal): Promise<CurrentUser> =>
  apiRequest('/api/user', { schema: currentUserSchema, signal });

/** The name shown in the header: full name, else name and surname, else the e-mail. */
export const displayName = (user: CurrentUser): string => {
  const fullName = user.fullName?.trim();
  if (fullName) return fullName;
  const joined = [user.name, user.surname].filter(Boolean).join(' ').trim();
  return joined || user.email;
};
