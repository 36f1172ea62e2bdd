import { STAGES, stagesOf, type RaceFormat, type Stage } from '@climbing/domain';
import { Chip, Group, MultiSelect, NumberInput, Paper, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/translation';
import { MIN_ROTATE_SECONDS, idsOf } from '../model/live-options';

interface LiveOptionsProps {
  raceId: number;
  racesParam: string | null;
  stages: Stage[];
  rotateSeconds: number;
  large: boolean;
  raceOptions: { value: string; label: string }[];
  /** Sets (or with null or '' removes) an option in the page's address. */
  set: (key: string, value: string | null) => void;
}

/** The live page's options panel: stages, more races to rotate through, seconds per race, large type. */
export function LiveOptions({ raceId, racesParam, stages, rotateSeconds, large, raceOptions, set }: LiveOptionsProps) {
  const { t } = useTranslation();
  // Only the stages the shown races' formats have (no "Semifinal" for qualification and final), read
  // from the race infos their boards loaded (lib/race-info.ts; a race not read yet offers every stage):
  // nothing more is fetched. A stage already chosen stays offered, so it can be unchosen.
  const queryClient = useQueryClient();
  const formats = [...new Set([raceId, ...idsOf(racesParam)])].map((id) => queryClient.getQueryData<{ raceFormat?: RaceFormat | null } | null>(['race-info', id])?.raceFormat);
  const offered = STAGES.filter((stage) => stages.includes(stage) || formats.some((format) => !format || stagesOf(format).includes(stage)));
  return (
    <Paper withBorder p="sm">
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t('live.stages')}
          </Text>
          <Chip.Group multiple value={stages} onChange={(values) => set('stages', STAGES.filter((stage) => values.includes(stage)).join(','))}>
            <Group gap={6}>
              {offered.map((stage) => (
                <Chip key={stage} value={stage} size="sm">
                  {t(`results.stage.${stage}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t('live.stagesHint')}
          </Text>
        </div>
        <MultiSelect
          label={t('live.moreRaces')}
          description={t('live.moreRacesHint')}
          data={raceOptions}
          value={idsOf(racesParam).filter((id) => id !== raceId).map(String)}
          onChange={(values) => set('races', values.join(','))}
          searchable
          clearable
        />
        <NumberInput
          label={t('live.rotateSeconds')}
          min={MIN_ROTATE_SECONDS}
          max={600}
          w={200}
          value={rotateSeconds}
          onChange={(value) => set('rotate', String(value))}
        />
        <Switch label={t('live.large')} checked={large} onChange={(event) => set('large', event.currentTarget.checked ? '1' : null)} />
      </Stack>
    </Paper>
  );
}
