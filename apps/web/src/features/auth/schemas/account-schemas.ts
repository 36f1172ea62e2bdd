import { passwordSchema } from '@climbing/domain';
import { z } from 'zod';
import { emailField, optionalText, passwordsMatch, personFieldsSchema, racerDetailsSchema } from '../../../lib/form-fields';

// The server's limits (apps/server/src/features/users/user-schemas.ts), messages as catalogue keys.
const newPassword = passwordSchema.max(200);
const confirmation = { error: 'validation.passwordsMustMatch', path: ['confirmPassword'] };

// The country stands beside the racer's name in starting lists and results (and counts for a race's places of its country).
const signUpFields = { email: emailField, password: newPassword, confirmPassword: z.string(), ...personFieldsSchema, country: z.string().nullable() };
export const signUpSchema = z.object(signUpFields).refine(passwordsMatch, confirmation);
export type SignUpValues = z.input<typeof signUpSchema>;

/** Sign-up from a race registration: birthday and sex are required, or the registration right after it would be refused. */
export const racerSignUpSchema = z.object({ ...signUpFields, ...racerDetailsSchema }).refine(passwordsMatch, confirmation);

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({ password: newPassword, confirmPassword: z.string() }).refine(passwordsMatch, confirmation);

export const changePasswordSchema = z
  .object({ currentPassword: z.string().min(1, 'validation.required'), password: newPassword, confirmPassword: z.string() })
  .refine(passwordsMatch, confirmation);

export const profileSchema = z.object({
  email: emailField,
  // Asked for only when the e-mail changes (the form checks that it is filled then).
  currentPassword: z.string().max(1024),
  ...personFieldsSchema,
  sponsor: optionalText(200),
  licenseId: optionalText(100),
  street: optionalText(200),
  streetNumber: optionalText(50),
  city: optionalText(200),
  zipcode: optionalText(20),
  country: optionalText(3),
});
export type ProfileValues = z.input<typeof profileSchema>;

/** The profile opened from a refused race registration: birthday and sex are what it lacked. */
export const racerProfileSchema = profileSchema.extend(racerDetailsSchema);
