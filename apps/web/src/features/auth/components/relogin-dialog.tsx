import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { clearStoredSession, sessionOfLogin, storeSession } from '../../../lib/auth-session';
import { getCurrentUser, type CurrentUser } from '../api/current-user';
import { createToken } from '../api/token';
import { applySessionChange, sessionQueryOptions } from '../hooks/use-session';
import { closeRelogin, useReloginRequest } from '../model/relogin-request';

/**
 * Shown over the page when its session has ended (idle too long, revoked elsewhere): logging in
 * again here keeps the page and everything typed into it, so the user repeats only the last
 * click. A different account than before starts fresh (the other cached data is reset). A judge
 * login (no '@') works here too, for the scorecard.
 */
export function ReloginDialog() {
  const request = useReloginRequest();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (request) {
      setLogin(request.login);
      setPassword('');
    }
  }, [request]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (login.trim() === '' || password === '') return;
    setSubmitting(true);
    try {
      storeSession(sessionOfLogin(await createToken({ email: login.trim(), password }), login.trim()));
      if (login.includes('@')) {
        const before = queryClient.getQueryData<CurrentUser | null>(sessionQueryOptions.queryKey);
        const user = await getCurrentUser();
        // The same user again keeps the page's data (and what was typed); another account starts fresh.
        if (before && String(before.id) === String(user.id)) queryClient.setQueryData(sessionQueryOptions.queryKey, user);
        else await applySessionChange(queryClient, user);
      } else {
        // A judge login: the scorecard asks who the token is again.
        await queryClient.invalidateQueries({ queryKey: ['principal'] });
      }
      closeRelogin();
    } catch (error) {
      notifyError(error);
    } finally {
      setSubmitting(false);
    }
  };

  const logOut = () => {
    clearStoredSession();
    closeRelogin();
    void applySessionChange(queryClient, null);
  };

  return (
    <Modal
      opened={request !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      title={t('relogin.title')}
      centered
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t('relogin.explanation')}</Text>
          <TextInput
            label={t('relogin.login')}
            value={login}
            onChange={(event) => setLogin(event.currentTarget.value)}
            autoComplete="username"
            autoCapitalize="none"
            maxLength={254}
            withAsterisk
            required
          />
          <PasswordInput
            label={t('auth.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
            maxLength={128}
            withAsterisk
            required
            data-autofocus
            visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
          />
          <Group justify="space-between">
            <Button variant="subtle" color="gray" onClick={logOut}>
              {t('auth.logout')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t('auth.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
