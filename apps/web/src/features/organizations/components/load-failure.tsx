import { Alert, Button } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import { currentLanguage } from '../../../lib/i18n';
import { translateError } from '../../../lib/translate-error';

/** A failed load: the catalogue message for its code and a retry button. */
export function LoadFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <Alert color="red" title={translateError(error, currentLanguage(i18n), t)}>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('errors.retry')}
      </Button>
    </Alert>
  );
}
