import { ActionIcon, Anchor, Button, Group, Paper, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link, useNavigate, useParams } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { ageCategoriesQuery, cupRankCategoriesQuery } from '../../organizations/api/categories';
import { addCupRace, createCup, cupQuery, cupRaceOptionsQuery, cupRaceScopeQuery, deleteCup, removeCupRace, updateCup, type Cup } from '../api/cup';
import { CupForm } from '../components/cup-form';
import { CupRaceFitNotice } from '../components/cup-race-fit-notice';

/** /admin/organization/:organizationId/cups/new: a new cup with the spec 9 defaults. */
export function NewCupPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const organizationId = Number(useParams().organizationId);
  const ages = useQuery(ageCategoriesQuery(organizationId));
  return (
    <Stack gap="md">
      <Title order={1}>{t('cups.newCup')}</Title>
      <CupForm
        cup={null}
        ageCategories={ages.data ?? []}
        onSubmit={async (body) => {
          const cup = await createCup(organizationId, body);
          queryClient.setQueryData(cupQuery(cup.id).queryKey, cup);
          await queryClient.invalidateQueries({ queryKey: ['cups'] });
          notify({ type: 'success', message: t('cups.created', { name: cup.name }) });
          void navigate(`/admin/cups/${cup.id}`);
        }}
      />
    </Stack>
  );
}

/** /admin/cups/:cupId: the cup's settings and the races of each category (the organization's admins). */
export function CupAdminPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const cupId = Number(useParams().cupId);
  const cup = useQuery(cupQuery(cupId));
  const organizationId = cup.data?.organizationId ?? 0;
  const ages = useQuery({ ...ageCategoriesQuery(organizationId), enabled: organizationId > 0 });

  if (cup.isPending) return <Text c="dimmed">{t('app.loading')}</Text>;
  if (cup.isError || !cup.data.canManage) return <Text role="alert">{t('cups.notFound')}</Text>;
  const data = cup.data;

  const saved = async (next: Cup) => {
    queryClient.setQueryData(cupQuery(cupId).queryKey, next);
    await queryClient.invalidateQueries({ queryKey: ['cups'] });
    await queryClient.invalidateQueries({ queryKey: ['cup', cupId, 'ranking'] });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>{data.displayName || data.name}</Title>
        <Group>
          <Button component={Link} to={`/cups/${cupId}`} variant="light">
            {t('cups.showRanking')}
          </Button>
          <Button
            color="red"
            variant="light"
            onClick={async () => {
              if (!window.confirm(t('common.deleteConfirm', { name: data.name }))) return;
              try {
                await deleteCup(cupId);
                await queryClient.invalidateQueries({ queryKey: ['cups'] });
                notify({ type: 'success', message: t('cups.deleted', { name: data.name }) });
                void navigate('/cups/actual');
              } catch (error) {
                notifyError(error);
              }
            }}
          >
            {t('common.delete')}
          </Button>
        </Group>
      </Group>
      <CupForm
        key={data.categories.map((category) => category.id).join(',')}
        cup={data}
        ageCategories={ages.data ?? []}
        onSubmit={async (body) => {
          await saved(await updateCup(cupId, body));
          notify({ type: 'success', message: t('cups.saved') });
        }}
      />
      {data.categories.map((category) => (
        <CategoryRaces key={category.id} cup={data} category={category} onChange={saved} />
      ))}
    </Stack>
  );
}

function CategoryRaces({ cup, category, onChange }: { cup: Cup; category: Cup['categories'][number]; onChange: (cup: Cup) => Promise<void> }) {
  const { t } = useTranslation();
  const notifyError = useNotifyError();
  const { notify } = useToast();
  const options = useQuery(cupRaceOptionsQuery(cup.organizationId));
  const rankCategories = useQuery(cupRankCategoriesQuery(cup.organizationId));
  const [raceId, setRaceId] = useState<string | null>(null);
  const [rankCategoryId, setRankCategoryId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The chosen race's gender and age categories: the picker says which of its racers will count.
  const scope = useQuery({ ...cupRaceScopeQuery(Number(raceId)), enabled: raceId !== null });

  const races = (options.data ?? []).flatMap((event) =>
    event.races
      .filter((race) => cup.disciplines.includes(race.discipline) && !category.races.some((added) => added.raceId === race.id))
      .map((race) => ({ value: String(race.id), label: `${event.name} – ${race.name}` })),
  );

  const run = async (action: () => Promise<Cup>, done: string, name: string) => {
    setBusy(true);
    try {
      await onChange(await action());
      setRaceId(null);
      notify({ type: 'success', message: t(done, { name, category: category.name }) });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('cups.racesOf', { name: category.name })}
        </Title>
        {category.races.length === 0 ? (
          <Text c="dimmed">{t('cups.noRaces')}</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('cups.race')}</Table.Th>
                <Table.Th>{t('cups.rankCategory')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {category.races.map((race) => (
                <Table.Tr key={race.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/races/${race.raceId}/results`}>
                      {race.eventName} – {race.raceName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{race.cupRankCategoryName}</Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" color="red" disabled={busy} aria-label={t('cups.removeRace', { name: race.raceName })} onClick={() => void run(() => removeCupRace(cup.id, category.id, race.id), 'cups.raceRemoved', race.raceName)}>
                      <IconTrash aria-hidden size={18} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group align="flex-end">
          <Select label={t('cups.race')} data={races} value={raceId} onChange={setRaceId} searchable style={{ flex: 2 }} />
          <Select
            label={t('cups.rankCategory')}
            data={(rankCategories.data ?? []).map((rank) => ({ value: String(rank.id), label: rank.name }))}
            value={rankCategoryId}
            onChange={setRankCategoryId}
            style={{ flex: 1 }}
          />
          <Button
            disabled={!raceId || !rankCategoryId}
            loading={busy}
            onClick={() =>
              raceId &&
              rankCategoryId &&
              void run(
                () => addCupRace(cup.id, category.id, { raceId: Number(raceId), cupRankCategoryId: Number(rankCategoryId) }),
                'cups.raceAdded',
                races.find((race) => race.value === raceId)?.label ?? '',
              )
            }
          >
            {t('cups.addRace')}
          </Button>
        </Group>
        {raceId !== null && scope.data && <CupRaceFitNotice category={category} race={scope.data} />}
      </Stack>
    </Paper>
  );
}
