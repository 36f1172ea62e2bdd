import type { UseFormReturnType } from '@mantine/form';
import { useCallback } from 'react';
import { serverFieldErrors } from '../../../lib/form-errors';
import { useNotifyError } from '../toast/use-notify-error';
import { focusFirstError } from './focus-first-error';

/** A failed submit: the server's field messages go under their inputs, the code into a toast. */
export const useFormFailure = () => {
  const notifyError = useNotifyError();
  return useCallback(
    <Values extends Record<string, unknown>>(form: UseFormReturnType<Values>, error: unknown) => {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) {
        form.setErrors(fields);
        focusFirstError();
      }
      notifyError(error);
    },
    [notifyError],
  );
};
