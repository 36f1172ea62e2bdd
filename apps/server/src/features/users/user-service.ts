import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import { organizationMemberships, organizations, users, type User } from '../../db/schema/index.ts';
import { hashPassword } from '../auth/password-hashing.ts';
import { revokeUserSessions } from '../auth/session-repository.ts';
import type { UserPrincipal } from '../auth/authenticate.ts';
import { deleteFile, insertFile } from '../files/file-repository.ts';
import type { UploadedImage } from '../files/file-upload.ts';
import { assertCurrentPassword } from './current-password.ts';
import { isEmailChange, requestEmailChange } from './email-change-service.ts';
import { assertEmailFree, saveAddress } from './user-repository.ts';
import { findUserById } from './user-presenter.ts';
import { followRacerDetails, type RegistrationToCheck } from '../registrations/profile-follow.ts';
import type { AddressInput, RegisterInput, UpdateProfileInput } from './user-schemas.ts';

export interface NewAccountInput extends Omit<RegisterInput, 'password' | 'organizationId'> {
  address?: AddressInput | null | undefined;
}

/** Inserts a user row with its address; the caller has checked the e-mail and holds the transaction. */
export async function insertUserAccount(
  tx: Executor,
  input: NewAccountInput,
  extra: { passwordHash: string | null; organizationId: number | null },
): Promise<User> {
  const addressId = await saveAddress(tx, null, input.address);
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email.trim(),
      passwordHash: extra.passwordHash,
      name: input.name,
      surname: input.surname,
      birthday: input.birthday ?? null,
      sex: input.sex ?? null,
      phoneNumber: input.phoneNumber ?? null,
      language: input.language ?? 'SK',
      addressId,
      club: input.club ?? null,
      sponsor: input.sponsor ?? null,
      organizationId: extra.organizationId,
      licenseId: input.licenseId ?? null,
    })
    .returning();
  if (!user) throw new DomainError('USER_CANNOT_BE_CREATED');
  return user;
}

async function assertActiveOrganization(db: Executor, organizationId: number): Promise<void> {
  const [organization] = await db.select({ active: organizations.active }).from(organizations).where(eq(organizations.id, organizationId));
  if (!organization) throw new DomainError('ORGANIZATION_NOT_FOUND', { fields: { organizationId: 'ORGANIZATION_NOT_FOUND' } });
  if (!organization.active) throw new DomainError('ORGANIZATION_INACTIVE', { fields: { organizationId: 'ORGANIZATION_INACTIVE' } });
}

/**
 * POST /api/user/register. Choosing an organization at sign-up applies for membership: the admin
 * accepts it, and until then the organization gives no rights (docs/permissions.md).
 */
export async function registerUser(app: FastifyInstance, input: RegisterInput): Promise<User> {
  await assertEmailFree(app.db, input.email);
  if (input.organizationId) await assertActiveOrganization(app.db, input.organizationId);
  const passwordHash = await hashPassword(input.password);
  return app.db.transaction(async (tx) => {
    const user = await insertUserAccount(tx, input, { passwordHash, organizationId: input.organizationId ?? null });
    if (input.organizationId) {
      await tx.insert(organizationMemberships).values({ userId: user.id, organizationId: input.organizationId, state: 'APPLIED' });
    }
    return user;
  });
}

/**
 * PUT /api/user: the caller's own profile; a primary organization must be one the user is an active
 * member of. A new birth date or sex reaches the racer's registrations whose roster may still change
 * (`followRacerDetails`); the answer names those it could not reach.
 */
export async function updateOwnProfile(app: FastifyInstance, userId: number, input: UpdateProfileInput): Promise<{ user: User; registrationsToCheck: RegistrationToCheck[] }> {
  const user = await findUserById(app.db, userId);
  if (!user) throw new DomainError('USER_NOT_FOUND');
  // Another mailbox is only requested here: the account keeps its e-mail until the link is opened.
  const emailChange = isEmailChange(user, input.email) ? input.email : null;
  if (input.organizationId) {
    const [membership] = await app.db
      .select({ id: organizationMemberships.id })
      .from(organizationMemberships)
      .where(and(eq(organizationMemberships.userId, userId), eq(organizationMemberships.organizationId, input.organizationId), eq(organizationMemberships.state, 'ACTIVE')));
    if (!membership) throw new DomainError('NOT_ORGANIZATION_MEMBER', { fields: { organizationId: 'NOT_ORGANIZATION_MEMBER' } });
  }
  if (emailChange !== null) await requestEmailChange(app, user, emailChange, input.currentPassword);
  return app.db.transaction(async (tx) => {
    const addressId = await saveAddress(tx, user.addressId, input.address);
    const [updated] = await tx
      .update(users)
      .set({
        email: emailChange === null && input.email !== undefined ? input.email.trim() : user.email,
        name: input.name,
        surname: input.surname,
        birthday: input.birthday === undefined ? user.birthday : input.birthday,
        sex: input.sex === undefined ? user.sex : input.sex,
        phoneNumber: input.phoneNumber === undefined ? user.phoneNumber : input.phoneNumber,
        language: input.language ?? user.language,
        addressId,
        club: input.club === undefined ? user.club : input.club,
        sponsor: input.sponsor === undefined ? user.sponsor : input.sponsor,
        organizationId: input.organizationId === undefined ? user.organizationId : input.organizationId,
        licenseId: input.licenseId === undefined ? user.licenseId : input.licenseId,
      })
      .where(eq(users.id, userId))
      .returning();
    if (!updated) throw new DomainError('USER_CANNOT_BE_UPDATED');
    // The registrations take the corrected birth date and sex in the same transaction (or say why not).
    const registrationsToCheck = await followRacerDetails(tx, userId, user, updated);
    return { user: updated, registrationsToCheck };
  });
}

/** PUT /api/user/password: other sessions end, the one that changed the password stays. */
export async function changePassword(app: FastifyInstance, principal: UserPrincipal, input: { currentPassword: string; newPassword: string }): Promise<void> {
  const user = await findUserById(app.db, principal.userId);
  if (!user) throw new DomainError('USER_NOT_FOUND');
  await assertCurrentPassword(app, user, input.currentPassword);
  const passwordHash = await hashPassword(input.newPassword);
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, new Date(), { exceptSessionId: principal.sessionId });
  });
}

/** Activating or deactivating an account; a deactivated account is logged out at once. */
export async function setUserActive(app: FastifyInstance, userId: number, active: boolean): Promise<User> {
  return app.db.transaction(async (tx) => {
    const [user] = await tx.update(users).set({ active }).where(and(eq(users.id, userId), eq(users.deleted, false))).returning();
    if (!user) throw new DomainError('USER_NOT_FOUND');
    if (!active) await revokeUserSessions(tx, userId, new Date());
    return user;
  });
}

/** Soft delete (the e-mail stays taken so "account deleted" can be told); every session ends. */
export async function softDeleteUser(app: FastifyInstance, userId: number): Promise<void> {
  await app.db.transaction(async (tx) => {
    const [user] = await tx.update(users).set({ deleted: true }).where(and(eq(users.id, userId), eq(users.deleted, false))).returning({ id: users.id });
    if (!user) throw new DomainError('USER_NOT_FOUND');
    await revokeUserSessions(tx, userId, new Date());
  });
}

/** POST /api/user/profile-photo: the new photo replaces (and removes) the old one in one transaction. */
export async function replaceProfilePhoto(app: FastifyInstance, userId: number, image: UploadedImage): Promise<User> {
  return app.db.transaction(async (tx) => {
    const [current] = await tx.select({ profilePhotoId: users.profilePhotoId }).from(users).where(eq(users.id, userId));
    if (!current) throw new DomainError('USER_NOT_FOUND');
    const fileId = await insertFile(tx, { kind: 'PROFILE_PHOTO', ...image });
    const [user] = await tx.update(users).set({ profilePhotoId: fileId }).where(eq(users.id, userId)).returning();
    await deleteFile(tx, current.profilePhotoId);
    if (!user) throw new DomainError('USER_CANNOT_BE_UPDATED');
    return user;
  });
}
