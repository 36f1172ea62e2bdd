import { and, asc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { DomainError } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { addresses, organizationMemberships, users, type User } from '../../db/schema/index.ts';
import type { MembershipState } from '../../db/schema/enums.ts';
import type { AddressInput, SharedProfile, UserSearchItem } from './user-schemas.ts';

export async function findUserByEmail(db: Executor, email: string): Promise<User | null> {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return user ?? null;
}

/** EMAIL_ALREADY_IN_USE, or ACCOUNT_DELETED when the address belongs to a deleted account (it stays taken). */
export async function assertEmailFree(db: Executor, email: string, exceptUserId?: number): Promise<void> {
  const existing = await findUserByEmail(db, email);
  if (!existing || existing.id === exceptUserId) return;
  throw new DomainError(existing.deleted ? 'ACCOUNT_DELETED' : 'EMAIL_ALREADY_IN_USE', { fields: { email: 'EMAIL_ALREADY_IN_USE' } });
}

/** Writes the owner's own address row (rows are never shared) and returns its id; null clears it. */
export async function saveAddress(db: Executor, currentId: number | null, input: AddressInput | null | undefined): Promise<number | null> {
  if (input === undefined) return currentId;
  if (input === null) return null;
  const values = {
    street: input.street ?? null,
    streetNumber: input.streetNumber ?? null,
    city: input.city ?? null,
    zipcode: input.zipcode ?? null,
    country: input.country ?? null,
  };
  if (currentId !== null) {
    await db.update(addresses).set(values).where(eq(addresses.id, currentId));
    return currentId;
  }
  const [row] = await db.insert(addresses).values(values).returning({ id: addresses.id });
  return row?.id ?? null;
}

export const toSearchItem = (user: Pick<User, 'id' | 'name' | 'surname'>): UserSearchItem => ({
  id: user.id,
  name: user.name,
  surname: user.surname,
  fullName: `${user.name} ${user.surname}`.trim(),
});

/** How much of a profile an organization sees: `names` for an open invitation, `shared` for members and applicants. */
export type ProfileLevel = 'names' | 'shared';

/** The part of a profile an organization may see (`sharedProfileSchema`). */
export function toSharedProfile(user: User, country: string | null, level: ProfileLevel, contactShared: boolean): SharedProfile {
  const shared = level === 'shared';
  const contact = shared && contactShared;
  return {
    ...toSearchItem(user),
    birthYear: shared && user.birthday ? Number(user.birthday.slice(0, 4)) : null,
    sex: shared ? user.sex : null,
    club: shared ? user.club : null,
    country: shared ? country : null,
    profilePhoto: shared ? user.profilePhotoId : null,
    active: user.active,
    contactShared: contact,
    email: contact ? user.email : null,
    phoneNumber: contact ? user.phoneNumber : null,
  };
}

/** LIKE wildcards typed by a user are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export const SEARCH_LIMIT = 50;

/**
 * Users (never deleted ones) whose name contains the text, or whose e-mail is exactly the text;
 * optionally only those with no membership (of any state) in one organization. Names and ids only.
 */
export async function searchUsers(
  db: Executor,
  options: { query?: string | undefined; ids?: readonly number[]; notInOrganizationId?: number },
): Promise<UserSearchItem[]> {
  const conditions: SQL[] = [eq(users.deleted, false)];
  const query = options.query?.trim();
  if (query) {
    const pattern = likePattern(query);
    const nameMatch = or(ilike(users.name, pattern), ilike(users.surname, pattern), ilike(sql`${users.name} || ' ' || ${users.surname}`, pattern), sql`lower(${users.email}) = lower(${query})`);
    if (nameMatch) conditions.push(nameMatch);
  }
  if (options.ids) conditions.push(inArray(users.id, [...options.ids]));
  if (options.notInOrganizationId !== undefined) {
    const members = db
      .select({ userId: organizationMemberships.userId })
      .from(organizationMemberships)
      .where(eq(organizationMemberships.organizationId, options.notInOrganizationId));
    conditions.push(notInArray(users.id, members));
  }
  const rows = await db
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.surname), asc(users.name), asc(users.id))
    .limit(SEARCH_LIMIT);
  return rows.map(toSearchItem);
}

/** Organizations in which the user has a membership in one of the states (blocked members still belong). */
export async function membershipOrganizationIds(db: Executor, userId: number, states: readonly MembershipState[]): Promise<number[]> {
  const rows = await db
    .select({ organizationId: organizationMemberships.organizationId })
    .from(organizationMemberships)
    .where(and(eq(organizationMemberships.userId, userId), inArray(organizationMemberships.state, [...states])));
  return rows.map((row) => row.organizationId);
}

/**
 * The profile an organization admin sees of a member or applicant: the contact details are shown
 * when the user shares them with one of the organizations the caller reads through.
 */
export async function sharedProfileFor(db: Executor, user: User, organizationIds: readonly number[]): Promise<SharedProfile> {
  const [address] = user.addressId ? await db.select({ country: addresses.country }).from(addresses).where(eq(addresses.id, user.addressId)) : [];
  const shared = organizationIds.length
    ? await db
        .select({ id: organizationMemberships.id })
        .from(organizationMemberships)
        .where(and(eq(organizationMemberships.userId, user.id), inArray(organizationMemberships.organizationId, [...organizationIds]), eq(organizationMemberships.contactShared, true)))
        .limit(1)
    : [];
  return toSharedProfile(user, address?.country ?? null, 'shared', shared.length > 0);
}
