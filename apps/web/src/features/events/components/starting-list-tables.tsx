import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation, type TFunction } from '../../../lib/translation';
import type { StageStartingList, StartingList } from '../api/starting-list';
import type { ReactNode } from 'react';

/**
 * The starting list, one table per qualification group (screen and print), with the age categories and the lead style when the race has them.
 * The groups' headings are one level below the heading the list stands under (`headingOrder`, h3 inside a race card, h2 on the print page).
 * `headerFor` (the print page): each group's print header, which names the lead style too; on paper the group's name is then the
 * first heading row of its table, repeated on every page a long group runs over.
 */
export function StartingListTables({ list, headerFor, headingOrder = 3 }: { list: StartingList; headerFor?: (title: string) => ReactNode; headingOrder?: 2 | 3 | 4 }) {
  const { t } = useTranslation();
  return <StartingListView list={viewOfGroups(list, t)} headerFor={headerFor} headingOrder={headingOrder} />;
}

/** A semifinal's or final's starting order, one table per ranking, headed by the stage (and the sex when ranked apart). */
export function StageStartingListTables({ list, headerFor, headingOrder = 3 }: { list: StageStartingList; headerFor?: (title: string) => ReactNode; headingOrder?: 2 | 3 | 4 }) {
  const { t } = useTranslation();
  const stage = t(`results.stage.${list.stage}`);
  if (list.rankings.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="stage-starting-list-empty">
        {t('startingList.stageNotStarted', { stage })}
      </Text>
    );
  }
  const view: ListView = {
    checkInStarted: false,
    style: list.leadStyle ? t('startingList.stageStyle', { stage, style: t(`leadStyle.${list.leadStyle}`) }) : null,
    sections: list.rankings.map((ranking) => ({
      key: ranking.sex ?? 'all',
      title: ranking.sex ? `${stage} · ${t(`raceGender.${ranking.sex === 'F' ? 'WOMEN' : 'MEN'}`)}` : stage,
      fixed: false,
      racers: ranking.racers,
    })),
  };
  return <StartingListView list={view} headerFor={headerFor} headingOrder={headingOrder} />;
}

interface ListView {
  checkInStarted: boolean;
  /** The lead style line, or null. */
  style: string | null;
  sections: { key: string | number; title: string; fixed: boolean; racers: StartingList['groups'][number]['racers'] }[];
}

function viewOfGroups(list: StartingList, t: TFunction): ListView {
  return {
    checkInStarted: list.checkInStarted,
    style: list.leadStyle ? t('startingList.style', { style: t(`leadStyle.${list.leadStyle}`) }) : null,
    sections: list.groups.map((group) => ({ key: group.id, title: t('startingList.group', { name: group.name }), fixed: group.fixed, racers: group.racers })),
  };
}

function StartingListView({ list, headerFor, headingOrder }: { list: ListView; headerFor?: ((title: string) => ReactNode) | undefined; headingOrder: 2 | 3 | 4 }) {
  const printed = headerFor !== undefined;
  const { t } = useTranslation();
  const anyRacer = (has: (racer: StartingList['groups'][number]['racers'][number]) => boolean) => list.sections.some((group) => group.racers.some(has));
  const withCategories = anyRacer((racer) => racer.ageCategory !== null);
  // A column nobody has a value in is left out (screen and paper alike).
  const withBirthYear = anyRacer((racer) => racer.birthYear !== null);
  const withClub = anyRacer((racer) => Boolean(racer.club));
  const withCountry = anyRacer((racer) => Boolean(racer.country));
  const columnCount = 3 + [withBirthYear, withCategories, withClub, withCountry, list.checkInStarted].filter(Boolean).length;
  return (
    <Stack gap="lg">
      {list.style && (
        <Text size="sm" data-print-hide={printed || undefined}>
          {list.style}
        </Text>
      )}
      {list.sections.map((group) => (
        <section key={group.key} className="starting-list-group" aria-label={group.title}>
          {headerFor?.(group.title)}
          <Group gap="xs" mb="xs" data-print-hide={(printed && group.racers.length > 0) || undefined}>
            <Title order={headingOrder} size="h4">
              {group.title}
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
                  {printed && (
                    // Only on paper (print.css); on screen the heading above names the group.
                    <Table.Tr data-print-heading aria-hidden>
                      <Table.Th colSpan={columnCount}>{group.title}</Table.Th>
                    </Table.Tr>
                  )}
                  <Table.Tr>
                    <Table.Th>{t('startingList.order')}</Table.Th>
                    <Table.Th>{t('startingList.number')}</Table.Th>
                    <Table.Th>{t('startingList.name')}</Table.Th>
                    {withBirthYear && <Table.Th>{t('startingList.birthYear')}</Table.Th>}
                    {withCategories && <Table.Th>{t('startingList.category')}</Table.Th>}
                    {withClub && <Table.Th>{t('startingList.club')}</Table.Th>}
                    {withCountry && <Table.Th>{t('startingList.country')}</Table.Th>}
                    {list.checkInStarted && <Table.Th>{t('startingList.presence')}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {group.racers.map((racer) => (
                    <Table.Tr key={racer.registrationId}>
                      <Table.Td>{racer.startingNumber ?? '–'}</Table.Td>
                      <Table.Td>{racer.racerNumber}</Table.Td>
                      <Table.Td>{racer.fullName}</Table.Td>
                      {withBirthYear && <Table.Td>{racer.birthYear ?? ''}</Table.Td>}
                      {withCategories && <Table.Td>{racer.ageCategory?.name ?? ''}</Table.Td>}
                      {withClub && <Table.Td>{racer.club ?? ''}</Table.Td>}
                      {withCountry && <Table.Td>{racer.country ?? ''}</Table.Td>}
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
