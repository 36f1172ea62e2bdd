import { ActionIcon, Alert, Anchor, Badge, Button, Code, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { createJudgeAccount, deleteJudgeAccount, judgeAccountsQuery } from '../api/event';

/**
 * Judge logins of the event: the generated password is shown once, right after creation, and the
 * scorecard address of each race is listed to hand to the judges with their login.
 */
export function JudgeAccounts({ eventId, races = [] }: { eventId: number; races?: readonly { id: number; name: string }[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { notify } = useToast();
  const accounts = useQuery(judgeAccountsQuery(eventId));
  const [created, setCreated] = useState<{ login: string; password: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: judgeAccountsQuery(eventId).queryKey });

  const create = async () => {
    try {
      setCreated(await createJudgeAccount(eventId));
    } catch (error) {
      notifyError(error);
    }
    await refresh();
  };
  const remove = async (id: number, login: string) => {
    try {
      await deleteJudgeAccount(eventId, id);
      notify({ type: 'success', message: t('event.judgeDeleted', { login }) });
    } catch (error) {
      notifyError(error);
    }
    await refresh();
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('event.judges')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('event.judgesHint')}
      </Text>
      {created && (
        <Alert color="yellow" title={t('event.judgeCreated')} withCloseButton onClose={() => setCreated(null)} closeButtonLabel={t('toast.close')}>
          <Text>
            {t('event.judgeLogin')}: <Code>{created.login}</Code>
          </Text>
          <Text>
            {t('event.judgePassword')}: <Code data-testid="judge-password">{created.password}</Code>
          </Text>
          <Text size="sm" mt={4}>
            {t('event.judgePasswordOnce')}
          </Text>
        </Alert>
      )}
      {accounts.data && accounts.data.length > 0 && (
        <Table withTableBorder>
          <Table.Tbody>
            {accounts.data.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>
                  <Code>{account.login}</Code>
                </Table.Td>
                <Table.Td>{account.revoked && <Badge color="gray">{t('event.judgeRevoked')}</Badge>}</Table.Td>
                <Table.Td w={40}>
                  {!account.revoked && (
                    <ActionIcon variant="subtle" color="red" aria-label={t('event.deleteJudge', { login: account.login })} onClick={() => void remove(account.id, account.login)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button variant="light" onClick={() => void create()}>
          {t('event.createJudge')}
        </Button>
      </Group>
      {races.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('event.judgeScorecards')}
          </Text>
          {races.map((race) => {
            const address = `${window.location.origin}/races/${race.id}/scorecard`;
            return (
              <Group key={race.id} gap="xs" wrap="nowrap">
                <Text size="sm">{race.name}:</Text>
                <Anchor href={address} size="sm" style={{ wordBreak: 'break-all' }}>
                  {address}
                </Anchor>
              </Group>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
