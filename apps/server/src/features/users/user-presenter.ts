import { z } from 'zod';
import { fileIdSchema } from '../files/file-id.ts';
import { ROLES, type Role } from '@climbing/domain';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { addresses, organizationMemberships, users, type User } from '../../db/schema/index.ts';

export const addressSchema = z.object({
  id: z.number().int(),
  street: z.string().nullable(),
  streetNumber: z.string().nullable(),
  city: z.string().nullable(),
  zipcode: z.string().nullable(),
  country: z.string().nullable(),
});

/** The User of spec section 3 as the API shows it; never the password hash. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  birthday: z.string().nullable(),
  sex: z.enum(['M', 'F']).nullable(),
  phoneNumber: z.string().nullable(),
  language: z.enum(['SK', 'EN']),
  address: addressSchema.nullable(),
  club: z.string().nullable(),
  sponsor: z.string().nullable(),
  organizationId: z.number().int().nullable(),
  licenseId: z.string().nullable(),
  profilePhoto: fileIdSchema.nullable(),
  active: z.boolean(),
  deleted: z.boolean(),
  role: z.enum(ROLES),
  orgAdmin: z.boolean(),
  superAdmin: z.boolean(),
  judge: z.boolean(),
  coach: z.boolean(),
});
export type UserView = z.infer<typeof userSchema>;

function roleOf(flags: { superAdmin: boolean; orgAdmin: boolean; judge: boolean; coach: boolean }): Role {
  if (flags.superAdmin) return 'SUPER_ADMIN';
  if (flags.orgAdmin) return 'ADMIN';
  if (flags.judge) return 'JUDGE';
  if (flags.coach) return 'COACH';
  return 'USER';
}

/** Shapes a user row for the API; the role flags come from the membership in the user's primary organization. */
export async function presentUser(db: Executor, user: User): Promise<UserView> {
  const [address] = user.addressId ? await db.select().from(addresses).where(eq(addresses.id, user.addressId)) : [];
  const [membership] = user.organizationId
    ? await db
        .select()
        .from(organizationMemberships)
        .where(and(eq(organizationMemberships.userId, user.id), eq(organizationMemberships.organizationId, user.organizationId)))
    : [];
  const active = membership && membership.state === 'ACTIVE' && !membership.blocked;
  const flags = {
    superAdmin: user.superAdmin,
    orgAdmin: Boolean(active && membership.orgAdmin),
    judge: Boolean(active && membership.judge),
    coach: Boolean(active && membership.coach),
  };
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    surname: user.surname,
    fullName: `${user.name} ${user.surname}`.trim(),
    birthday: user.birthday,
    sex: user.sex,
    phoneNumber: user.phoneNumber,
    language: user.language,
    address: address
      ? { id: address.id, street: address.street, streetNumber: address.streetNumber, city: address.city, zipcode: address.zipcode, country: address.country }
      : null,
    club: user.club,
    sponsor: user.sponsor,
    organizationId: user.organizationId,
    licenseId: user.licenseId,
    profilePhoto: user.profilePhotoId,
    active: user.active,
    deleted: user.deleted,
    role: roleOf(flags),
    ...flags,
  };
}

export async function findUserById(db: Executor, id: number): Promise<User | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user ?? null;
}
