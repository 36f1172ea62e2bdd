import { Fieldset, NumberInput, Select, SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { LEAD_STYLES, RACE_FORMATS, SCORING_TYPES, SPEED_TYPES, type BoulderingSettings, type LeadSettings, type RaceFormat, type SpeedSettings } from '@climbing/domain';
import { useTranslation } from '../../../lib/translation';
import { useFieldProps } from './use-field-props';

const ADVANCING = ['numberOfSemifinalRacers', 'numberOfFinalRacers', 'minAdvancingMembersSemifinals', 'minAdvancingOrgCountrySemifinals', 'minAdvancingMembersFinals', 'minAdvancingOrgCountryFinals'] as const;
const BOULDERING = ['numberOfQualificationBoulders', 'numberOfSemifinalBoulders', 'numberOfFinalBoulders'] as const;

export type SettingsDiscipline = 'bouldering' | 'lead' | 'speed';

/** The form values these fields edit: the race-level format and one block per discipline (null = not shown). */
export interface DisciplineSettingsValues {
  [key: string]: unknown;
  raceFormat: RaceFormat;
  bouldering: BoulderingSettings | null;
  lead: LeadSettings | null;
  speed: SpeedSettings | null;
}

interface DisciplineSettingsFieldsProps<Values extends DisciplineSettingsValues> {
  form: UseFormReturnType<Values>;
  /**
   * Disciplines whose block shows its own race format (`<discipline>.raceFormat`) and hides the
   * semifinal inputs by it; the others follow the race-level `raceFormat` (a race has one format;
   * the organization's global race settings keep one per discipline).
   */
  ownFormat?: readonly SettingsDiscipline[];
}

/**
 * The discipline settings of a race (race form) or of an organization's defaults (global race
 * settings): every non-null block is shown, the semifinal inputs only for a format with a semifinal.
 */
export function DisciplineSettingsFields<Values extends DisciplineSettingsValues>({ form, ownFormat = [] }: DisciplineSettingsFieldsProps<Values>) {
  const { t } = useTranslation();
  const field = useFieldProps(form);
  const number = (path: string, label: string, max = 1000) => (
    <NumberInput key={path} {...field(path)} label={t(label)} min={0} max={max} allowDecimal={false} />
  );
  const { bouldering, lead, speed } = form.values;
  const formatOf = (discipline: SettingsDiscipline): RaceFormat =>
    (ownFormat.includes(discipline) ? form.values[discipline]?.raceFormat : undefined) ?? form.values.raceFormat;
  const formatSelect = (discipline: SettingsDiscipline) =>
    ownFormat.includes(discipline) && (
      <Select
        {...field(`${discipline}.raceFormat`)}
        label={t('raceSettings.raceFormat')}
        allowDeselect={false}
        data={RACE_FORMATS.map((value) => ({ value, label: t(`raceFormat.${value}`) }))}
      />
    );
  const advancing = (discipline: 'bouldering' | 'lead') => {
    const semifinal = formatOf(discipline) === 'QUALIFICATION_SEMIFINAL_FINAL';
    return ADVANCING.filter((name) => semifinal || !name.toLowerCase().includes('semifinal')).map((name) => number(`${discipline}.${name}`, `race.settings.${name}`));
  };

  return (
    <>
      {bouldering && (
        <Fieldset legend={t('raceSettings.bouldering')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {formatSelect('bouldering')}
            <Select
              {...field('bouldering.scoringType')}
              label={t('raceSettings.scoringType')}
              allowDeselect={false}
              data={SCORING_TYPES.map((value) => ({ value, label: t(`scoringType.${value}`) }))}
            />
            {BOULDERING.filter((name) => formatOf('bouldering') === 'QUALIFICATION_SEMIFINAL_FINAL' || name !== 'numberOfSemifinalBoulders').map((name) =>
              number(`bouldering.${name}`, `raceSettings.${name}`, 100),
            )}
            {advancing('bouldering')}
          </SimpleGrid>
        </Fieldset>
      )}
      {lead && (
        <Fieldset legend={t('discipline.LEAD')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {formatSelect('lead')}
            {number('lead.numberOfQualificationRoutes', 'race.settings.numberOfQualificationRoutes', 100)}
            {advancing('lead')}
            {(['qualificationStyle', 'semifinalStyle', 'finalStyle'] as const)
              .filter((name) => name !== 'semifinalStyle' || formatOf('lead') === 'QUALIFICATION_SEMIFINAL_FINAL')
              .filter((name) => name !== 'finalStyle' || formatOf('lead') !== 'QUALIFICATION')
              .map((name) => (
                <Select
                  key={name}
                  {...field(`lead.${name}`)}
                  label={t(`race.settings.${name}`)}
                  allowDeselect={false}
                  data={LEAD_STYLES.map((value) => ({ value, label: t(`leadStyle.${value}`) }))}
                />
              ))}
          </SimpleGrid>
        </Fieldset>
      )}
      {speed && (
        <Fieldset legend={t('discipline.SPEED')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {formatSelect('speed')}
            <Select
              {...field('speed.type')}
              label={t('race.settings.speedType')}
              allowDeselect={false}
              data={SPEED_TYPES.map((value) => ({ value, label: t(`race.speedType.${value}`) }))}
            />
            {/* A world-cup race's runs are fixed by the rules (speedStageLayout): only a nomination race sets its routes and attempts. */}
            {speed.type === 'NOMINATION' ? (
              <>
                {number('speed.numberOfRoutes', 'race.settings.numberOfRoutes', 100)}
                {number('speed.numberOfAttempts', 'race.settings.numberOfAttempts', 100)}
              </>
            ) : (
              <Text size="sm" c="dimmed" data-testid="world-cup-runs">
                {t('race.settings.worldCupRuns')}
              </Text>
            )}
            <NumberInput
              key="speed.numberOfFinalRacers"
              {...field('speed.numberOfFinalRacers')}
              label={t('race.settings.numberOfFinalRacers')}
              description={t('race.settings.numberOfFinalRacersSpeedHint')}
              min={0}
              max={1000}
              allowDecimal={false}
            />
          </SimpleGrid>
        </Fieldset>
      )}
    </>
  );
}
