import { and, asc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { DomainError } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { addresses, organizationMemberships, users, type User } from '../../db/schema/index.ts';
import type { AddressInput, UserListItem } from './user-schemas.ts';

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

export const toListItem = (user: User): UserListItem => ({
  id: user.id,
  email: user.email,
  name: user.name,
  surname: user.surname,
  fullName: `${user.name} ${user.surname}`.trim(),
  birthDate: user.birthday,
  sex: user.sex,
  club: user.club,
  organizationId: user.organizationId,
  profilePhoto: user.profilePhotoId,
  active: user.active,
});

/** LIKE wildcards typed by a user are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

export const SEARCH_LIMIT = 100;

/** Users (never deleted ones) matching a name or e-mail fragment, optionally outside one organization. */
export async function searchUsers(
  db: Executor,
  options: { query?: string | undefined; ids?: readonly number[]; notInOrganizationId?: number },
): Promise<UserListItem[]> {
  const conditions: SQL[] = [eq(users.deleted, false)];
  const query = options.query?.trim();
  if (query) {
    const pattern = likePattern(query);
    const nameMatch = or(ilike(users.name, pattern), ilike(users.surname, pattern), ilike(users.email, pattern), ilike(sql`${users.name} || ' ' || ${users.surname}`, pattern));
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
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.surname), asc(users.name), asc(users.id))
    .limit(SEARCH_LIMIT);
  return rows.map(toListItem);
}

/** Organizations the user belongs to; `activeOnly` leaves out pending applications (blocked members still belong). */
export async function membershipOrganizationIds(db: Executor, userId: number, options: { activeOnly: boolean }): Promise<number[]> {
  const conditions = [eq(organizationMemberships.userId, userId)];
  if (options.activeOnly) conditions.push(eq(organizationMemberships.state, 'ACTIVE'));
  const rows = await db.select({ organizationId: organizationMemberships.organizationId }).from(organizationMemberships).where(and(...conditions));
  return rows.map((row) => row.organizationId);
}
