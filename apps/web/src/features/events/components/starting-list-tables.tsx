import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { StartingList } from '../api/starting-list';
import type { ReactNode } from 'react';

/** The starting list, one table per qualification group (screen and print), with the age categories and the lead style when the race has them. */
export function StartingListTables({ list, headerFor }: { list: StartingList; headerFor?: (groupName: string) => ReactNode }) {
  const { t } = useTranslation();
  const withCategories = list.groups.some((group) => group.racers.some((racer) => racer.ageCategory !== null));
  return (
    <Stack gap="lg">
      {list.leadStyle && <Text size="sm">{t('startingList.style', { style: t(`leadStyle.${list.leadStyle}`) })}</Text>}
      {list.groups.map((group) => (
        <section key={group.id} className="starting-list-group" aria-label={t('startingList.group', { name: group.name })}>
          {headerFor?.(group.name)}
          <Group gap="xs" mb="xs">
            <Title order={3} size="h4">
              {t('startingList.group', { name: group.name })}
            </Title>
            {group.fixed && <Badge variant="light">{t('startingList.fixed')}</Badge>}
          </Group>
          {list.checkInStarted && !group.fixed && group.racers.some((racer) => !racer.present) && (
            <Text size="sm" c="dimmed" mb="xs">
              {t('startingList.notCheckedInNote')}
            </Text>
          )}
          {group.racers.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('startingList.emptyGroup')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={420}>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('startingList.order')}</Table.Th>
                    <Table.Th>{t('startingList.number')}</Table.Th>
                    <Table.Th>{t('startingList.name')}</Table.Th>
                    <Table.Th>{t('startingList.birthYear')}</Table.Th>
                    {withCategories && <Table.Th>{t('startingList.category')}</Table.Th>}
                    <Table.Th>{t('startingList.club')}</Table.Th>
                    <Table.Th>{t('startingList.country')}</Table.Th>
                    {list.checkInStarted && <Table.Th>{t('startingList.presence')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {group.racers.map((racer) => (
                    <Table.Tr key={racer.registrationId}>
                      <Table.Td>{racer.startingNumber ?? '–'}</Table.Td>
                      <Table.Td>{racer.racerNumber}</Table.Td>
                      <Table.Td>{racer.fullName}</Table.Td>
                      <Table.Td>{racer.birthYear ?? ''}</Table.Td>
                      {withCategories && <Table.Td>{racer.ageCategory?.name ?? ''}</Table.Td>}
                      <Table.Td>{racer.club ?? ''}</Table.Td>
                      <Table.Td>{racer.country ?? ''}</Table.Td>
                      {list.checkInStarted && (
                        <Table.Td>
                          {racer.present ? (
                            <Badge color="green" variant="light" size="sm">
                              {t('startingList.present')}
                            </Badge>
                          ) : (
                            <Text size="sm" c="dimmed">
                              {t('startingList.notCheckedIn')}
                            </Text>
                          )}
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </section>
      ))}
    </Stack>
  );
}
