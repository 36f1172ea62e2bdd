import { useCallback } from 'react';
import { useTranslation } from '../../../lib/translation';
import { currentLanguage } from '../../../lib/i18n';
import { translateError } from '../../../lib/translate-error';
import { useToast } from './toast-context';

/** Shows a failed call as an error toast with the catalogue message for its code. */
export const useNotifyError = (): ((error: unknown) => void) => {
  const { notify } = useToast();
  const { t, i18n } = useTranslation();
  return useCallback(
    (error: unknown) => notify({ type: 'error', message: translateError(error, currentLanguage(i18n), t) }),
    [notify, t, i18n],
  );
};
