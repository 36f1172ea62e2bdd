import { useState } from 'react';
import { Alert, Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useSearchParams } from 'react-router';
import { REDIRECT_PARAM, returnsToRegistration, safeReturnPath } from '../../../lib/return-path';
import { useTranslation } from '../../../lib/translation';
import { ImageUploadButton } from '../../../components/ui/form/image-upload-button';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { imageUrl } from '../../../lib/file-url';
import { updateProfile, uploadProfilePhoto, type ProfileBody, type RegistrationToCheck } from '../api/account';
import { displayName } from '../api/current-user';
import { ChangePasswordForm } from '../components/change-password-form';
import { DeleteAccountSection } from '../components/delete-account-section';
import { ProfileForm } from '../components/profile-form';
import { profileSavedText, RegistrationsToCheckAlert } from '../components/registrations-to-check';
import { useSession, useSetSessionUser } from '../hooks/use-session';

/**
 * The own profile: photo, personal details and password (the route requires a login). Opened from
 * a refused race registration (`redirect` back into its dialog) it asks for birthday and sex and
 * returns there after saving.
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const redirect = useSearchParams()[0].get(REDIRECT_PARAM);
  const back = safeReturnPath(redirect);
  const forRegistration = returnsToRegistration(redirect);
  const { user } = useSession();
  const setUser = useSetSessionUser();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const [registrationsToCheck, setRegistrationsToCheck] = useState<RegistrationToCheck[]>([]);
  if (user === null) return null;

  const handleProfile = async (body: ProfileBody) => {
    const saved = await updateProfile(body);
    setUser(saved.user);
    setRegistrationsToCheck(saved.registrationsToCheck);
    if (body.currentPassword !== undefined) {
      notify({ type: 'success', message: t('profile.emailConfirmationSent', { email: body.email }) });
    } else if (saved.registrationsToCheck.length > 0) {
      // A new birth date or sex did not reach every registration: the racer must tell the organiser.
      notify({ type: 'warning', message: profileSavedText(t, saved.registrationsToCheck), timer: 15000 });
    } else {
      notify({ type: 'success', message: t('profile.saved') });
    }
    if (back !== null) void navigate(back);
  };

  const handlePhoto = async (file: File) => {
    try {
      setUser(await uploadProfilePhoto(file));
      notify({ type: 'success', message: t('profile.photoSaved') });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="lg">
      <Title order={1}>{t('profile.title')}</Title>
      {forRegistration && (
        <Alert color="blue" data-testid="profile-for-registration">
          {t('profile.forRegistration')}
        </Alert>
      )}
      <RegistrationsToCheckAlert registrations={registrationsToCheck} />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Group gap="md" wrap="wrap">
          <Avatar src={user.profilePhoto ? imageUrl(user.profilePhoto) : null} size={96} radius="xl" alt={t('profile.photo')}>
            {displayName(user).slice(0, 1).toUpperCase()}
          </Avatar>
          <Stack gap={4}>
            <Text fw={600}>{displayName(user)}</Text>
            <Text size="sm" c="dimmed">
              {user.email}
            </Text>
            <ImageUploadButton label={t('profile.uploadPhoto')} onUpload={handlePhoto} />
          </Stack>
        </Group>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Title order={2} size="h3" mb="md">
          {t('profile.details')}
        </Title>
        <ProfileForm user={user} onSubmit={handleProfile} racerDetailsRequired={forRegistration} />
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Title order={2} size="h3" mb="md">
          {t('profile.changePassword')}
        </Title>
        <ChangePasswordForm />
      </Paper>
      <DeleteAccountSection user={user} />
    </Stack>
  );
}
