import { z } from 'zod';
import { birthdayInput, boundedText, emailInput, idInput, languageInput, nameInput, passwordInput } from '../users/user-schemas.ts';
import { sexSchema } from '@climbing/domain';

export const invitationBody = z.object({ email: emailInput, language: languageInput.default('SK') });

export const tokenInput = z.string().trim().min(1).max(200);

/**
 * Invitation acceptance (spec: userId, token, organizationId) plus the details of the member account
 * to create when the invited address has none yet (required then: name, surname, password).
 */
export const acceptInvitationBody = z.object({
  token: tokenInput,
  organizationId: idInput,
  userId: idInput.nullable().optional(),
  name: nameInput.optional(),
  surname: nameInput.optional(),
  password: passwordInput.optional(),
  birthday: birthdayInput.nullable().optional(),
  sex: sexSchema.nullable().optional(),
  phoneNumber: boundedText(50).nullable().optional(),
  language: languageInput.optional(),
  club: boundedText(200).nullable().optional(),
  licenseId: boundedText(100).nullable().optional(),
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationBody>;

export const invitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  organizationId: z.number().int(),
  userId: z.number().int().nullable().describe('The invited account when the e-mail already has one'),
  language: z.enum(['SK', 'EN']),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});

/** What the acceptance page shows before the invitee decides. */
export const invitationInfoSchema = z.object({
  email: z.string(),
  organizationId: z.number().int(),
  organizationName: z.string(),
  userId: z.number().int().nullable(),
  userExists: z.boolean().describe('True when the e-mail already has an account: accepting only joins the organization'),
  expiresAt: z.string(),
});

export const acceptedInvitationSchema = z.object({ organizationId: z.number().int(), userId: z.number().int(), accountCreated: z.boolean() });
