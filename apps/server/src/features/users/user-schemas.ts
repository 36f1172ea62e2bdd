import { z } from 'zod';
import { fileIdSchema } from '../files/file-id.ts';
import { isGuessablePassword } from '../auth/password-strength.ts';
import { countryInput } from '../countries/country-schemas.ts';
import { LANGUAGES, emailSchema, isoDateSchema, passwordSchema, requiredStringSchema, sexSchema } from '@climbing/domain';

/** Upper bounds on free text, so a huge string is a 400 and never a stored megabyte. */
export const boundedText = (max: number) => z.string().trim().max(max, 'validation.maxSize');
const optionalText = (max: number) => boundedText(max).nullable().optional();

export const emailInput = z.string().trim().max(254, 'validation.maxSize').pipe(emailSchema);
/** Spec 5's rule, at most 200 characters, and not among the passwords an attacker tries first (security item 16). */
export const passwordInput = passwordSchema.max(200, 'validation.maxSize').refine(
  // Only a password that meets the rule above is estimated, so its own message is the one shown.
  (password) => !passwordSchema.safeParse(password).success || !isGuessablePassword(password),
  'validation.passwordCommon',
);
export const nameInput = requiredStringSchema.max(100, 'validation.maxSize');

const today = () => new Date().toISOString().slice(0, 10);
/** A birthday is a real day, not in the future and not before the date picker's first year (1890). */
export const birthdayInput = isoDateSchema.refine((value) => value <= today() && value >= '1890-01-01', 'validation.invalidDate');

export const addressInput = z.object({
  street: optionalText(200),
  streetNumber: optionalText(50),
  city: optionalText(200),
  zipcode: optionalText(20),
  country: countryInput.nullable().optional(),
});
export type AddressInput = z.infer<typeof addressInput>;

export const languageInput = z.enum(LANGUAGES);
export const idInput = z.number().int().positive().max(2_147_483_647);
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** The profile fields of spec 7 (POST /api/user/register, PUT /api/user) without e-mail and password. */
export const profileFields = {
  name: nameInput,
  surname: nameInput,
  birthday: birthdayInput.nullable().optional(),
  sex: sexSchema.nullable().optional(),
  phoneNumber: optionalText(50),
  language: languageInput.optional(),
  address: addressInput.nullable().optional(),
  club: optionalText(200),
  sponsor: optionalText(200),
  organizationId: idInput.nullable().optional(),
  licenseId: optionalText(100),
};

export const registerBody = z.object({ email: emailInput, password: passwordInput, ...profileFields });
export type RegisterInput = z.infer<typeof registerBody>;

/** `currentPassword` is needed when `email` names another address (the change then waits for its confirmation link). */
export const updateProfileBody = z.object({ email: emailInput.optional(), currentPassword: z.string().max(1024).optional(), ...profileFields });
export type UpdateProfileInput = z.infer<typeof updateProfileBody>;

export const changePasswordBody = z.object({ currentPassword: z.string().min(1).max(1024), newPassword: passwordInput });

/**
 * What a user search shows (GET /api/user/list, /api/user/users/id, /api/user/non-members): names
 * and ids only. A search finds people to invite; it must not hand out e-mails or birthdays.
 */
export const userSearchItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
});
export type UserSearchItem = z.infer<typeof userSearchItemSchema>;

/**
 * What an organization sees of its members and applicants (docs/security.md): name, club, birth
 * year, sex, country; the e-mail and phone only when the member shares them (`contactShared`).
 * Someone only invited, who has not answered yet, shows the name alone.
 */
export const sharedProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  fullName: z.string(),
  birthYear: z.number().int().nullable(),
  sex: z.enum(['M', 'F']).nullable(),
  club: z.string().nullable(),
  country: z.string().nullable(),
  profilePhoto: fileIdSchema.nullable(),
  active: z.boolean(),
  contactShared: z.boolean(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
});
export type SharedProfile = z.infer<typeof sharedProfileSchema>;
