import { guard as g } from '@climbing/domain';
import { apiRequest } from '../../../lib/api-client';

export const addressSchema = g.object({
  id: g.optional(g.number()),
  street: g.nullish(g.string()),
  streetNumber: g.nullish(g.string()),
  city: g.nullish(g.string()),
  zipcode: g.nullish(g.string()),
  country: g.nullish(g.string()),
});

/** The User of spec section 3 as GET /api/user answers it; flags default to false for older answers. */
export const currentUserSchema = g.object({
  id: g.union([g.number(), g.string()]),
  email: g.string(),
  name: g.nullish(g.string()),
  surname: g.nullish(g.string()),
  fullName: g.nullish(g.string()),
  role: g.nullish(g.string()),
  birthday: g.nullish(g.string()),
  sex: g.nullish(g.oneOf(['M', 'F'])),
  phoneNumber: g.nullish(g.string()),
  language: g.nullish(g.oneOf(['SK', 'EN'])),
  address: g.nullish(addressSchema),
  club: g.nullish(g.string()),
  sponsor: g.nullish(g.string()),
  organizationId: g.nullish(g.number()),
  licenseId: g.nullish(g.string()),
  profilePhoto: g.nullish(g.string()),
  orgAdmin: g.withDefault(g.boolean(), false),
  superAdmin: g.withDefault(g.boolean(), false),
  judge: g.withDefault(g.boolean(), false),
  coach: g.withDefault(g.boolean(), false),
});

export type CurrentUser = g.Infer<typeof currentUserSchema>;

export const getCurrentUser = (signal?: AbortSignal): Promise<CurrentUser> =>
  apiRequest('/api/user', { schema: currentUserSchema, signal });

/** The name shown in the header: full name, else name and surname, else the e-mail. */
export const displayName = (user: CurrentUser): string => {
  const fullName = user.fullName?.trim();
  if (fullName) return fullName;
  const joined = [user.name, user.surname].filter(Boolean).join(' ').trim();
  return joined || user.email;
};
