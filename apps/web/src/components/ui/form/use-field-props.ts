import type { UseFormReturnType } from '@mantine/form';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * `form.getInputProps` with the error translated: errors are catalogue keys, translated at render
 * so a language switch re-labels errors already shown (red text, red outline, aria-invalid).
 */
export const useFieldProps = <Values extends Record<string, unknown>>(form: UseFormReturnType<Values>) => {
  const { t } = useTranslation();
  return useCallback(
    (path: string, options?: { type?: 'input' | 'checkbox' }) => {
      const props = form.getInputProps(path, options);
      const error: unknown = props.error;
      return { ...props, error: typeof error === 'string' ? t(error, { defaultValue: t('validation.invalid') }) : undefined };
    },
    [form, t],
  );
};
