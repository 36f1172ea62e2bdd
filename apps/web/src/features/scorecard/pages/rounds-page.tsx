import { STAGES, allowedRoundActions, type RoundAction, type RoundState, type Stage } from '@climbing/domain';
import { Alert, Badge, Button, Checkbox, Group, Loader, Modal, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { useToast } from '../../../components/ui/toast/toast-context';
import { formatBoulderMarks } from '../../../lib/format-boulder-marks';
import { parseIdParam, raceInfoQueryOptions, raceStages, raceTitle, useRaceInfo } from '../../../lib/race-info';
import { roundOf, useRacerList, racerListQueryOptions, type RacerWithRound } from '../api/racer-list';
import { changeRaceState, changeRoundState } from '../api/round-state';
import { AuditDialog } from '../components/audit-dialog';
import { DeviceQueueAlert } from '../components/device-queue-alert';
import { RoundStateBadge } from '../components/round-state-badge';

/** The round state each action leads to (PUT /api/round/state takes the target state). */
const TARGET: Record<RoundAction, RoundState> = { START: 'STARTED', CLOSE: 'CLOSED', REOPEN: 'STARTED', RESTART: 'READY' };
const ACTIONS: readonly RoundAction[] = ['START', 'CLOSE', 'REOPEN', 'RESTART'];
/** Race state changes offered here; registration changes belong to the race settings. */
const RACE_STATE_ACTIONS = ['QUALIFICATION_ONGOING', 'SEMIFINALS', 'FINALS', 'FINISHED'];

const isStage = (value: string | null): value is Stage => value !== null && (STAGES as readonly string[]).includes(value);

type Confirmation = { kind: 'rounds'; action: RoundAction; roundIds: number[] } | { kind: 'race'; state: string };

/** /admin/races/:raceId/rounds — rounds per stage: start, close, reopen, restart; audit trail. */
export function RoundsPage() {
  const { t } = useTranslation();
  const raceId = parseIdParam(useParams().raceId);
  if (raceId === null) return <Alert color="red">{t('scorecard.badRace')}</Alert>;
  return <Rounds raceId={raceId} />;
}

function Rounds({ raceId }: { raceId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const [params, setParams] = useSearchParams();
  const race = useRaceInfo(raceId);
  const stages = raceStages(race.data);
  const stageParam = params.get('stage');
  const stage: Stage = isStage(stageParam) && stages.includes(stageParam) ? stageParam : (stages[0] ?? 'QUALIFICATION');
  const racers = useRacerList(raceId, stage);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [busy, setBusy] = useState(false);
  const [audited, setAudited] = useState<RacerWithRound | null>(null);

  const rows = useMemo(() => (racers.data ?? []).flatMap((racer) => { const round = roundOf(racer); return round ? [{ racer, round }] : []; }), [racers.data]);
  const chosen = rows.filter(({ round }) => selected.includes(round.id));
  const target = chosen.length > 0 ? chosen : rows;
  const allows = (action: RoundAction) => target.length > 0 && target.some(({ round }) => allowedRoundActions(round.state).includes(action));

  const run = async (action: RoundAction) => {
    const roundIds = target.filter(({ round }) => allowedRoundActions(round.state).includes(action)).map(({ round }) => round.id);
    if (roundIds.length === 0) return;
    if (action === 'RESTART' || action === 'CLOSE') setConfirmation({ kind: 'rounds', action, roundIds });
    else await apply({ kind: 'rounds', action, roundIds });
  };

  const apply = async (change: Confirmation) => {
    setBusy(true);
    try {
      if (change.kind === 'rounds') {
        await changeRoundState(change.roundIds, TARGET[change.action]);
        notify({ type: 'success', message: t(`rounds.done.${change.action}`, { count: change.roundIds.length }) });
      } else {
        await changeRaceState(raceId, change.state);
        notify({ type: 'success', message: t('rounds.raceStateChanged') });
        await queryClient.invalidateQueries({ queryKey: raceInfoQueryOptions(raceId).queryKey });
      }
      setSelected([]);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
      setConfirmation(null);
      await queryClient.invalidateQueries({ queryKey: racerListQueryOptions(raceId, stage).queryKey });
    }
  };

  const toggle = (roundId: number, checked: boolean) => setSelected((current) => (checked ? [...current, roundId] : current.filter((id) => id !== roundId)));
  const allChecked = rows.length > 0 && selected.length === rows.length;
  const raceActions = (race.data?.allowedStates ?? []).filter((state) => RACE_STATE_ACTIONS.includes(state));

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t('rounds.title')}</Title>
        <Text c="dimmed" data-testid="race-title">
          {race.isPending ? t('app.loading') : raceTitle(race.data, raceId)}
        </Text>
      </div>

      {race.data?.state && (
        <Group gap="xs">
          <Text size="sm">{t('rounds.raceState')}</Text>
          <Badge variant="light">{t(`live.raceState.${race.data.state}`, { defaultValue: race.data.state })}</Badge>
          {raceActions.map((state) => (
            <Button key={state} size="xs" variant="light" onClick={() => setConfirmation({ kind: 'race', state })} disabled={busy}>
              {t(`rounds.raceAction.${state}`)}
            </Button>
          ))}
        </Group>
      )}

      <DeviceQueueAlert raceId={raceId} />

      <Tabs value={stage} onChange={(value) => { if (value) { setParams({ stage: value }, { replace: true }); setSelected([]); } }}>
        <Tabs.List aria-label={t('results.stages')}>
          {stages.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`results.stage.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {chosen.length > 0 ? t('rounds.selectedCount', { count: chosen.length }) : t('rounds.wholeStage')}
        </Text>
        {ACTIONS.map((action) => (
          <Button key={action} size="xs" color={action === 'RESTART' ? 'red' : undefined} variant={action === 'RESTART' ? 'outline' : 'light'} disabled={busy || !allows(action)} onClick={() => void run(action)}>
            {t(`rounds.action.${action}`)}
          </Button>
        ))}
        <Button size="xs" variant="subtle" component={Link} to={`/races/${raceId}/scorecard?stage=${stage}`}>
          {t('scorecard.title')}
        </Button>
        <Button size="xs" variant="subtle" component={Link} to={`/races/${raceId}/results?stage=${stage}`}>
          {t('results.title')}
        </Button>
      </Group>

      {racers.isPending && <Loader mx="auto" aria-label={t('app.loading')} />}
      {racers.isError && <Alert color="red">{t('scorecard.loadFailed')}</Alert>}
      {racers.isSuccess && rows.length === 0 && <Text c="dimmed">{t('rounds.empty')}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="rounds-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox aria-label={t('rounds.selectAll')} checked={allChecked} indeterminate={selected.length > 0 && !allChecked} onChange={(event) => setSelected(event.currentTarget.checked ? rows.map(({ round }) => round.id) : [])} />
                </Table.Th>
                <Table.Th>{t('results.column.number')}</Table.Th>
                <Table.Th>{t('results.column.name')}</Table.Th>
                <Table.Th>{t('rounds.state.label')}</Table.Th>
                <Table.Th>{t('rounds.scores')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ racer, round }) => (
                <Table.Tr key={round.id}>
                  <Table.Td>
                    <Checkbox aria-label={t('rounds.select', { name: racer.fullName })} checked={selected.includes(round.id)} onChange={(event) => toggle(round.id, event.currentTarget.checked)} />
                  </Table.Td>
                  <Table.Td>{racer.racerNumber}</Table.Td>
                  <Table.Td>{racer.fullName}</Table.Td>
                  <Table.Td>
                    <RoundStateBadge state={round.state} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{round.boulders.map((boulder) => formatBoulderMarks(boulder) || '–').join(' | ')}</Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" onClick={() => setAudited(racer)}>
                      {t('rounds.audit')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Modal opened={confirmation !== null} onClose={() => setConfirmation(null)} title={t('rounds.confirmTitle')} closeButtonProps={{ 'aria-label': t('scorecard.dismiss') }}>
        {confirmation && (
          <Stack gap="md">
            <Text>
              {confirmation.kind === 'rounds'
                ? t(`rounds.confirm.${confirmation.action}`, { count: confirmation.roundIds.length })
                : t('rounds.confirmRaceState', { action: t(`rounds.raceAction.${confirmation.state}`) })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmation(null)}>
                {t('rounds.cancel')}
              </Button>
              <Button color={confirmation.kind === 'rounds' && confirmation.action === 'RESTART' ? 'red' : undefined} loading={busy} onClick={() => void apply(confirmation)}>
                {confirmation.kind === 'rounds' ? t(`rounds.action.${confirmation.action}`) : t(`rounds.raceAction.${confirmation.state}`)}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>

      {audited && roundOf(audited) && (
        <AuditDialog racerId={audited.id} roundId={roundOf(audited)?.id ?? 0} racerName={audited.fullName} onClose={() => setAudited(null)} />
      )}
    </Stack>
  );
}
