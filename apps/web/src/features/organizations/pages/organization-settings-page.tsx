import { Avatar, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { useParams } from 'react-router';
import { ImageUploadButton } from '../../../components/ui/form/image-upload-button';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { imageUrl } from '../../../lib/file-url';
import { organizationKeys, organizationQuery, updateOrganization, uploadLogo, type LogoKind, type Organization } from '../api/organizations';
import { OrganizationSettingsForm } from '../components/organization-settings-form';

/** Organization settings: details, address, contact person, links, clubs, season, and the two logos. */
export function OrganizationSettingsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().organizationId);
  const organization = useQuery(organizationQuery(id));
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const notifyError = useNotifyError();

  const saved = async (updated: Organization, message: string) => {
    queryClient.setQueryData(organizationKeys.detail(id), updated);
    await queryClient.invalidateQueries({ queryKey: organizationKeys.catalogue() });
    notify({ type: 'success', message });
  };
  const upload = (kind: LogoKind) => async (file: File) => {
    try {
      await saved(await uploadLogo(id, kind, file), t('organizationAdmin.logoSaved'));
    } catch (error) {
      notifyError(error);
    }
  };

  if (organization.data === undefined) return <Text c="dimmed">{t('app.loading')}</Text>;
  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Title order={2} size="h3" mb="md">
          {t('organizationAdmin.logos')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {(['logo', 'secondary'] as const).map((kind) => {
            const fileId = kind === 'logo' ? organization.data.logo : organization.data.secondaryLogo;
            return (
              <Group key={kind} gap="md">
                <Avatar src={fileId === null ? null : imageUrl(fileId)} size={72} radius="md" alt={t(`organizationAdmin.${kind}Logo`)} />
                <Stack gap={4}>
                  <Text fw={500}>{t(`organizationAdmin.${kind}Logo`)}</Text>
                  <Text size="xs" c="dimmed" maw={280}>
                    {t(`organizationAdmin.${kind}LogoHint`)}
                  </Text>
                  <ImageUploadButton label={t('organizationAdmin.uploadLogo')} onUpload={upload(kind)} />
                </Stack>
              </Group>
            );
          })}
        </SimpleGrid>
      </Paper>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <OrganizationSettingsForm
          key={organization.dataUpdatedAt}
          organization={organization.data}
          onSubmit={async (body) => saved(await updateOrganization(id, body), t('organizationAdmin.settingsSaved'))}
        />
      </Paper>
    </Stack>
  );
}
