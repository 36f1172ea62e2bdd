import type { FastifyInstance } from 'fastify';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { DomainError, IFSC_POINTS_TABLE } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import {
  addresses,
  contactPersons,
  cupRankCategories,
  organizationMemberships,
  organizations,
  socialLinks,
  users,
  type GlobalCupSettings,
  type GlobalRaceSettings,
  type Organization,
} from '../../db/schema/index.ts';
import { deleteFile, insertFile } from '../files/file-repository.ts';
import type { UploadedImage } from '../files/file-upload.ts';
import { saveAddress } from '../users/user-repository.ts';
import { findOrganization } from './organization-presenter.ts';
import type { CreateOrganizationInput, UpdateOrganizationInput } from './organization-schemas.ts';

/** Every new organization starts with the IFSC World Cup points table as a cup rank category. */
export const DEFAULT_CUP_RANK_CATEGORY = { name: 'IFSC', numberOfRanks: IFSC_POINTS_TABLE.length, level: 1, rankPoints: [...IFSC_POINTS_TABLE] };

/** The organization catalogue: active ones for everybody, every one for the super admin's list. */
export async function listOrganizations(db: Executor, options: { includeInactive?: boolean } = {}) {
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      shortcut: organizations.shortcut,
      shortDescription: organizations.shortDescription,
      logo: organizations.logoId,
      webPage: organizations.webPage,
      city: addresses.city,
      country: addresses.country,
      active: organizations.active,
      clubsEnabled: organizations.clubsEnabled,
    })
    .from(organizations)
    .leftJoin(addresses, eq(addresses.id, organizations.addressId))
    .where(options.includeInactive ? undefined : eq(organizations.active, true))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

/** Links and the contact person are replaced as a whole: the form always sends the full list. */
async function saveDetails(tx: Executor, organizationId: number, input: UpdateOrganizationInput): Promise<void> {
  if (input.socialLinks) {
    await tx.delete(socialLinks).where(eq(socialLinks.organizationId, organizationId));
    if (input.socialLinks.length > 0) await tx.insert(socialLinks).values(input.socialLinks.map((link) => ({ ...link, organizationId })));
  }
  if (input.contactPerson !== undefined) {
    await tx.delete(contactPersons).where(eq(contactPersons.organizationId, organizationId));
    const person = input.contactPerson;
    if (person) {
      await tx.insert(contactPersons).values({ organizationId, name: person.name, surname: person.surname, email: person.email ?? null, phoneNumber: person.phoneNumber ?? null });
    }
  }
}

/**
 * POST /api/organization: the creator becomes its active admin (and it becomes their primary
 * organization when they have none), and it gets the IFSC cup rank category.
 */
export async function createOrganization(app: FastifyInstance, creatorId: number, input: CreateOrganizationInput): Promise<Organization> {
  return app.db.transaction(async (tx) => {
    const addressId = await saveAddress(tx, null, input.address);
    const [organization] = await tx
      .insert(organizations)
      .values({
        name: input.name,
        shortcut: input.shortcut ?? null,
        description: input.description ?? null,
        shortDescription: input.shortDescription ?? null,
        addressId,
        webPage: input.webPage ?? null,
        clubsEnabled: input.clubsEnabled ?? false,
        seasonStartMonth: input.seasonStartMonth ?? null,
      })
      .returning();
    if (!organization) throw new DomainError('ORGANIZATION_CANNOT_BE_CREATED');
    await saveDetails(tx, organization.id, input);
    await tx.insert(organizationMemberships).values({ userId: creatorId, organizationId: organization.id, state: 'ACTIVE', orgAdmin: true });
    await tx.update(users).set({ organizationId: organization.id }).where(and(eq(users.id, creatorId), isNull(users.organizationId)));
    await tx.insert(cupRankCategories).values({ organizationId: organization.id, ...DEFAULT_CUP_RANK_CATEGORY });
    return organization;
  });
}

export async function updateOrganization(app: FastifyInstance, id: number, input: UpdateOrganizationInput): Promise<Organization> {
  return app.db.transaction(async (tx) => {
    const current = await findOrganization(tx, id);
    const addressId = await saveAddress(tx, current.addressId, input.address);
    const [organization] = await tx
      .update(organizations)
      .set({
        name: input.name ?? current.name,
        shortcut: input.shortcut === undefined ? current.shortcut : input.shortcut,
        description: input.description === undefined ? current.description : input.description,
        shortDescription: input.shortDescription === undefined ? current.shortDescription : input.shortDescription,
        addressId,
        webPage: input.webPage === undefined ? current.webPage : input.webPage,
        clubsEnabled: input.clubsEnabled ?? current.clubsEnabled,
        seasonStartMonth: input.seasonStartMonth === undefined ? current.seasonStartMonth : input.seasonStartMonth,
      })
      .where(eq(organizations.id, id))
      .returning();
    if (!organization) throw new DomainError('ORGANIZATION_CANNOT_BE_UPDATED');
    await saveDetails(tx, id, input);
    return organization;
  });
}

export async function setOrganizationActive(app: FastifyInstance, id: number, active: boolean): Promise<Organization> {
  const [organization] = await app.db.update(organizations).set({ active }).where(eq(organizations.id, id)).returning();
  if (!organization) throw new DomainError('ORGANIZATION_NOT_FOUND');
  return organization;
}

export const LOGO_KINDS = ['logo', 'primary', 'secondary'] as const;
export type LogoKind = (typeof LOGO_KINDS)[number];
/** `primary` is the spec's name for the logo itself: both kinds write the one logo column. */
const LOGO_COLUMNS = { logo: 'logoId', primary: 'logoId', secondary: 'secondaryLogoId' } as const;

/** The new logo and the removal of the replaced one are one transaction. */
export async function replaceLogo(app: FastifyInstance, id: number, kind: LogoKind, image: UploadedImage): Promise<Organization> {
  return app.db.transaction(async (tx) => {
    const current = await findOrganization(tx, id);
    const column = LOGO_COLUMNS[kind];
    const fileId = await insertFile(tx, { kind: 'LOGO', ...image });
    const [organization] = await tx.update(organizations).set({ [column]: fileId }).where(eq(organizations.id, id)).returning();
    if (!organization) throw new DomainError('LOGO_UPLOAD_FAILED');
    await deleteFile(tx, current[column]);
    return organization;
  });
}

export async function saveRaceSettings(app: FastifyInstance, id: number, settings: GlobalRaceSettings): Promise<GlobalRaceSettings> {
  const [row] = await app.db.update(organizations).set({ raceSettings: settings }).where(eq(organizations.id, id)).returning({ raceSettings: organizations.raceSettings });
  if (!row) throw new DomainError('ORGANIZATION_NOT_FOUND');
  return row.raceSettings;
}

export async function saveCupSettings(app: FastifyInstance, id: number, settings: GlobalCupSettings): Promise<GlobalCupSettings> {
  const [row] = await app.db.update(organizations).set({ cupSettings: settings }).where(eq(organizations.id, id)).returning({ cupSettings: organizations.cupSettings });
  if (!row) throw new DomainError('ORGANIZATION_NOT_FOUND');
  return row.cupSettings;
}
