/**
 * Validation messages are keys, not texts: the web and server catalogues translate them, so a
 * form error and the same error coming back from the API read the same. {0}/{1} placeholders of
 * the spec are passed as issue params by the caller.
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
  'validation.passwordsMustMatch',
  'validation.startAfterEnd',
  'validation.dateBeforeToday',
  'validation.fileTooLarge',
  'validation.attachmentsTooLarge',
  'validation.fileNotImage',
] as const;
export type ValidationMessageKey = (typeof VALIDATION_MESSAGE_KEYS)[number];
