import { ERROR_CATALOGUE } from '@climbing/domain';
import { formatEntryTime } from '../../../lib/format-entry-time';
import { Alert, Badge, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDeviceMobileExclamation } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/translation';
import { formatClockTime } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import type { RaceStepPreview } from './race-step-preview';
import classes from './race-step-preview.module.css';

type Advancing = NonNullable<RaceStepPreview['advancing']>;
type Ranking = Advancing['rankings'][number];

/** "Group C" for a group's lines; nothing for rounds without one. */
const useGroupLabel = () => {
  const { t } = useTranslation();
  return (group: string | null) => (group === null ? t('raceSteps.preview.noGroup') : t('scorecard.group', { name: group }));
};

/** Starting the qualification: the registered racers who are not checked in (they will not climb), by group. */
export function CheckInSection({ checkIn }: { checkIn: NonNullable<RaceStepPreview['checkIn']> }) {
  const { t } = useTranslation();
  const groupLabel = useGroupLabel();
  const missing = checkIn.notCheckedIn;
  const groups = [...new Set(missing.map((racer) => racer.group))].sort((a, b) => (a ?? '').localeCompare(b ?? ''));
  return (
    <Stack gap="xs" data-testid="preview-check-in">
      {missing.length > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title={t('raceSteps.preview.notCheckedIn', { count: missing.length })}>
          <Stack gap={6}>
            <Text size="sm">{t('raceSteps.preview.notCheckedInWillNotClimb')}</Text>
            {groups.map((group) => {
              const racers = missing.filter((racer) => racer.group === group);
              return (
                <Text size="sm" key={group ?? ''}>
                  <Text span fw={700} size="sm">
                    {t('raceSteps.preview.groupWithCount', { group: groupLabel(group), count: racers.length })}
                  </Text>{' '}
                  {racers.map((racer) => `${racer.racerNumber} ${racer.fullName}`).join(', ')}
                </Text>
              );
            })}
          </Stack>
        </Alert>
      )}
      <Text size="sm">
        {t('raceSteps.preview.climbing', { count: checkIn.climbing })}
        {checkIn.withdrawn > 0 && ` ${t('raceSteps.preview.withdrawn', { count: checkIn.withdrawn })}`}
      </Text>
    </Stack>
  );
}

/** The stage the step closes: how many of its rounds (matches) are not finished, per qualification group. */
export function ClosingSection({ closing }: { closing: NonNullable<RaceStepPreview['closing']> }) {
  const { t } = useTranslation();
  const groupLabel = useGroupLabel();
  const matches = closing.unit === 'MATCHES';
  const stage = t(`results.stage.${closing.stage}`);
  if (closing.notFinished === 0) {
    return (
      <Group gap={6} wrap="nowrap" data-testid="preview-unfinished">
        <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden style={{ flexShrink: 0 }} />
        <Text size="sm">
          {stage}: {t(matches ? 'raceSteps.preview.allMatchesDecided' : 'raceSteps.preview.allFinished', { count: closing.total })}
        </Text>
      </Group>
    );
  }
  const named = closing.groups.filter((group) => group.group !== null);
  return (
    <Alert color="orange" icon={<IconAlertTriangle aria-hidden />} title={t('raceSteps.preview.unfinishedTitle', { stage })} data-testid="preview-unfinished">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t(matches ? 'raceSteps.preview.matchesNotDecided' : 'raceSteps.preview.roundsNotFinished', { count: closing.notFinished, total: closing.total })}
          {!matches && closing.notStarted > 0 && ` ${t('raceSteps.preview.nothingEntered', { count: closing.notStarted })}`}
        </Text>
        {named.length > 0 && (
          <List size="sm" spacing={2}>
            {named.map((group) => (
              <List.Item key={group.group}>
                {t('raceSteps.preview.inGroup', { group: groupLabel(group.group), what: t('raceSteps.preview.notFinished', { count: group.notFinished }) })}
                {group.notStarted > 0 && ` ${t('raceSteps.preview.nothingEntered', { count: group.notStarted })}`}
              </List.Item>
            ))}
          </List>
        )}
        {closing.unfinishedRacers.length > 0 && (
          <Text size="sm" data-testid="preview-unfinished-racers">
            {t('raceSteps.preview.unfinishedNamed')}{' '}
            {closing.unfinishedRacers
              .map((racer) => `${racer.racerNumber} ${racer.fullName}${racer.group === null ? '' : ` (${groupLabel(racer.group)})`}${racer.nothingEntered ? ` – ${t('raceSteps.preview.nothingEnteredMark')}` : ''}`)
              .join(', ')}
            {closing.notFinished > closing.unfinishedRacers.length && ` ${t('raceSteps.preview.andMore', { count: closing.notFinished - closing.unfinishedRacers.length })}`}
          </Text>
        )}
        {!matches && (
          <Text size="xs" c="dimmed">
            {t('raceSteps.preview.finishedMeans')}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * Judges' devices still holding entries, those not heard from lately (whose unsent entries, if
 * any, the server cannot know), and what happens to entries that arrive after the stage is closed.
 */
function DevicesSection({ devices, silent, stage }: { devices: RaceStepPreview['devices']; silent: RaceStepPreview['silentDevices']; stage: NonNullable<RaceStepPreview['closing']>['stage'] }) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const warning = <Text size="sm">{t(`raceSteps.preview.refusedAfter.${stage}`)}</Text>;
  const who = (device: RaceStepPreview['devices'][number]) => device.judgeLogin ?? device.userName ?? device.deviceId;
  const silentList = silent.length > 0 && (
    <Alert color="orange" icon={<IconDeviceMobileExclamation aria-hidden />} title={t('raceSteps.preview.silentTitle')} data-testid="preview-silent-devices">
      <Stack gap={6}>
        <List size="sm" spacing={2}>
          {silent.map((device) => (
            <List.Item key={device.deviceId}>{t('raceSteps.preview.silentDevice', { who: who(device), seen: formatClockTime(device.lastSeenAt, language) })}</List.Item>
          ))}
        </List>
        <Text size="sm">{t('raceSteps.preview.silentExplain')}</Text>
      </Stack>
    </Alert>
  );
  if (devices.length === 0) {
    return (
      <Stack gap={4} data-testid="preview-devices">
        {silentList || (
          <Group gap={6} wrap="nowrap">
            <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm">{t('raceSteps.preview.noDevicesWaiting')}</Text>
          </Group>
        )}
        {warning}
      </Stack>
    );
  }
  return (
    <Stack gap={4}>
      <Alert color="red" icon={<IconDeviceMobileExclamation aria-hidden />} title={t('rounds.devices')} data-testid="preview-devices">
        <Stack gap={6}>
          <List size="sm" spacing={2}>
            {devices.map((device) => (
              <List.Item key={device.deviceId}>
                {t('rounds.deviceWaiting', {
                  count: device.pending,
                  who: who(device),
                  since: device.oldestPendingAt ? formatClockTime(device.oldestPendingAt, language) : t('rounds.deviceNoSince'),
                  seen: formatClockTime(device.lastSeenAt, language),
                })}
              </List.Item>
            ))}
          </List>
          {warning}
        </Stack>
      </Alert>
      {silentList}
    </Stack>
  );
}

/** One ranking's racers who advance, the tie at the cut-off marked. */
function RankingAdvancing({ ranking, quota, showGroup }: { ranking: Ranking; quota: number; showGroup: boolean }) {
  const { t } = useTranslation();
  const tied = new Set(ranking.tie?.racerIds ?? []);
  const tiedNames = ranking.racers.filter((racer) => tied.has(racer.racerId)).map((racer) => racer.fullName);
  return (
    <Stack gap={6} data-testid={`preview-advancing-${ranking.sex ?? 'ALL'}`}>
      {ranking.sex !== null && (
        <Title order={4} size="h5">
          {t(`raceGender.${ranking.sex === 'F' ? 'WOMEN' : 'MEN'}`)}
        </Title>
      )}
      {ranking.racers.length === 0 ? (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} p="xs">
          {t('raceSteps.preview.nobodyAdvances')}
        </Alert>
      ) : (
        <Text size="sm" fw={600}>
          {t('raceSteps.preview.advancing', { count: ranking.racers.length, places: t('raceSteps.preview.places', { count: quota }) })}
        </Text>
      )}
      {ranking.tie && (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} p="xs" data-testid="preview-tie">
          <Text size="sm">{t('raceSteps.preview.tie', { names: tiedNames.join(', '), rank: ranking.tie.rank, count: ranking.racers.length, quota })}</Text>
        </Alert>
      )}
      {ranking.unranked > 0 && (
        <Text size="sm" c="dimmed">
          {t('raceSteps.preview.unranked', { count: ranking.unranked })}
        </Text>
      )}
      {ranking.racers.length > 0 && (
        <Table.ScrollContainer minWidth={300}>
          <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs" fz="sm" className={classes.table}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('results.column.rank')}</Table.Th>
                <Table.Th>{t('results.column.number')}</Table.Th>
                <Table.Th>{t('results.column.name')}</Table.Th>
                {showGroup && <Table.Th>{t('results.column.group')}</Table.Th>}
                <Table.Th visibleFrom="xs">{`${t('results.column.club')} · ${t('results.column.country')}`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ranking.racers.map((racer) => (
                <Table.Tr key={racer.racerId} className={tied.has(racer.racerId) ? classes.tied : undefined} data-tied={tied.has(racer.racerId) || undefined}>
                  <Table.Td>{racer.rank}</Table.Td>
                  <Table.Td>{racer.racerNumber}</Table.Td>
                  <Table.Td>
                    {racer.fullName}
                    {tied.has(racer.racerId) && (
                      <Badge ml={6} size="xs" color="orange" variant="light" className={classes.badge}>
                        {t('raceSteps.preview.tied')}
                      </Badge>
                    )}
                    {racer.reason !== 'QUOTA' && (
                      <Badge ml={6} size="xs" color="blue" variant="light" className={classes.badge}>
                        {t(`raceSteps.preview.reason.${racer.reason}`)}
                      </Badge>
                    )}
                  </Table.Td>
                  {showGroup && <Table.Td>{racer.group}</Table.Td>}
                  <Table.Td visibleFrom="xs">{[racer.club, racer.country].filter(Boolean).join(' · ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Who the step sends into the semifinal or final, per ranking, by the rule that creates its rounds. */
function AdvancingSection({ advancing }: { advancing: Advancing }) {
  const { t } = useTranslation();
  const showGroup = advancing.rankings.some((ranking) => ranking.racers.some((racer) => racer.group !== null));
  return (
    <Stack gap="sm" data-testid="preview-advancing">
      <Title order={3} size="h5">
        {t(`raceSteps.preview.advancingTitle.${advancing.stage}`)}
      </Title>
      {advancing.rankings.length === 0 && (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} p="xs">
          {t('raceSteps.preview.nobodyAdvances')}
        </Alert>
      )}
      {advancing.rankings.map((ranking) => (
        <RankingAdvancing key={ranking.sex ?? 'ALL'} ranking={ranking} quota={advancing.quota} showGroup={showGroup} />
      ))}
    </Stack>
  );
}

/**
 * Who advances in a line per ranking, at the top of the step's preview: the warnings about the
 * stage it closes come before the list, and on a laptop the list was below the dialog's first
 * screen, its heading alone above the Start button.
 */
function AdvancingOutcome({ advancing }: { advancing: Advancing }) {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light" p="xs" title={t(`raceSteps.preview.advancingTitle.${advancing.stage}`)} data-testid="preview-outcome">
      {advancing.rankings.length === 0 && <Text size="sm">{t('raceSteps.preview.nobodyAdvances')}</Text>}
      {advancing.rankings.map((ranking) => (
        <Text size="sm" key={ranking.sex ?? 'ALL'}>
          {ranking.sex !== null && <b>{`${t(`raceGender.${ranking.sex === 'F' ? 'WOMEN' : 'MEN'}`)}: `}</b>}
          {ranking.racers.length === 0
            ? t('raceSteps.preview.nobodyAdvances')
            : t('raceSteps.preview.advancing', { count: ranking.racers.length, places: t('raceSteps.preview.places', { count: advancing.quota }) })}
          {ranking.tie && ` ${t('raceSteps.preview.tieAt', { rank: ranking.tie.rank })}`}
        </Text>
      ))}
    </Alert>
  );
}

/** A speed final: each ranking's bracket with its seeds. */
function SpeedBracketsSection({ brackets }: { brackets: NonNullable<RaceStepPreview['speedBrackets']> }) {
  const { t, i18n } = useTranslation();
  const none = brackets.every((bracket) => bracket.size === 0);
  return (
    <Stack gap="sm" data-testid="preview-speed-brackets">
      <Title order={3} size="h5">
        {t('raceSteps.preview.advancingTitle.FINAL')}
      </Title>
      {none && (
        <Alert color="red" icon={<IconAlertTriangle aria-hidden />} p="xs">
          {ERROR_CATALOGUE.SPEED_BRACKET_TOO_SMALL[currentLanguage(i18n)]}
        </Alert>
      )}
      {brackets.map((bracket) => (
        <Stack gap={4} key={bracket.gender}>
          <Text size="sm" fw={600}>
            {bracket.gender === 'MIXED' ? '' : `${t(`raceGender.${bracket.gender}`)}: `}
            {bracket.size > 0 ? t('speedPlan.bracket', { size: bracket.size, count: bracket.racersWithTime }) : t('speedPlan.noBracket', { count: bracket.racersWithTime })}
          </Text>
          {bracket.racers.length > 0 && (
            <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('raceSteps.preview.seed')}</Table.Th>
                  <Table.Th>{t('results.column.number')}</Table.Th>
                  <Table.Th>{t('results.column.name')}</Table.Th>
                  <Table.Th>{t('results.column.time')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {bracket.racers.map((racer) => (
                  <Table.Tr key={racer.racerId}>
                    <Table.Td>{racer.seed}</Table.Td>
                    <Table.Td>{racer.racerNumber}</Table.Td>
                    <Table.Td>{racer.fullName}</Table.Td>
                    <Table.Td>{racer.time === null ? '' : formatEntryTime(racer.time, i18n.language)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * What a race step will do, from its preview (GET /api/race/{id}/state-preview), inside the step's
 * confirmation: who does not climb (starting the qualification); the stage it closes, with its
 * unfinished rounds per group and the judges' devices still holding entries (refused once it is
 * closed); who advances, ties at the cut-off named, or the speed brackets.
 */
export function RaceStepPreviewView({ preview }: { preview: RaceStepPreview }) {
  return (
    <Stack gap="md" data-testid="race-step-preview">
      {preview.advancing && preview.closing && <AdvancingOutcome advancing={preview.advancing} />}
      {preview.checkIn && <CheckInSection checkIn={preview.checkIn} />}
      {preview.closing && <ClosingSection closing={preview.closing} />}
      {preview.closing && <DevicesSection devices={preview.devices} silent={preview.silentDevices} stage={preview.closing.stage} />}
      {preview.advancing && <AdvancingSection advancing={preview.advancing} />}
      {preview.speedBrackets && <SpeedBracketsSection brackets={preview.speedBrackets} />}
    </Stack>
  );
}
