import { z } from 'zod';
import { emptyToNull, optionalDateField, optionalEmailField, optionalText, requiredText } from '../../../lib/form-fields';
import type { UnregisteredRegistrationBody } from '../api/registrations';

/**
 * One-time registration without an account (spec 2): the server's limits
 * (register-unregistered-user body). A birthday is required: age categories are checked by it.
 */
export const unregisteredRegistrationSchema = z.object({
  name: requiredText(100),
  surname: requiredText(100),
  email: optionalEmailField,
  club: optionalText(200),
  sex: z.enum(['M', 'F'], { error: 'validation.required' }).nullable().refine((value) => value !== null, 'validation.required'),
  birthday: optionalDateField({ notInFuture: true }).refine((value) => value !== null && value !== '', 'validation.required'),
  country: z.string().nullable(),
  qualificationGroupId: z.string().nullable(),
});
export type UnregisteredRegistrationValues = z.input<typeof unregisteredRegistrationSchema>;

export const emptyUnregisteredRegistration = (country: string | null = 'SVK'): UnregisteredRegistrationValues => ({
  name: '',
  surname: '',
  email: '',
  club: '',
  sex: null,
  birthday: null,
  country,
  qualificationGroupId: null,
});

export const unregisteredRegistrationBody = (values: UnregisteredRegistrationValues): UnregisteredRegistrationBody => ({
  name: values.name.trim(),
  surname: values.surname.trim(),
  email: emptyToNull(values.email),
  club: emptyToNull(values.club),
  sex: values.sex ?? 'M',
  birthday: values.birthday ?? '',
  country: values.country || null,
  qualificationGroupId: values.qualificationGroupId ? Number(values.qualificationGroupId) : null,
});
