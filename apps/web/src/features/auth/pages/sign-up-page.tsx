import { Anchor, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { REDIRECT_PARAM, returnsToRegistration, safeReturnPath, withReturnPath } from '../../../lib/return-path';
import { registerUser, type RegisterBody } from '../api/account';
import { SignUpForm } from '../components/sign-up-form';
import { useLogin, useSession } from '../hooks/use-session';

/** Sign-up: the new account is logged in at once and lands on its board, or back where it came from (a safe `redirect`). */
export function SignUpPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const login = useLogin();
  const { notify } = useToast();
  const navigate = useNavigate();
  const redirect = useSearchParams()[0].get(REDIRECT_PARAM);
  const afterwards = safeReturnPath(redirect) ?? '/my-board';
  // From a race's registration dialog: the registration right after needs birthday and sex.
  const forRegistration = returnsToRegistration(redirect);

  if (user !== null) return <Navigate to={afterwards} replace />;

  const handleSubmit = async (body: RegisterBody) => {
    await registerUser(body);
    await login({ email: body.email, password: body.password });
    notify({ type: 'success', message: t('signUp.done') });
    void navigate(afterwards, { replace: true });
  };

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto" mt="xl" radius="md">
      <Title order={1} size="h2" mb="xs">
        {t('signUp.title')}
      </Title>
      <Text c="dimmed" size="sm" mb="lg">
        {forRegistration ? t('signUp.introForRegistration') : t('signUp.intro')}{' '}
        <Anchor component={Link} to={withReturnPath('/login', redirect)}>
          {t('signUp.haveAccount')}
        </Anchor>
      </Text>
      <SignUpForm onSubmit={handleSubmit} forRegistration={forRegistration} />
    </Paper>
  );
}
