import { Badge, Button, Group, NativeSelect, Table, Text, VisuallyHidden } from '@mantine/core';
import { canEditRoster, type RegistrationState } from '@climbing/domain';
import { useTranslation } from '../../../lib/translation';
import type { Race } from '../api/race';
import type { Registration } from '../api/registrations';
import { clubOf, moveTargets } from '../model/check-in-desk';
import classes from './desk.module.css';
import { SexMark } from './sex-mark';

interface DeskRacerListProps {
  race: Race;
  registrations: readonly Registration[];
  busyId: number | null;
  onPresence: (registration: Registration, state: RegistrationState) => void;
  /** Moves a racer not yet in a starting order to another open group. */
  onMove: (registration: Registration, groupId: number) => void;
}

const presenceColor = (state: Registration['state']) => (state === 'PRESENT' ? 'green' : state === 'NOT_PRESENT' ? 'red' : 'gray');

/** The racers found by the desk's search: one tap marks present or not present; a racer not yet climbing can change group. */
export function DeskRacerList({ race, registrations, busyId, onPresence, onMove }: DeskRacerListProps) {
  const { t } = useTranslation();
  const editable = canEditRoster(race.state);
  if (registrations.length === 0) return <Text c="dimmed">{t('desk.nobodyFound')}</Text>;
  return (
    <Table verticalSpacing="xs" highlightOnHover data-testid="desk-racers" className={classes.table}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('desk.number')}</Table.Th>
          <Table.Th>{t('desk.racer')}</Table.Th>
          <Table.Th>{t('registration.group')}</Table.Th>
          <Table.Th>{t('desk.presence')}</Table.Th>
          <Table.Th>
            <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {registrations.map((registration) => {
          const present = registration.state === 'PRESENT';
          // In the starting order a racer with a score stays (the server refuses it); without one a late check-in can be undone.
          const scored = registration.inQualification && registration.hasResults;
          const locked = !editable || (present && scored);
          const targets = moveTargets(race, registration);
          return (
            <Table.Tr key={registration.id} className={classes.row} data-testid={`desk-racer-${registration.racerNumber}`} data-state={registration.state ?? 'NONE'}>
              <Table.Td fw={700} className={classes.number}>
                {registration.racerNumber}
              </Table.Td>
              <Table.Td className={classes.name}>
                {/* The sex beside the name, as on the race page: the desk sees a racer registered with the wrong one. */}
                <Group gap={0} wrap="nowrap">
                  <Text fw={600}>{registration.fullName}</Text>
                  <SexMark registration={registration} />
                </Group>
                {clubOf(registration) && (
                  <Text size="sm" c="dimmed">
                    {clubOf(registration)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td className={classes.group}>
                {editable && targets.length > 0 ? (
                  // A racer who asks to climb with friends: moved here, before they are in a starting order.
                  <NativeSelect
                    size="md"
                    aria-label={t('racers.groupOf', { name: registration.fullName })}
                    value={String(registration.qualificationGroupId ?? '')}
                    data={targets.map((group) => ({ value: String(group.id), label: t('registration.groupName', { name: group.name }) }))}
                    disabled={busyId === registration.id}
                    onChange={(event) => onMove(registration, Number(event.currentTarget.value))}
                  />
                ) : (
                  <>
                    {/* A phone's card has no column heading in view: it says "Group A" there. */}
                    <span className={classes.groupLetter}>{registration.qualificationGroupName ?? '–'}</span>
                    {registration.qualificationGroupName !== null && (
                      <span className={classes.groupLabel}>{t('registration.groupName', { name: registration.qualificationGroupName })}</span>
                    )}
                  </>
                )}
              </Table.Td>
              <Table.Td className={classes.presence}>
                <Badge color={presenceColor(registration.state)} variant="light">
                  {t(`desk.state.${registration.state ?? 'NONE'}`)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right" className={classes.action}>
                {present ? (
                  <Button
                    size="md"
                    variant="light"
                    color="red"
                    disabled={locked}
                    loading={busyId === registration.id}
                    onClick={() => onPresence(registration, 'NOT_PRESENT')}
                    aria-label={t('desk.markAbsentOf', { name: registration.fullName })}
                  >
                    {t('desk.markAbsent')}
                  </Button>
                ) : (
                  <Group gap="xs" justify="flex-end" wrap="wrap">
                    {/* Not confirmed yet: a racer who sent word they are not coming is marked so straight away, without checking them in first. */}
                    {registration.state === null && (
                      <Button
                        size="md"
                        variant="subtle"
                        color="red"
                        disabled={locked || busyId === registration.id}
                        onClick={() => onPresence(registration, 'NOT_PRESENT')}
                        aria-label={t('desk.markAbsentOf', { name: registration.fullName })}
                      >
                        {t('desk.markAbsent')}
                      </Button>
                    )}
                    <Button
                      size="md"
                      color="green"
                      disabled={locked}
                      loading={busyId === registration.id}
                      onClick={() => onPresence(registration, 'PRESENT')}
                      aria-label={t('desk.markPresentOf', { name: registration.fullName })}
                    >
                      {t('desk.markPresent')}
                    </Button>
                  </Group>
                )}
                {editable && present && scored && (
                  <Text size="xs" c="dimmed" mt={4} data-testid={`desk-kept-${registration.racerNumber}`}>
                    {t('desk.keptByResults')}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
