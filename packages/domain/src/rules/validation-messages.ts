/**
 * Validation messages are keys, not texts: the web and server catalogues translate them, so a
 * form error and the same error coming back from the API read the same. {0}/{1} placeholders of
 * the spec are passed as issue params by the caller.
 * Every key is in both web catalogues (apps/web/src/locales); the limit of a message travels as
 * its params (`validation-issue.ts`).
 */
export const VALIDATION_MESSAGE_KEYS = [
  'validation.required',
  'validation.notEmpty',
  'validation.maxSize',
  'validation.sizeBetween',
  'validation.invalidEmail',
  'validation.invalidDate',
  'validation.invalidSex',
  'validation.yearFormat',
  'validation.birthYearInFuture',
  'validation.passwordTooShort',
  'validation.passwordWeak',
  'validation.passwordCommon',
  'validation.passwordsMustMatch',
  'validation.startAfterEnd',
  'validation.dateBeforeToday',
  'validation.fileTooLarge',
  'validation.attachmentsTooLarge',
  'validation.fileNotImage',
  // Issue 10: one key per kind of broken limit, each naming the limit ({{count}} / {{min}} / {{max}}).
  'validation.tooLong',
  'validation.tooShort',
  'validation.exactLength',
  'validation.tooManyItems',
  'validation.tooFewItems',
  'validation.exactItems',
  'validation.tooLarge',
  'validation.tooLargeExclusive',
  'validation.tooSmall',
  'validation.tooSmallExclusive',
  'validation.dateTooLate',
  'validation.dateTooEarly',
  'validation.expectedNumber',
  'validation.expectedInteger',
  'validation.expectedText',
  'validation.expectedBoolean',
  'validation.expectedList',
  'validation.expectedObject',
  'validation.expectedDate',
  'validation.invalidOption',
  'validation.invalidDiscipline',
  'validation.invalidFormat',
  'validation.invalidUrl',
  'validation.notMultipleOf',
  'validation.unknownField',
  'validation.invalid',
  'validation.toAgeBeforeFromAge',
] as const;
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];
