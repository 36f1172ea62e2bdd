import type { UseFormReturnType } from '@mantine/form';
import { useCallback } from 'react';
import { useValidationText } from '../../../lib/validation-text';

/**
 * `form.getInputProps` with the error translated: errors are encoded validation messages (key and
 * limit, `lib/validation-text.ts`), translated at render
 * so a language switch re-labels errors already shown (red text, red outline, aria-invalid).
 */
export const useFieldProps = <Values extends Record<string, unknown>>(form: UseFormReturnType<Values>) => {
  const text = useValidationText();
  return useCallback(
    (path: string, options?: { type?: 'input' | 'checkbox' }) => {
      const props = form.getInputProps(path, options);
      const error: unknown = props.error;
      return { ...props, error: typeof error === 'string' ? text(error) : undefined };
    },
    [form, text],
  );
};
