import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const addressSchema = z.object({
  id: z.number().optional(),
  street: z.string().nullish(),
  streetNumber: z.string().nullish(),
  city: z.string().nullish(),
  zipcode: z.string().nullish(),
  country: z.string().nullish(),
});

/** The User of spec section 3 as GET /api/user answers it; flags default to false for older answers. */
export const currentUserSchema = z.object({
  id: z.union([z.number(), z.string()]),
  email: z.string(),
  name: z.string().nullish(),
  surname: z.string().nullish(),
  fullName: z.string().nullish(),
  role: z.string().nullish(),
  birthday: z.string().nullish(),
  sex: z.enum(['M', 'F']).nullish(),
  phoneNumber: z.string().nullish(),
  language: z.enum(['SK', 'EN']).nullish(),
  address: addressSchema.nullish(),
  club: z.string().nullish(),
  sponsor: z.string().nullish(),
  organizationId: z.number().nullish(),
  licenseId: z.string().nullish(),
  profilePhoto: z.number().nullish(),
  orgAdmin: z.boolean().default(false),
  superAdmin: z.boolean().default(false),
  judge: z.boolean().default(false),
  coach: z.boolean().default(false),
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
