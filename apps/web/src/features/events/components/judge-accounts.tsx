import { ActionIcon, Alert, Anchor, Badge, Button, Code, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { IconQrcode, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { QrCode } from '../../../components/ui/qr-code';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { scorecardAddress } from '../../scorecard/model/scorecard-address';
import { createJudgeAccount, deleteJudgeAccount, judgeAccountsQuery } from '../api/event';
import { JUDGES_ANCHOR } from '../model/judges-anchor';
import { CopyValueButton } from './copy-value-button';
import { CreatedJudgePanel, type CreatedJudge, type JudgeCardEvent } from './judge-card';

/**
 * Judge logins of the event: the generated password is shown once, right after creation, with
 * copy buttons, the QR code of each race's scorecard and the printable judge card
 * (CreatedJudgePanel); each race's scorecard address is listed to copy or to show as a QR code a
 * judge scans off the screen.
 */
export function JudgeAccounts({ event }: { event: JudgeCardEvent }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { notify } = useToast();
  const accounts = useQuery(judgeAccountsQuery(event.id));
  // Every login created on this visit, the latest last: a second one used to replace the first's
  // panel, and the first password was gone (the server keeps only its hash).
  const [created, setCreated] = useState<readonly CreatedJudge[]>([]);
  const latest = created.at(-1);
  const forget = (login: string) => setCreated((current) => current.filter((judge) => judge.login !== login));
  const [creating, setCreating] = useState(false);
  const [qrRace, setQrRace] = useState<{ id: number; name: string } | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: judgeAccountsQuery(event.id).queryKey });
  const heading = useRef<HTMLHeadingElement>(null);
  const location = useLocation();

  // Arriving by the section's anchor (or following it again): the section comes into view and takes
  // the focus. A moment later than this effect: the layout gives a new page's h1 the focus after
  // its children's effects (app/layout/use-focus-heading.ts), which would take it back.
  useEffect(() => {
    if (location.hash !== `#${JUDGES_ANCHOR}`) return;
    const timer = window.setTimeout(() => {
      heading.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus({ preventScroll: true });
    }, 0);
    return () => window.clearTimeout(timer);
  }, [location.hash, location.key]);

  const create = async () => {
    setCreating(true);
    try {
      const judge = await createJudgeAccount(event.id);
      setCreated((current) => [...current, judge]);
    } catch (error) {
      notifyError(error);
    } finally {
      setCreating(false);
    }
    await refresh();
  };
  const remove = async (id: number, login: string) => {
    try {
      await deleteJudgeAccount(event.id, id);
      notify({ type: 'success', message: t('event.judgeDeleted', { login }) });
    } catch (error) {
      notifyError(error);
    }
    await refresh();
  };
  const origin = window.location.origin;

  return (
    <Stack gap="sm" id={JUDGES_ANCHOR} className="judge-accounts">
      <Title order={2} size="h3" ref={heading} tabIndex={-1}>
        {t('event.judges')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('event.judgesHint')}
      </Text>
      <Group>
        <Button leftSection={<IconUserPlus size={18} aria-hidden />} loading={creating} onClick={() => void create()}>
          {t('event.createJudge')}
        </Button>
      </Group>
      {created.slice(0, -1).map((judge) => (
        <Alert
          key={judge.login}
          color="yellow"
          variant="outline"
          withCloseButton
          onClose={() => forget(judge.login)}
          closeButtonLabel={t('event.closeCreatedJudge')}
          data-testid="earlier-judge"
        >
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{t('event.judgeLogin')}:</Text>
            <Code>{judge.login}</Code>
            <CopyValueButton value={judge.login} label={t('event.copyLogin', { login: judge.login })} />
            <Text size="sm">{t('event.judgePassword')}:</Text>
            <Code>{judge.password}</Code>
            <CopyValueButton value={judge.password} label={t('event.copyPassword')} />
            {/* Its card again: this login becomes the one shown in full (and printed). */}
            <Button size="xs" variant="light" onClick={() => setCreated((current) => [...current.filter((other) => other.login !== judge.login), judge])}>
              {t('event.showJudgeCard')}
            </Button>
          </Group>
        </Alert>
      ))}
      {latest && <CreatedJudgePanel key={latest.login} event={event} judge={latest} onClose={() => forget(latest.login)} />}
      {accounts.data && accounts.data.length > 0 && (
        <Table withTableBorder>
          <Table.Tbody>
            {accounts.data.map((account) => (
              <Table.Tr key={account.id}>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Code>{account.login}</Code>
                    {!account.revoked && <CopyValueButton value={account.login} label={t('event.copyLogin', { login: account.login })} />}
                  </Group>
                </Table.Td>
                <Table.Td>{account.revoked && <Badge color="gray">{t('event.judgeRevoked')}</Badge>}</Table.Td>
                <Table.Td w={56}>
                  {!account.revoked && (
                    <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('event.deleteJudge', { login: account.login })} onClick={() => void remove(account.id, account.login)}>
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {event.races.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('event.judgeScorecards')}
          </Text>
          {event.races.map((race) => {
            const address = scorecardAddress(origin, race.id);
            return (
              <Group key={race.id} gap="xs" wrap="nowrap" align="center">
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {race.name}
                  </Text>
                  <Anchor href={address} size="sm" className="judge-address">
                    {address}
                  </Anchor>
                </Stack>
                <CopyValueButton value={address} label={t('event.copyAddress', { race: race.name })} />
                <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('event.showQr', { race: race.name })} onClick={() => setQrRace(race)}>
                  <IconQrcode size={18} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
      )}
      <Modal opened={qrRace !== null} onClose={() => setQrRace(null)} title={qrRace?.name ?? ''} closeButtonProps={{ 'aria-label': t('event.closeQr') }} size="auto" centered>
        {qrRace && (
          <Stack align="center" gap="xs" maw={340}>
            <QrCode value={scorecardAddress(origin, qrRace.id)} size={280} label={t('event.scorecardQr', { race: qrRace.name })} />
            <Text size="sm" ta="center">
              {t('event.scorecardQrHint')}
            </Text>
            <Text size="xs" ff="monospace" ta="center" className="judge-address">
              {scorecardAddress(origin, qrRace.id)}
            </Text>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
