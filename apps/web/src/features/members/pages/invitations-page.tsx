import { Button, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { useParams } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { invitationsQuery, revokeInvitation } from '../api/invitations';

/** Pending invitations of the organization, with revoke. */
export function InvitationsPage() {
  const { t, i18n } = useTranslation();
  const organizationId = Number(useParams().organizationId);
  const invitations = useQuery(invitationsQuery(organizationId));
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const language = currentLanguage(i18n);
  const now = new Date().toISOString();

  const revoke = async (id: number, email: string) => {
    try {
      await revokeInvitation(organizationId, id);
      await queryClient.invalidateQueries({ queryKey: invitationsQuery(organizationId).queryKey });
      notify({ type: 'success', message: t('invitations.revoked', { email }) });
    } catch (error) {
      notifyError(error);
    }
  };

  if (invitations.isPending) return <Text c="dimmed">{t('app.loading')}</Text>;
  if (invitations.isError) return <Text c="red">{t('invitations.loadFailed')}</Text>;
  if (invitations.data.length === 0) return <Text c="dimmed">{t('invitations.empty')}</Text>;
  return (
    <Stack>
      <div style={{ overflowX: 'auto' }}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('auth.email')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('person.language')}</Table.Th>
              <Table.Th>{t('invitations.expires')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invitations.data.map((invitation) => (
              <Table.Tr key={invitation.id}>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{invitation.email}</Table.Td>
                <Table.Td visibleFrom="sm">{invitation.language}</Table.Td>
                <Table.Td>
                  {formatDate(invitation.expiresAt.slice(0, 10), language)}
                  {invitation.expiresAt < now && ` (${t('invitations.expired')})`}
                </Table.Td>
                <Table.Td>
                  <Button size="xs" variant="subtle" color="red" onClick={() => void revoke(invitation.id, invitation.email)} aria-label={`${t('invitations.revoke')}: ${invitation.email}`}>
                    {t('invitations.revoke')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </Stack>
  );
}
