import { useForm } from '@mantine/form';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { newRaceValues, raceBody, raceToValues, switchDiscipline, type RaceFormValues } from '../model/race-form-values';
import { buildRace } from '../testing/build-race';
import { RaceFormFields } from './race-form-fields';

function Harness({ initial, onValues }: { initial: RaceFormValues; onValues?: (values: RaceFormValues) => void }) {
  const form = useForm<RaceFormValues>({ mode: 'controlled', initialValues: initial, onValuesChange: onValues });
  return <RaceFormFields form={form} ageCategories={[{ id: 5, name: 'Youth', fromAge: 10, toAge: 14 }]} />;
}

describe('race settings form', () => {
  it('resets the discipline settings when the discipline changes (domain changeDiscipline)', () => {
    const bouldering = { ...newRaceValues('2026-12-05'), raceFormat: 'QUALIFICATION' as const };
    const custom = { ...bouldering, bouldering: { ...bouldering.bouldering!, numberOfQualificationBoulders: 9 } };
    const lead = switchDiscipline(custom, 'LEAD');
    expect(lead.bouldering).toBeNull();
    expect(lead.speed).toBeNull();
    expect(lead.lead?.numberOfQualificationRoutes).toBe(2);
    expect(lead.raceFormat).toBe('QUALIFICATION_FINAL');
    expect(switchDiscipline(lead, 'BOULDERING').bouldering?.numberOfQualificationBoulders).toBe(5);
    expect(switchDiscipline(custom, 'BOULDERING')).toBe(custom);
  });

  it('shows only the chosen discipline block and swaps it on change', async () => {
    const user = userEvent.setup();
    let latest: RaceFormValues | null = null;
    renderWithProviders(<Harness initial={newRaceValues('2026-12-05')} onValues={(values) => (latest = values)} />);
    expect(screen.getByRole('group', { name: 'Bouldering' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Lead' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /^Discipline/ }));
    await user.click(await screen.findByRole('option', { name: 'Speed', hidden: true }));
    expect(await screen.findByRole('group', { name: 'Speed' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Bouldering' })).not.toBeInTheDocument();
    expect(latest!.bouldering).toBeNull();
    expect(latest!.speed?.type).toBe('WORLD_CUP');
  });

  it('adds and removes lettered groups', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness initial={newRaceValues('2026-12-05')} />);
    const groups = screen.getByRole('group', { name: 'Qualification groups' });
    expect(within(groups).getByRole('button', { name: 'Remove group A' })).toBeDisabled();
    await user.click(within(groups).getByRole('button', { name: 'Add group' }));
    await user.click(within(groups).getByRole('button', { name: 'Add group' }));
    expect(within(groups).getByText('Group C')).toBeInTheDocument();
    await user.click(within(groups).getByRole('button', { name: 'Remove group B' }));
    expect(within(groups).queryByText('Group C')).not.toBeInTheDocument();
    expect(within(groups).getByText('Group B')).toBeInTheDocument();
  });

  it('sends kept groups with their ids, new ones without, and copies the race format into the settings', () => {
    const values = raceToValues(buildRace());
    values.groups.push({ id: 0, gender: 'MIXED', internal: false });
    values.raceFormat = 'QUALIFICATION';
    const body = raceBody(values);
    expect(body.qualificationGroups).toEqual([
      { id: 11, gender: 'MIXED', internal: false },
      { id: 12, gender: 'MIXED', internal: false },
      { gender: 'MIXED', internal: false },
    ]);
    expect(body.bouldering?.raceFormat).toBe('QUALIFICATION');
    expect(body.lead).toBeNull();
  });
});
