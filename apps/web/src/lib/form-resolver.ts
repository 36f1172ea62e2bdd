import { encodeValidationMessage, validationMessageForIssue, type ValidationIssue } from '@climbing/domain';
import type { z } from 'zod';

/**
 * The form validator of a zod schema: every issue becomes an encoded validation message with its
 * limit (`validation.tooLong?count=100`), translated at render by `useFieldProps`. The first issue
 * of a field wins, as on the server.
 */
export const formResolver =
  (schema: z.ZodType) =>
  (values: unknown): Record<string, string> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      errors[path] ??= encodeValidationMessage(validationMessageForIssue(issue as ValidationIssue));
    }
    return errors;
  };
