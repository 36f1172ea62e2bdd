import { Anchor, Badge, Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { allOrganizationsQuery, organizationKeys, setOrganizationActive, type OrganizationSummary } from '../api/organizations';
import { LoadFailure } from '../components/load-failure';

/** Super admin: every organization with activate / deactivate. */
export function AllOrganizationsPage() {
  const { t } = useTranslation();
  const organizations = useQuery(allOrganizationsQuery());
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const notifyError = useNotifyError();

  const toggle = async (organization: OrganizationSummary) => {
    try {
      await setOrganizationActive(organization.id, !organization.active);
      await queryClient.invalidateQueries({ queryKey: organizationKeys.all });
      notify({ type: 'success', message: t(organization.active ? 'superAdmin.deactivated' : 'superAdmin.activated', { name: organization.name }) });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="md">
      <Title order={1}>{t('superAdmin.organizationsTitle')}</Title>
      {organizations.isPending && <Text c="dimmed">{t('app.loading')}</Text>}
      {organizations.isError && <LoadFailure error={organizations.error} onRetry={() => void organizations.refetch()} />}
      {organizations.data?.length === 0 && <Text c="dimmed">{t('organizations.empty')}</Text>}
      {organizations.data !== undefined && organizations.data.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('organizations.name')}</Table.Th>
                <Table.Th>{t('superAdmin.state')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {organizations.data.map((organization) => (
                <Table.Tr key={organization.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/organization/${organization.id}/members`}>
                      {organization.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={organization.active ? 'green' : 'gray'}>{t(organization.active ? 'superAdmin.active' : 'superAdmin.inactive')}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" color={organization.active ? 'red' : 'green'} onClick={() => void toggle(organization)}>
                      {t(organization.active ? 'superAdmin.deactivate' : 'superAdmin.activate')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
