import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/ui/form/password-field';
import { PersonFields } from '../../../components/ui/form/person-fields';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { emptyPersonFields, personFieldsBody } from '../../../lib/form-fields';
import { currentLanguage } from '../../../lib/i18n';
import { translateError } from '../../../lib/translate-error';
import { useReloadSessionUser, useSession } from '../../auth/hooks/use-session';
import { acceptInvitation, invitationInfoQuery, type InvitationInfo } from '../api/invitations';
import { acceptInvitationSchema } from '../schemas/member-schemas';
import { formResolver } from '../../../lib/form-resolver';
import { focusingErrors } from '../../../components/ui/form/focus-first-error';

/**
 * The page of the e-mailed invitation link (/invitation/accept?token=...): shows the organization
 * and the invited e-mail; a new address creates its member account here, an existing account joins.
 */
export function AcceptInvitationPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery(invitationInfoQuery(token));

  return (
    <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} maw={560} mx="auto" mt="xl" radius="md">
      <Title order={1} size="h2" mb="md">
        {t('acceptInvitation.title')}
      </Title>
      {token === '' || info.isError ? (
        <Alert color="red">{info.isError ? translateError(info.error, currentLanguage(i18n), t) : t('acceptInvitation.noToken')}</Alert>
      ) : info.isPending ? (
        <Text c="dimmed">{t('app.loading')}</Text>
      ) : (
        <Stack gap="md">
          <Text>{t('acceptInvitation.intro', { organization: info.data.organizationName, email: info.data.email })}</Text>
          {info.data.userExists ? <JoinWithAccount token={token} info={info.data} /> : <CreateMemberAccount token={token} info={info.data} />}
        </Stack>
      )}
    </Paper>
  );
}

function JoinWithAccount({ token, info }: { token: string; info: InvitationInfo }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const reloadUser = useReloadSessionUser();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const join = async () => {
    setBusy(true);
    try {
      await acceptInvitation({ token, organizationId: info.organizationId, userId: info.userId });
      notify({ type: 'success', message: t('acceptInvitation.joined', { organization: info.organizationName }) });
      if (user !== null) {
        await reloadUser();
        await queryClient.invalidateQueries({ queryKey: ['my-memberships'] });
      }
      void navigate(user !== null ? '/my-board' : '/login', { replace: true, state: { from: '/my-board' } });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t('acceptInvitation.existingAccount')}
      </Text>
      <Button onClick={() => void join()} loading={busy}>
        {t('acceptInvitation.join', { organization: info.organizationName })}
      </Button>
    </Stack>
  );
}

function CreateMemberAccount({ token, info }: { token: string; info: InvitationInfo }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { notify } = useToast();
  const failure = useFormFailure();
  const [submitting, setSubmitting] = useState(false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirmPassword: '', ...emptyPersonFields(i18n.language === 'en' ? 'EN' : 'SK') },
    validate: formResolver(acceptInvitationSchema),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);

  const handleSubmit = form.onSubmit(async (values) => {
    setSubmitting(true);
    try {
      await acceptInvitation({ token, organizationId: info.organizationId, password: values.password, ...personFieldsBody(values) });
      notify({ type: 'success', message: t('acceptInvitation.accountCreated', { organization: info.organizationName }) });
      void navigate('/login', { replace: true, state: { from: '/my-board' } });
    } catch (error) {
      failure(form, error);
    } finally {
      setSubmitting(false);
    }
  });

  return (
    <form onSubmit={focusingErrors(handleSubmit)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('acceptInvitation.newAccount')}
        </Text>
        <PersonFields field={field} />
        <PasswordField {...field('password')} label={t('auth.password')} description={t('auth.passwordRule')} autoComplete="new-password" withAsterisk required />
        <PasswordField {...field('confirmPassword')} label={t('auth.confirmPassword')} autoComplete="new-password" withAsterisk required />
        <Button type="submit" loading={submitting}>
          {t('acceptInvitation.submit')}
        </Button>
      </Stack>
    </form>
  );
}
