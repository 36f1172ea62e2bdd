import { useCallback } from 'react';
import { useTranslation } from '../../../lib/translation';
import { currentLanguage } from '../../../lib/i18n';
import { translateError } from '../../../lib/translate-error';
import { useToast } from './toast-context';

/**
 * Shows a failed call as an error toast with the catalogue message for its code. With a `kind`
 * the error replaces that kind's toast at once (the success of the action before), instead of
 * waiting behind it.
 */
export const useNotifyError = (options: { kind?: string } = {}): ((error: unknown) => void) => {
  const { kind } = options;
  const { notify } = useToast();
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => notify({ type: 'error', message: translateError(error, currentLanguage(i18n), t), ...(kind === undefined ? {} : { kind }) }),
    [notify, t, i18n, kind],
  );
};
