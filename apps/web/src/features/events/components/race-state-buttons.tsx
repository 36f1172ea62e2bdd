import { Badge, Button, Group, Menu, Modal, Stack, Text } from '@mantine/core';
import { QUALIFICATION_GROUP_STATES, type QualificationGroupState, type RaceState } from '@climbing/domain';
import { IconDots } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { RaceNextStep } from '../../../components/ui/race-steps/race-next-step';
import { fetchGroupStepPreview, type GroupStepPreview } from '../../../components/ui/race-steps/race-step-preview';
import { CheckInSection, ClosingSection } from '../../../components/ui/race-steps/race-step-preview-view';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { useToast } from '../../../components/ui/toast/toast-context';
import { changeGroupState, changeRaceState, type QualificationGroup, type Race } from '../api/race';
import { raceRegistrationsQuery } from '../api/registrations';
import { raceStateColor } from '../model/race-state-view';

/** The race's one next step and its other actions (issue 10, item 7), sent as the target state. */
export function RaceStateButtons({ race }: { race: Race }) {
  const queryClient = useQueryClient();
  const change = async (target: RaceState) => {
    const updated = await changeRaceState(race.id, target);
    queryClient.setQueryData(['races', race.id], updated);
    void queryClient.invalidateQueries({ queryKey: ['event', race.eventId] });
    // Starting the qualification puts racers into starting orders: the racers table's locks follow.
    void queryClient.invalidateQueries({ queryKey: raceRegistrationsQuery(race.id).queryKey });
  };
  return <RaceNextStep raceId={race.id} state={race.state} format={race.raceFormat} change={change} stateColor={raceStateColor(race.state)} />;
}

const isStepBack = (from: QualificationGroupState, to: QualificationGroupState): boolean => QUALIFICATION_GROUP_STATES.indexOf(to) < QUALIFICATION_GROUP_STATES.indexOf(from);

const groupActionLabel = (from: QualificationGroupState, to: QualificationGroupState): string =>
  isStepBack(from, to) ? `race.groupAction.REOPEN_${to}` : `race.groupAction.${to}`;

/**
 * How many racers a group has: those who climb (its starting order once it has one, before it
 * those who would climb if it started now), and the registrations when they are more (racers
 * not checked in or withdrawn). The walkthrough's group said "4 racers" while 2 climbed.
 */
function GroupCount({ group }: { group: QualificationGroup }) {
  const { t } = useTranslation();
  const climbing = group.climbingCount ?? group.racersCount;
  const countKey = group.state === 'OPEN_REGISTRATION' ? 'race.groupWillClimb' : group.state === 'QUALIFICATION_CLOSED' ? 'race.groupClimbed' : 'race.groupClimbing';
  return (
    <Text size="sm" c="dimmed" data-testid="group-count">
      {t(countKey, { count: climbing })}
      {group.racersCount !== climbing && ` ${t('race.groupRegistered', { registered: group.racersCount })}`}
    </Text>
  );
}

interface GroupChange {
  group: QualificationGroup;
  state: QualificationGroupState;
  /** A step forward asks only when its preview finds someone left out or a round unfinished, or could not be read. */
  preview?: GroupStepPreview | 'FAILED';
}

/** Whether a step forward needs asking: racers it leaves out of the starting order, rounds of the group not finished. */
const previewAsks = (preview: GroupStepPreview): boolean => (preview.checkIn?.notCheckedIn.length ?? 0) > 0 || (preview.closing?.notFinished ?? 0) > 0;

/** What a group's step forward leaves out, and what closing the group means for its judges. */
function GroupStepPreviewView({ preview }: { preview: GroupStepPreview }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" data-testid="group-step-preview">
      {preview.checkIn && <CheckInSection checkIn={preview.checkIn} />}
      {preview.closing && (
        <>
          <ClosingSection closing={preview.closing} />
          <Text size="sm">{t('race.groupClosingNote')}</Text>
        </>
      )}
    </Stack>
  );
}

/**
 * Group states: one row per group with its state, the steps forward as buttons and the steps back
 * (reopen, back to registration) in a menu, asked first (PUT /api/qualification-group/{id}/state).
 * Once the race is past the roster the server offers no group step: groups follow the race.
 */
export function GroupStateButtons({ race }: { race: Race }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { notify } = useToast();
  const [asking, setAsking] = useState<GroupChange | null>(null);
  /** The group whose step's preview is being read (its button shows it). */
  const [checking, setChecking] = useState<number | null>(null);
  const change = async ({ group, state }: GroupChange) => {
    setAsking(null);
    try {
      queryClient.setQueryData(['races', race.id], await changeGroupState(group.id, state));
      void queryClient.invalidateQueries({ queryKey: ['races', race.id] });
      notify({ type: 'success', message: t('race.groupChanged', { name: group.name, state: t(`race.groupState.${state}`) }) });
    } catch (error) {
      notifyError(error);
    }
  };
  /**
   * A step forward: the preview first (the step's own rules on the server); asked only when it
   * leaves registered racers out of the starting order or closes a group with unfinished rounds.
   */
  const stepForward = async (group: QualificationGroup, state: QualificationGroupState) => {
    setChecking(group.id);
    try {
      const preview = await fetchGroupStepPreview(group.id, state);
      if (previewAsks(preview)) setAsking({ group, state, preview });
      else await change({ group, state });
    } catch {
      // Unread (the hall's network): the step is asked for with that said, and can still be taken.
      setAsking({ group, state, preview: 'FAILED' });
    } finally {
      setChecking(null);
    }
  };
  return (
    <Stack gap="xs">
      {race.qualificationGroups.map((group) => {
        const forward = group.allowedStates.filter((state) => !isStepBack(group.state, state));
        const back = group.allowedStates.filter((state) => isStepBack(group.state, state));
        return (
          <Group key={group.id} gap="xs" wrap="wrap" data-testid={`group-${group.name}`}>
            <Text fw={600} w={90}>
              {t('startingList.group', { name: group.name })}
            </Text>
            <Badge variant="light">{t(`race.groupState.${group.state}`)}</Badge>
            <GroupCount group={group} />
            {forward.map((state) => (
              <Button
                key={state}
                size="compact-sm"
                variant="light"
                loading={checking === group.id}
                disabled={checking !== null && checking !== group.id}
                onClick={() => void stepForward(group, state)}
              >
                {t(groupActionLabel(group.state, state))}
              </Button>
            ))}
            {back.length > 0 && (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <Button size="compact-sm" variant="subtle" color="gray" aria-label={t('race.groupMore', { name: group.name })}>
                    <IconDots size={16} aria-hidden />
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {back.map((state) => (
                    <Menu.Item key={state} color={state === 'OPEN_REGISTRATION' ? 'red' : undefined} onClick={() => setAsking({ group, state })}>
                      {t(groupActionLabel(group.state, state))}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
          </Group>
        );
      })}
      <Modal opened={asking !== null} onClose={() => setAsking(null)} title={t('rounds.confirmTitle')}>
        {asking && (
          <Stack>
            {asking.preview ? (
              <>
                <Text fw={600}>{t(`race.groupStepAsk.${asking.state}`, { name: asking.group.name })}</Text>
                {asking.preview === 'FAILED' ? (
                  <Text size="sm" c="orange.9" data-testid="group-step-preview-failed">
                    {t('raceSteps.preview.failed')}
                  </Text>
                ) : (
                  <GroupStepPreviewView preview={asking.preview} />
                )}
              </>
            ) : (
              <Text>{t(asking.state === 'OPEN_REGISTRATION' ? 'race.groupConfirmBackToRegistration' : 'race.groupConfirmReopen', { name: asking.group.name })}</Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)}>
                {t('common.cancel')}
              </Button>
              <Button color={asking.state === 'OPEN_REGISTRATION' ? 'red' : undefined} onClick={() => void change(asking)}>
                {t(groupActionLabel(asking.group.state, asking.state))}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
