import { Alert, Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { deleteAccount } from '../api/account';
import type { CurrentUser } from '../api/current-user';
import { useLogout } from '../hooks/use-session';

const sameEmail = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase();

/** Profile danger zone: deleting the own account after typing its e-mail; then logged out and sent home. */
export function DeleteAccountSection({ user }: { user: Pick<CurrentUser, 'id' | 'email'> }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const navigate = useNavigate();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const [deleting, setDeleting] = useState(false);
  const confirmed = sameEmail(typed, user.email);

  const close = () => {
    setOpened(false);
    setTyped('');
  };

  const handleDelete = async () => {
    if (!confirmed) return;
    setDeleting(true);
    try {
      await deleteAccount(user.id);
    } catch (error) {
      setDeleting(false);
      notifyError(error);
      return;
    }
    // Leave the login-only page first, so the emptied session does not send us to the login.
    void navigate('/', { replace: true });
    await logout();
    notify({ type: 'success', message: t('profile.deleteDone') });
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" style={{ borderColor: 'var(--mantine-color-red-6)' }}>
      <Title order={2} size="h3" mb="xs" c="red">
        {t('profile.dangerZone')}
      </Title>
      <Text size="sm" mb="md">
        {t('profile.deleteIntro')}
      </Text>
      <Button color="red" variant="outline" onClick={() => setOpened(true)}>
        {t('profile.deleteAccount')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('profile.deleteAccount')}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void handleDelete();
          }}
        >
          <Stack gap="md">
            <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
              {t('profile.deleteWarning')}
            </Alert>
            <TextInput
              label={t('profile.deleteTypeEmail', { email: user.email })}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              type="email"
              inputMode="email"
              autoComplete="off"
              maxLength={254}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" color="red" disabled={!confirmed} loading={deleting}>
                {t('profile.deleteConfirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
