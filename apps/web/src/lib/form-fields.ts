import { DATE_PICKER_MIN_YEAR, datePickerMaxYear, emailSchema, isoDateSchema, requiredStringSchema } from '@climbing/domain';
import { z } from 'zod';

/**
 * Field rules shared by the web forms. Messages are catalogue keys; a broken limit is named by the
 * issue itself (`formResolver`: "at most 100 characters"), translated at render. The limits are the server's (apps/server/src/features/users/user-schemas.ts), so a value the form
 * accepts is one the API accepts.
 */
export const requiredText = (max: number) => requiredStringSchema.max(max);

/** An optional text field: the form keeps '' for "empty", sent as null. */
export const optionalText = (max: number) => z.string().trim().max(max);

export const emailField = z.string().trim().min(1, 'validation.required').max(254).pipe(emailSchema);

export const optionalEmailField = z
  .string()
  .trim()
  .max(254)
  .refine((value) => value === '' || emailSchema.safeParse(value).success, 'validation.invalidEmail');

export const webAddressField = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), 'validation.invalidUrl');

export const todayIso = (): string => new Date().toISOString().slice(0, 10);

export const datePickerRange = (now = new Date()) => ({
  minDate: `${DATE_PICKER_MIN_YEAR}-01-01`,
  maxDate: `${datePickerMaxYear(now.getFullYear())}-12-31`,
});

/** An optional date (yyyy-mm-dd) inside the picker's years; a birthday must not lie in the future. */
export const optionalDateField = (options: { notInFuture?: boolean } = {}) =>
  z
    .string()
    .nullable()
    .refine((value) => {
      if (value === null || value === '') return true;
      const { minDate, maxDate } = datePickerRange();
      if (!isoDateSchema.safeParse(value).success || value < minDate || value > maxDate) return false;
      return !options.notInFuture || value <= todayIso();
    }, 'validation.invalidDate');

/** '' (an untouched optional field) becomes null in the request body. */
export const emptyToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/** The personal details asked by sign-up, the profile and invitation acceptance. */
export const personFieldsSchema = {
  name: requiredText(100),
  surname: requiredText(100),
  birthday: optionalDateField({ notInFuture: true }),
  sex: z.enum(['M', 'F'], { error: 'validation.invalidSex' }).nullable(),
  phoneNumber: optionalText(50),
  club: optionalText(200),
  language: z.enum(['SK', 'EN']),
};

/**
 * Birthday and sex, required: a race registration needs them (the server refuses a profile without
 * them, RACER_PROFILE_INCOMPLETE: the sex must fit the race, the birthday its age categories), so
 * forms reached from a registration ask for them up front.
 */
export const racerDetailsSchema = {
  birthday: personFieldsSchema.birthday.refine((value) => value !== null && value !== '', 'validation.required'),
  sex: z.enum(['M', 'F'], { error: 'validation.required' }).nullable().refine((value) => value !== null, 'validation.required'),
};

export interface PersonFieldValues {
  [key: string]: unknown;
  name: string;
  surname: string;
  birthday: string | null;
  sex: 'M' | 'F' | null;
  phoneNumber: string;
  club: string;
  language: 'SK' | 'EN';
}

export const emptyPersonFields = (language: 'SK' | 'EN'): PersonFieldValues => ({
  name: '',
  surname: '',
  birthday: null,
  sex: null,
  phoneNumber: '',
  club: '',
  language,
});

/** The person fields as the API takes them (empty optional values as null). */
export const personFieldsBody = (values: PersonFieldValues) => ({
  name: values.name.trim(),
  surname: values.surname.trim(),
  birthday: values.birthday || null,
  sex: values.sex,
  phoneNumber: emptyToNull(values.phoneNumber),
  club: emptyToNull(values.club),
  language: values.language,
});

export const passwordsMatch = (value: { password: string; confirmPassword: string }): boolean =>
  value.password === value.confirmPassword;
