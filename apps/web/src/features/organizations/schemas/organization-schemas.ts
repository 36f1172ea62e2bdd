import { SOCIAL_LINK_TYPES } from '@climbing/domain';
import { z } from 'zod';
import { optionalEmailField, optionalText, requiredText, webAddressField } from '../../../lib/form-fields';

// The server's limits (apps/server/src/features/organizations/organization-schemas.ts).
export const registerOrganizationSchema = z.object({
  name: requiredText(200),
  shortcut: optionalText(20),
  shortDescription: optionalText(500),
});

export const organizationSettingsSchema = z
  .object({
    name: requiredText(200),
    shortcut: optionalText(20),
    shortDescription: optionalText(500),
    description: optionalText(10_000),
    webPage: webAddressField,
    street: optionalText(200),
    streetNumber: optionalText(50),
    city: optionalText(200),
    zipcode: optionalText(20),
    country: optionalText(3),
    contactName: optionalText(100),
    contactSurname: optionalText(100),
    contactEmail: optionalEmailField,
    contactPhone: optionalText(50),
    socialLinks: z.array(z.object({ type: z.enum(SOCIAL_LINK_TYPES), url: webAddressField.refine((url) => url !== '', 'validation.required') })).max(20),
    clubsEnabled: z.boolean(),
    seasonStartMonth: z.string().nullable(),
  })
  .superRefine((value, context) => {
    // A contact person needs a name and a surname once any of its fields is filled.
    const anyContact = [value.contactName, value.contactSurname, value.contactEmail, value.contactPhone].some((part) => part.trim() !== '');
    if (!anyContact) return;
    for (const path of ['contactName', 'contactSurname'] as const) {
      if (value[path].trim() === '') context.addIssue({ code: 'custom', path: [path], message: 'validation.required' });
    }
  });
export type OrganizationSettingsValues = z.input<typeof organizationSettingsSchema>;

export const ageCategoryFormSchema = z
  .object({
    name: requiredText(100),
    fromAge: z.number({ error: 'validation.required' }).int().min(0).max(150),
    toAge: z.number().int().min(0).max(150).nullable(),
  })
  .refine((value) => value.toAge === null || value.toAge >= value.fromAge, { error: 'validation.toAgeBeforeFromAge', path: ['toAge'] });

export const cupRankCategoryFormSchema = z
  .object({
    name: requiredText(100),
    numberOfRanks: z.number({ error: 'validation.required' }).int().min(1).max(1000),
    level: z.number({ error: 'validation.required' }).int().min(0).max(1000),
    rankPoints: z.array(z.number({ error: 'validation.required' }).min(0).max(1_000_000)),
  })
  .superRefine((value, context) => {
    if (value.rankPoints.length > value.numberOfRanks) {
      context.addIssue({ code: 'custom', message: 'validation.tooManyItems', params: { count: value.numberOfRanks }, path: ['rankPoints'] });
    }
  });
