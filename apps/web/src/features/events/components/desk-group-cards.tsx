import { Badge, Button, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { canEditRoster, groupTakesLateEntries } from '@climbing/domain';
import { useTranslation } from '../../../lib/translation';
import type { Race } from '../api/race';
import type { Registration } from '../api/registrations';
import { groupCounts } from '../model/check-in-desk';
import wrapping from '../../../components/ui/wrapping/wrapping-button.module.css';

interface DeskGroupCardsProps {
  race: Race;
  registrations: readonly Registration[];
  busyGroupId: number | null;
  onMarkAll: (groupId: number, name: string) => void;
}

/**
 * Per group: registered, present and missing racers (not checked in yet), the ones marked not present
 * when there are any, and "mark all of group A present", which marks the missing ones only.
 */
export function DeskGroupCards({ race, registrations, busyGroupId, onMarkAll }: DeskGroupCardsProps) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      {race.qualificationGroups.map((group) => {
        const counts = groupCounts(registrations, group.id);
        const canMark = canEditRoster(race.state) && groupTakesLateEntries(group.state) && counts.missing > 0;
        return (
          <Paper key={group.id} withBorder radius="md" p="sm" data-testid={`desk-group-${group.name}`}>
            <Group justify="space-between" mb={4} wrap="nowrap">
              <Text fw={700}>{t('registration.groupName', { name: group.name })}</Text>
              {group.state !== 'OPEN_REGISTRATION' && (
                <Badge size="sm" variant="light">
                  {t(`race.groupState.${group.state}`)}
                </Badge>
              )}
            </Group>
            <Group gap="md" mb="xs" data-testid="desk-group-counts">
              <Text size="sm">{t('desk.registered', { count: counts.registered })}</Text>
              <Text size="sm" c="green.8" fw={600}>
                {t('desk.present', { count: counts.present })}
              </Text>
              <Text size="sm" c={counts.missing > 0 ? 'orange.8' : 'dimmed'} fw={600}>
                {t('desk.missing', { count: counts.missing })}
              </Text>
              {counts.notPresent > 0 && (
                <Text size="sm" c="dimmed" fw={600}>
                  {t('desk.notPresent', { count: counts.notPresent })}
                </Text>
              )}
            </Group>
            <Button
              size="md"
              fullWidth
              variant="light"
              color="green"
              classNames={{ root: wrapping.root, label: wrapping.label }}
              disabled={!canMark}
              loading={busyGroupId === group.id}
              onClick={() => onMarkAll(group.id, group.name)}
            >
              {t('desk.markAllPresent', { name: group.name })}
            </Button>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
