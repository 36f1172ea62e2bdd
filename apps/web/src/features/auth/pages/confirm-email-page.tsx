import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useSearchParams } from 'react-router';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { useToast } from '../../../components/ui/toast/toast-context';
import { confirmEmailChange } from '../api/account';
import { useReloadSessionUser, useSession } from '../hooks/use-session';

/**
 * The page of the link sent to a new e-mail (/confirm-email?token=...). It confirms on a button
 * press, not on load, so a mail scanner that opens links cannot confirm for the person.
 */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user } = useSession();
  const reloadUser = useReloadSessionUser();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const [submitting, setSubmitting] = useState(false);
  const [confirmed, setConfirmed] = useState<string | null>(null);

  const confirm = async () => {
    setSubmitting(true);
    try {
      const { email } = await confirmEmailChange(token);
      setConfirmed(email);
      notify({ type: 'success', message: t('confirmEmail.done', { email }) });
      if (user !== null) await reloadUser();
    } catch (error) {
      notifyError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={420} mx="auto" mt="xl" radius="md">
      <Title order={1} size="h2" mb="md">
        {t('confirmEmail.title')}
      </Title>
      {token === '' ? (
        <Alert color="red">{t('confirmEmail.noToken')}</Alert>
      ) : confirmed !== null ? (
        <Alert color="green">{t('confirmEmail.done', { email: confirmed })}</Alert>
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('confirmEmail.intro')}</Text>
          <Button onClick={() => void confirm()} loading={submitting}>
            {t('confirmEmail.submit')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
