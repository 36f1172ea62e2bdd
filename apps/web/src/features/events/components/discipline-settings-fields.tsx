import { Fieldset, NumberInput, Select, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { SCORING_TYPES, SPEED_TYPES } from '@climbing/domain';
import { useTranslation } from 'react-i18next';
import type { RaceFormValues } from '../model/race-form-values';

const ADVANCING = ['numberOfSemifinalRacers', 'numberOfFinalRacers', 'minAdvancingMembersSemifinals', 'minAdvancingOrgCountrySemifinals', 'minAdvancingMembersFinals', 'minAdvancingOrgCountryFinals'] as const;
const BOULDERING = ['numberOfQualificationBoulders', 'numberOfSemifinalBoulders', 'numberOfFinalBoulders'] as const;

/** The settings of the race's discipline: only that discipline's block is shown (the others are null). */
export function DisciplineSettingsFields({ form }: { form: UseFormReturnType<RaceFormValues> }) {
  const { t } = useTranslation();
  const number = (path: string, label: string, max = 1000) => (
    <NumberInput key={path} {...form.getInputProps(path)} label={t(label)} min={0} max={max} allowDecimal={false} />
  );
  const semifinal = form.values.raceFormat === 'QUALIFICATION_SEMIFINAL_FINAL';
  const advancing = (prefix: string) =>
    ADVANCING.filter((name) => semifinal || !name.toLowerCase().includes('semifinal')).map((name) => number(`${prefix}.${name}`, `race.settings.${name}`));

  const { bouldering, lead, speed } = form.values;
  return (
    <>
      {bouldering && (
        <Fieldset legend={t('raceSettings.bouldering')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              {...form.getInputProps('bouldering.scoringType')}
              label={t('raceSettings.scoringType')}
              allowDeselect={false}
              data={SCORING_TYPES.map((value) => ({ value, label: t(`scoringType.${value}`) }))}
            />
            {BOULDERING.filter((name) => semifinal || name !== 'numberOfSemifinalBoulders').map((name) => number(`bouldering.${name}`, `raceSettings.${name}`, 100))}
            {advancing('bouldering')}
          </SimpleGrid>
        </Fieldset>
      )}
      {lead && (
        <Fieldset legend={t('discipline.LEAD')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {number('lead.numberOfQualificationRoutes', 'race.settings.numberOfQualificationRoutes', 100)}
            {advancing('lead')}
          </SimpleGrid>
        </Fieldset>
      )}
      {speed && (
        <Fieldset legend={t('discipline.SPEED')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              {...form.getInputProps('speed.type')}
              label={t('race.settings.speedType')}
              allowDeselect={false}
              data={SPEED_TYPES.map((value) => ({ value, label: t(`race.speedType.${value}`) }))}
            />
            {number('speed.numberOfRoutes', 'race.settings.numberOfRoutes', 100)}
            {number('speed.numberOfAttempts', 'race.settings.numberOfAttempts', 100)}
            {number('speed.numberOfFinalRacers', 'race.settings.numberOfFinalRacers')}
          </SimpleGrid>
        </Fieldset>
      )}
    </>
  );
}
