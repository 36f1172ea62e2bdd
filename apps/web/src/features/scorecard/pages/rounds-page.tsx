import { RACE_FORMATS, STAGES, allowedRoundActions, isStageClosed, shownStageOf, type RaceFormat, type RaceState, type RoundAction, type RoundState, type Stage } from '@climbing/domain';
import { Alert, Button, Checkbox, Group, Loader, Menu, Modal, Paper, Stack, Table, Tabs, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useParams, useSearchParams } from 'react-router';
import { RaceNextStep } from '../../../components/ui/race-steps/race-next-step';
import { SegmentedRadios } from '../../../components/ui/segmented-radios/segmented-radios';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { useToast } from '../../../components/ui/toast/toast-context';
import { formatBoulderMarks } from '../../../lib/format-boulder-marks';
import { parseIdParam, raceInfoQueryOptions, raceStages, raceTitle, useRaceInfo } from '../../../lib/race-info';
import { raceStateOf } from '../../../lib/race-state';
import { roundOf, useRacerList, racerListQueryOptions, type RacerWithRound, type Round } from '../api/racer-list';
import { changeRaceState, changeRoundState } from '../api/round-state';
import { AuditDialog } from '../components/audit-dialog';
import { DeviceQueueAlert } from '../components/device-queue-alert';
import { RoundStateBadge } from '../components/round-state-badge';
import { SpeedFinalMatches } from '../components/speed-final-matches';
import { closedRoundsOf, speedFinalSections, speedMatchTitle, type FinalMatch } from '../model/speed-final-matches';
import { formatLeadRoute } from '../model/lead-marks';
import { runValue } from '../model/speed-entry';
import type { TFunction } from '../../../lib/translation';

/** The round state each action leads to (PUT /api/round/state takes the target state). */
const TARGET: Record<RoundAction, RoundState> = { START: 'STARTED', CLOSE: 'CLOSED', REOPEN: 'STARTED', RESTART: 'READY' };
/** Round steps shown as buttons; reopening and restarting are the less common ones, in a menu. */
const MAIN_ACTIONS: readonly RoundAction[] = ['START', 'CLOSE'];
const MORE_ACTIONS: readonly RoundAction[] = ['REOPEN', 'RESTART'];

const isRaceFormat = (value: string | null | undefined): value is RaceFormat => value != null && (RACE_FORMATS as readonly string[]).includes(value);

const isStage = (value: string | null): value is Stage => value !== null && (STAGES as readonly string[]).includes(value);

type Confirmation =
  | { kind: 'rounds'; action: RoundAction; roundIds: number[] }
  /** Reopening one speed final match: the closed rounds of its two racers, in one call. */
  | { kind: 'match'; action: 'REOPEN'; roundIds: number[]; title: string; racers: string };

/** /admin/races/:raceId/rounds — rounds per stage: start, close, reopen, restart; audit trail. */
export function RoundsPage() {
  const { t } = useTranslation();
  const raceId = parseIdParam(useParams().raceId);
  if (raceId === null) return <Alert color="red">{t('app.badRace')}</Alert>;
  return <Rounds raceId={raceId} />;
}

/** What is entered in a round, in the results' words: boulder marks, lead heights or speed runs, "–" where nothing is. */
const roundMarks = (t: TFunction, round: Round, language: string): string => {
  if (round.boulders.length > 0) return round.boulders.map((boulder) => formatBoulderMarks(boulder) || '–').join(' | ');
  if (round.routes.length > 0) return round.routes.map(formatLeadRoute).join(' | ');
  return round.speedRoutes.map((run) => runValue(t, run, language)).join(' | ');
};

function Rounds({ raceId }: { raceId: number }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const [params, setParams] = useSearchParams();
  const race = useRaceInfo(raceId);
  const stages = raceStages(race.data);
  const stageParam = params.get('stage');
  const raceState = raceStateOf(race.data);
  const raceFormat = isRaceFormat(race.data?.raceFormat) ? race.data.raceFormat : null;
  // Without a chosen stage the page shows the one the race is in (the last one once it is finished).
  const currentStage = raceState ? shownStageOf(raceState, stages) : null;
  const stage: Stage = isStage(stageParam) && stages.includes(stageParam) ? stageParam : (currentStage ?? stages[0] ?? 'QUALIFICATION');
  const stageClosed = raceState !== null && isStageClosed(raceState, stage);
  const racers = useRacerList(raceId, stage);
  const [selected, setSelected] = useState<number[]>([]);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [busy, setBusy] = useState(false);
  const [audited, setAudited] = useState<RacerWithRound | null>(null);

  const allRows = useMemo(() => (racers.data ?? []).flatMap((racer) => { const round = roundOf(racer); return round ? [{ racer, round }] : []; }), [racers.data]);
  // A speed final: its rounds by match ("Quarter-final 3: A – B"), so the two of a match are reopened
  // together; a match's racers come from any group, so no group filter then. Only a speed final's
  // list names matches: no racer table flashes before the race's details are read.
  const sections = useMemo(() => (stage === 'FINAL' ? speedFinalSections(allRows) : []), [stage, allRows]);
  const byMatch = sections.length > 0;
  // Several qualification groups climb apart: the table says each racer's group and can show one
  // group, whose rounds the steps then apply to (a tester saw groups A and B interleaved).
  // Only the qualification climbs in groups: a semifinal or final ranks everybody together, its table names no group.
  const groups = useMemo(
    () => (stage === 'QUALIFICATION' ? [...new Set(allRows.map(({ racer }) => racer.qualificationGroup).filter((name): name is string => name !== null))].sort() : []),
    [allRows, stage],
  );
  const [groupParam, setGroupParam] = useState('');
  const group = !byMatch && groups.includes(groupParam) ? groupParam : '';
  const rows = useMemo(() => (group === '' ? allRows : allRows.filter(({ racer }) => racer.qualificationGroup === group)), [allRows, group]);
  const chosen = rows.filter(({ round }) => selected.includes(round.id));
  const target = chosen.length > 0 ? chosen : rows;
  // A speed final's rounds hold the runs of their matches: a match is entered and corrected as one,
  // so the only round step is reopening the two racers of a match to correct (server: SPEED_FINAL_ROUND_BY_MATCH).
  const speedFinal = race.data?.discipline === 'SPEED' && stage === 'FINAL';
  const allows = (action: RoundAction) => (!speedFinal || action === 'REOPEN') && target.length > 0 && target.some(({ round }) => allowedRoundActions(round.state).includes(action));

  const run = async (action: RoundAction) => {
    const roundIds = target.filter(({ round }) => allowedRoundActions(round.state).includes(action)).map(({ round }) => round.id);
    if (roundIds.length === 0 || !allows(action)) return;
    if (action === 'RESTART' || action === 'CLOSE' || action === 'REOPEN') setConfirmation({ kind: 'rounds', action, roundIds });
    else await apply({ kind: 'rounds', action, roundIds });
  };

  /** Reopening a match asks first, as the page does for its other steps that a judge cannot undo. */
  const reopenMatch = (match: FinalMatch) => {
    const roundIds = closedRoundsOf(match);
    if (roundIds.length === 0 || !match.racerA || !match.racerB) return;
    const racers = [match.racerA, match.racerB].map(({ racer }) => `${racer.racerNumber} · ${racer.fullName}`).join(' – ');
    const several = new Set(sections.map((section) => section.gender)).size > 1;
    setConfirmation({ kind: 'match', action: 'REOPEN', roundIds, title: speedMatchTitle(t, match, several), racers });
  };

  const apply = async (change: Confirmation) => {
    setBusy(true);
    try {
      await changeRoundState(change.roundIds, TARGET[change.action]);
      notify({ type: 'success', message: change.kind === 'match' ? t('rounds.matchReopened', { match: change.title }) : t(`rounds.done.${change.action}`, { count: change.roundIds.length }) });
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
  /** One step of the race: the server closes and creates groups and rounds; the page follows to the stage the race is in now. */
  const changeRace = async (target: RaceState) => {
    await changeRaceState(raceId, target);
    await queryClient.invalidateQueries({ queryKey: raceInfoQueryOptions(raceId).queryKey });
    await queryClient.invalidateQueries({ queryKey: ['racer-list', raceId] });
    const now = shownStageOf(target, stages);
    if (now) setParams({ stage: now }, { replace: true });
    setSelected([]);
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t('rounds.title')}</Title>
        <Text c="dimmed" data-testid="race-title">
          {race.isPending ? t('app.loading') : raceTitle(race.data, raceId)}
        </Text>
      </div>

      {raceState && raceFormat && (
        <Paper withBorder p="md" radius="md">
          <RaceNextStep raceId={raceId} state={raceState} format={raceFormat} change={changeRace} />
        </Paper>
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
        {stageClosed ? (
          <Text size="sm" c="dimmed" data-testid="stage-closed">
            {t(raceState === 'FINISHED' ? 'rounds.raceFinished' : 'rounds.stageClosed')}
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {chosen.length > 0 ? t('rounds.selectedCount', { count: chosen.length }) : group !== '' ? t('rounds.wholeGroup', { name: group }) : t('rounds.wholeStage')}
            </Text>
            {/* A speed final round is never started or closed on its own (SPEED_FINAL_ROUND_BY_MATCH): no buttons that never work. */}
            {(speedFinal ? [] : MAIN_ACTIONS).map((action) => (
              <Button key={action} size="xs" variant="light" disabled={busy || !allows(action)} onClick={() => void run(action)}>
                {t(`rounds.action.${action}`)}
              </Button>
            ))}
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <Button size="xs" variant="default" rightSection={<IconChevronDown size={14} aria-hidden />} disabled={busy || !MORE_ACTIONS.some(allows)}>
                  {t('rounds.more')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {MORE_ACTIONS.filter((action) => !speedFinal || action === 'REOPEN').map((action) => (
                  <Menu.Item key={action} color={action === 'RESTART' ? 'red' : undefined} disabled={!allows(action)} onClick={() => void run(action)}>
                    {t(`rounds.action.${action}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </>
        )}
        <Button size="xs" variant="subtle" component={Link} to={`/races/${raceId}/scorecard?stage=${stage}`}>
          {t('scorecard.title')}
        </Button>
        <Button size="xs" variant="subtle" component={Link} to={`/races/${raceId}/results?stage=${stage}`}>
          {t('results.title')}
        </Button>
      </Group>

      {speedFinal && !stageClosed && (
        <Alert color="blue" variant="light" data-testid="speed-final-rounds-hint">
          {t('rounds.speedFinalHint')}
        </Alert>
      )}

      {groups.length > 1 && !byMatch && (
        <SegmentedRadios
          label={t('results.column.group')}
          value={group}
          onChange={(value) => {
            setGroupParam(value);
            setSelected([]);
          }}
          options={[{ value: '', label: t('rounds.allGroups') }, ...groups.map((name) => ({ value: name, label: t('scorecard.group', { name }) }))]}
        />
      )}
      {racers.isPending && <Loader mx="auto" role="progressbar" aria-label={t('app.loading')} />}
      {racers.isError && <Alert color="red">{t('scorecard.loadFailed')}</Alert>}
      {racers.isSuccess && rows.length === 0 && <Text c="dimmed">{t('rounds.empty')}</Text>}
      {byMatch && <SpeedFinalMatches sections={sections} editable={!stageClosed} busy={busy} onReopen={reopenMatch} onAudit={setAudited} />}
      {rows.length > 0 && !byMatch && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped data-testid="rounds-table">
            <Table.Thead>
              <Table.Tr>
                {/* A closed stage offers no round step, so nothing to select either. */}
                {!stageClosed && (
                  <Table.Th w={40}>
                    <Checkbox aria-label={t('rounds.selectAll')} checked={allChecked} indeterminate={selected.length > 0 && !allChecked} onChange={(event) => setSelected(event.currentTarget.checked ? rows.map(({ round }) => round.id) : [])} />
                  </Table.Th>
                )}
                <Table.Th>{t('results.column.number')}</Table.Th>
                <Table.Th>{t('results.column.name')}</Table.Th>
                {groups.length > 1 && <Table.Th>{t('results.column.group')}</Table.Th>}
                <Table.Th>{t('rounds.state.label')}</Table.Th>
                <Table.Th>{t('rounds.scores')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map(({ racer, round }) => (
                <Table.Tr key={round.id}>
                  {!stageClosed && (
                    <Table.Td>
                      <Checkbox aria-label={t('rounds.select', { name: racer.fullName })} checked={selected.includes(round.id)} onChange={(event) => toggle(round.id, event.currentTarget.checked)} />
                    </Table.Td>
                  )}
                  <Table.Td>{racer.racerNumber}</Table.Td>
                  <Table.Td>{racer.fullName}</Table.Td>
                  {groups.length > 1 && <Table.Td>{racer.qualificationGroup}</Table.Td>}
                  <Table.Td>
                    <RoundStateBadge state={round.state} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{roundMarks(t, round, i18n.language)}</Table.Td>
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
              {confirmation.kind === 'match'
                ? t('rounds.confirmMatch', { match: confirmation.title, racers: confirmation.racers })
                : t(`rounds.confirm.${confirmation.action}`, { count: confirmation.roundIds.length })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setConfirmation(null)}>
                {t('rounds.cancel')}
              </Button>
              <Button color={confirmation.action === 'RESTART' ? 'red' : undefined} loading={busy} onClick={() => void apply(confirmation)}>
                {t(confirmation.kind === 'match' ? 'rounds.reopenMatch' : `rounds.action.${confirmation.action}`)}
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
