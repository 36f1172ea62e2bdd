import { Anchor, Group, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { REDIRECT_PARAM, safeReturnPath, withReturnPath } from '../../../lib/return-path';
import { displayName } from '../api/current-user';
import type { Credentials } from '../api/token';
import { LoginForm } from '../components/login-form';
import { useLogin, useSession } from '../hooks/use-session';

/** Where the login returns: the page that sent here (RequireLogin's state), else a safe `redirect` value, else the start page. */
const returnPath = (state: unknown, redirect: string | null): string => {
  if (typeof state === 'object' && state !== null && 'from' in state && typeof state.from === 'string') {
    return state.from;
  }
  return safeReturnPath(redirect) ?? '/events/actual';
};

export function LoginPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const login = useLogin();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const navigate = useNavigate();
  const location = useLocation();
  const redirect = useSearchParams()[0].get(REDIRECT_PARAM);

  if (user !== null) return <Navigate to={returnPath(location.state, redirect)} replace />;

  const handleSubmit = async (credentials: Credentials) => {
    try {
      const loggedIn = await login(credentials);
      // An account login sets the session, and the page then leaves by itself (the <Navigate> above);
      // navigating here too raced with it and could end on a bare "/". A judge login has no user.
      if (loggedIn !== null) notify({ type: 'success', message: t('auth.welcome', { name: displayName(loggedIn) }) });
      else void navigate(returnPath(location.state, redirect), { replace: true });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={420} mx="auto" mt="xl" radius="md">
      <Title order={1} size="h2" mb="xs">
        {t('auth.loginTitle')}
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        {t('auth.loginIntro')}
      </Text>
      <LoginForm onSubmit={handleSubmit} />
      <Group justify="space-between" mt="md" gap="xs">
        <Anchor component={Link} to="/forgot-password" size="sm">
          {t('auth.forgotPassword')}
        </Anchor>
        <Anchor component={Link} to={withReturnPath('/sign-up', redirect)} size="sm">
          {t('auth.signUpLink')}
        </Anchor>
      </Group>
    </Paper>
  );
}
