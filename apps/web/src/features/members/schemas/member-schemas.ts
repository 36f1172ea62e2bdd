import { passwordSchema } from '@climbing/domain';
import { z } from 'zod';
import { emailField, optionalText, passwordsMatch, personFieldsSchema, requiredText, optionalDateField } from '../../../lib/form-fields';

// The server's rules (apps/server/src/features/members/member-schemas.ts, invitations/invitation-schemas.ts).
export const inviteSchema = z.object({ email: emailField, language: z.enum(['SK', 'EN']) });

export const newMemberSchema = z.object({
  email: emailField,
  name: requiredText(100),
  surname: requiredText(100),
  birthday: optionalDateField({ notInFuture: true }),
  sex: z.enum(['M', 'F'], { error: 'validation.invalidSex' }).nullable(),
  club: optionalText(200),
  language: z.enum(['SK', 'EN']),
  orgAdmin: z.boolean(),
  coach: z.boolean(),
  judge: z.boolean(),
});

/** An existing account joins (POST /api/organization/{id}/member with `userId`). */
export const existingMemberSchema = z.object({
  userId: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
  orgAdmin: z.boolean(),
  coach: z.boolean(),
  judge: z.boolean(),
});

/** A new account created by accepting an invitation. */
export const acceptInvitationSchema = z
  .object({ password: passwordSchema.max(200), confirmPassword: z.string(), ...personFieldsSchema })
  .refine(passwordsMatch, { error: 'validation.passwordsMustMatch', path: ['confirmPassword'] });
