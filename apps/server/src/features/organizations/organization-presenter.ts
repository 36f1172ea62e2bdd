import { asc, eq } from 'drizzle-orm';
import { DomainError } from '@climbing/domain';
import type { Executor } from '../../db/database.ts';
import {
  addresses,
  ageCategories,
  contactPersons,
  cupRankCategories,
  organizations,
  socialLinks,
  type AgeCategory,
  type CupRankCategory,
  type Organization,
} from '../../db/schema/index.ts';
import type { OrganizationView } from './organization-schemas.ts';

export const presentAgeCategory = (category: AgeCategory) => ({
  id: category.id,
  name: category.name,
  fromAge: category.fromAge,
  toAge: category.toAge,
  organization: category.organizationId,
});

export const presentCupRankCategory = (category: CupRankCategory) => ({
  id: category.id,
  name: category.name,
  numberOfRanks: category.numberOfRanks,
  level: category.level,
  rankPoints: category.rankPoints,
  pointsDecimals: category.pointsDecimals,
  organization: category.organizationId,
});

export async function findOrganization(db: Executor, id: number): Promise<Organization> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, id));
  if (!organization) throw new DomainError('ORGANIZATION_NOT_FOUND');
  return organization;
}

/** The whole organization of spec 3 with its links, contact person and categories. */
export async function presentOrganization(db: Executor, organization: Organization): Promise<OrganizationView> {
  const [address] = organization.addressId ? await db.select().from(addresses).where(eq(addresses.id, organization.addressId)) : [];
  const links = await db.select().from(socialLinks).where(eq(socialLinks.organizationId, organization.id)).orderBy(asc(socialLinks.id));
  const [contact] = await db.select().from(contactPersons).where(eq(contactPersons.organizationId, organization.id)).orderBy(asc(contactPersons.id)).limit(1);
  const ages = await db.select().from(ageCategories).where(eq(ageCategories.organizationId, organization.id)).orderBy(asc(ageCategories.fromAge), asc(ageCategories.id));
  const cups = await db.select().from(cupRankCategories).where(eq(cupRankCategories.organizationId, organization.id)).orderBy(asc(cupRankCategories.level), asc(cupRankCategories.id));
  return {
    id: organization.id,
    name: organization.name,
    shortcut: organization.shortcut,
    shortDescription: organization.shortDescription,
    description: organization.description,
    address: address
      ? { id: address.id, street: address.street, streetNumber: address.streetNumber, city: address.city, zipcode: address.zipcode, country: address.country }
      : null,
    logo: organization.logoId,
    // Spec 3 names both; they are one file so the logo uploaded anywhere shows everywhere.
    primaryLogo: organization.logoId,
    secondaryLogo: organization.secondaryLogoId,
    socialLinks: links.map((link) => ({ id: link.id, type: link.type, url: link.url })),
    ageCategories: ages.map(presentAgeCategory),
    cupCategories: cups.map(presentCupRankCategory),
    contactPerson: contact ? { id: contact.id, email: contact.email, name: contact.name, surname: contact.surname, phoneNumber: contact.phoneNumber } : null,
    webPage: organization.webPage,
    active: organization.active,
    clubsEnabled: organization.clubsEnabled,
    seasonStartMonth: organization.seasonStartMonth,
  };
}
