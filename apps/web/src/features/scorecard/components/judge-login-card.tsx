import { Button, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { useLogin } from '../../auth/hooks/use-session';
import { JUDGE_LOGIN_PARAM, loginFromAddress } from '../model/scorecard-address';

/**
 * Judges at the wall log in right on the scorecard with the event's judge login (or their own
 * account e-mail); the regular login form only takes e-mail addresses. An e-mail logs the user in
 * everywhere (the header shows the account); a judge login keeps only the token. The address of
 * the organiser's judge card (its QR code) brings the login (`?login=`): the field is filled and
 * the password asked for; once logged in the login leaves the address, so the next person on a
 * shared phone does not find it filled in.
 */
export function JudgeLoginCard() {
  const { t } = useTranslation();
  const logIn = useLogin();
  const notifyError = useNotifyError();
  const [params, setParams] = useSearchParams();
  const given = loginFromAddress(params.get(JUDGE_LOGIN_PARAM));
  const [login, setLogin] = useState(given ?? '');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (login.trim() === '' || password === '') return;
    setSubmitting(true);
    try {
      // The same login as the login page's: the header, the principal and the race's data follow at once.
      await logIn({ email: login.trim(), password });
      if (params.has(JUDGE_LOGIN_PARAM)) {
        setParams(
          (current) => {
            const next = new URLSearchParams(current);
            next.delete(JUDGE_LOGIN_PARAM);
            return next;
          },
          { replace: true },
        );
      }
    } catch (error) {
      notifyError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h3">
            {t('scorecard.loginTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t(given !== null && login.trim() === given ? 'scorecard.loginFromCard' : 'scorecard.loginHint')}
          </Text>
          <TextInput
            label={t('scorecard.login')}
            value={login}
            onChange={(event) => setLogin(event.currentTarget.value)}
            autoComplete="username"
            autoCapitalize="none"
            maxLength={254}
            withAsterisk
            required
          />
          <PasswordInput
            label={t('scorecard.password')}
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            autoComplete="current-password"
            maxLength={128}
            withAsterisk
            required
            // The login came with the card's address: the password is what is left to type.
            autoFocus={given !== null}
            visibilityToggleButtonProps={{ 'aria-label': t('scorecard.showPassword') }}
          />
          <Button type="submit" size="lg" loading={submitting}>
            {t('scorecard.loginSubmit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
