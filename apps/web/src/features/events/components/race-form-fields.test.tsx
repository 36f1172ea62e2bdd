import { useForm } from '@mantine/form';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { newRaceValues, raceBody, raceToValues, switchDiscipline, type RaceFormValues } from '../model/race-form-values';
import { buildRace } from '../testing/build-race';
import { RaceFormFields } from './race-form-fields';

/** Opens a select and picks an option of its own list (other selects keep theirs in the document). */
async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  const list = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
  if (!list) throw new Error('the select has no option list');
  await user.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

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
    // A world-cup race's runs are the rules': no routes and attempts to set, a sentence instead; a nomination race sets them.
    const speed = screen.getByRole('group', { name: 'Speed' });
    expect(within(speed).queryByRole('textbox', { name: /^Number of routes|^Routes/ })).not.toBeInTheDocument();
    expect(within(speed).getByTestId('world-cup-runs')).toHaveTextContent('one run on each lane');
    await user.click(within(speed).getByRole('combobox', { name: /^Speed type|^Type/ }));
    await user.click(await screen.findByRole('option', { name: /^Nomination/, hidden: true }));
    expect(await within(speed).findAllByRole('textbox')).not.toHaveLength(0);
    expect(within(speed).queryByTestId('world-cup-runs')).not.toBeInTheDocument();
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

  it('asks how a mixed race ranks its sexes, and sends it with the race', async () => {
    const user = userEvent.setup();
    let latest: RaceFormValues | null = null;
    renderWithProviders(<Harness initial={newRaceValues('2026-12-05')} onValues={(values) => (latest = values)} />);
    await choose(user, screen.getByRole('combobox', { name: /^Ranking of the mixed race/ }), 'One ranking for all');
    expect(latest!.mixedRanking).toBe('TOGETHER');
    expect(raceBody(latest!).mixedRanking).toBe('TOGETHER');
    await choose(user, screen.getByRole('combobox', { name: /^Gender$/ }), 'Men');
    expect(screen.queryByRole('combobox', { name: /^Ranking of the mixed race/ })).not.toBeInTheDocument();
  });

  it('sets the style of each lead stage, flash in qualification and on-sight in the final by default', async () => {
    const user = userEvent.setup();
    let latest: RaceFormValues | null = null;
    renderWithProviders(<Harness initial={switchDiscipline(newRaceValues('2026-12-05'), 'LEAD')} onValues={(values) => (latest = values)} />);
    const lead = screen.getByRole('group', { name: 'Lead' });
    expect(within(lead).getByRole('combobox', { name: 'Qualification style' })).toHaveValue('flash');
    expect(within(lead).getByRole('combobox', { name: 'Final style' })).toHaveValue('on-sight');
    expect(within(lead).queryByRole('combobox', { name: 'Semifinal style' })).not.toBeInTheDocument();
    await choose(user, within(lead).getByRole('combobox', { name: 'Qualification style' }), 'on-sight');
    expect(latest!.lead?.qualificationStyle).toBe('ON_SIGHT');
  });
});
