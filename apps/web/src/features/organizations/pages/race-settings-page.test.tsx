import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { RaceSettingsPage } from './race-settings-page';

const stored = {
  raceGender: 'MIXED',
  raceFormat: 'QUALIFICATION_FINAL',
  maxRacersCount: 80,
  startingNumberOrder: 'RANDOM',
  bouldering: { numberOfQualificationBoulders: 6, scoringType: 'TOPS_ZONES' },
  lead: { numberOfQualificationRoutes: 2 },
};

describe('RaceSettingsPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('saves the lead and speed defaults with their own race formats', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      new Response(init?.method === 'PUT' ? String(init.body) : JSON.stringify(stored), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <MemoryRouter initialEntries={['/admin/organization/7/race-settings']}>
        <Routes>
          <Route path="/admin/organization/:organizationId/race-settings" element={<RaceSettingsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const user = userEvent.setup();
    // Every Select keeps its options in the document: pick from the list the combobox controls.
    const pick = async (combobox: HTMLElement, name: string) => {
      await user.click(combobox);
      await waitFor(() => expect(combobox).toHaveAttribute('aria-controls'));
      const listbox = document.getElementById(combobox.getAttribute('aria-controls')!)!;
      await user.click(within(listbox).getByRole('option', { name, hidden: true }));
    };
    const lead = await screen.findByRole('group', { name: 'Lead' });
    const speed = screen.getByRole('group', { name: 'Speed' });
    expect(screen.getByRole('group', { name: 'Bouldering' })).toBeInTheDocument();
    // Semifinal quotas appear only with a semifinal format.
    expect(within(lead).queryByRole('textbox', { name: 'Racers in the semifinal' })).not.toBeInTheDocument();

    const routes = within(lead).getByRole('textbox', { name: 'Qualification routes' });
    await user.clear(routes);
    await user.type(routes, '3');
    await pick(within(lead).getByRole('combobox', { name: 'Race format' }), 'Qualification, semifinal, final');
    const semifinalRacers = await within(lead).findByRole('textbox', { name: 'Racers in the semifinal' });
    await user.clear(semifinalRacers);
    await user.type(semifinalRacers, '20');
    const minMembers = within(lead).getByRole('textbox', { name: 'Minimum members advancing to the final' });
    await user.clear(minMembers);
    await user.type(minMembers, '2');

    await pick(within(speed).getByRole('combobox', { name: 'Speed type' }), 'Nomination (routes and attempts below)');
    for (const [name, value] of [['Routes', '4'], ['Attempts', '3'], ['Racers in the final', '8']] as const) {
      const input = within(speed).getByRole('textbox', { name });
      await user.clear(input);
      await user.type(input, value);
    }
    await pick(within(speed).getByRole('combobox', { name: 'Race format' }), 'Qualification');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT')!;
    expect(String(url)).toBe('/api/organization/7/race-settings');
    const body = JSON.parse(String(init?.body));
    expect(body.lead).toEqual({
      numberOfQualificationRoutes: 3,
      numberOfSemifinalRacers: 20,
      numberOfFinalRacers: 8,
      minAdvancingMembersSemifinals: 0,
      minAdvancingOrgCountrySemifinals: 0,
      minAdvancingMembersFinals: 2,
      minAdvancingOrgCountryFinals: 0,
      raceFormat: 'QUALIFICATION_SEMIFINAL_FINAL',
      // The result styles of the stages (issue 9) come with the defaults: flash, then on-sight.
      qualificationStyle: 'FLASH',
      semifinalStyle: 'ON_SIGHT',
      finalStyle: 'ON_SIGHT',
    });
    expect(body.speed).toEqual({ type: 'NOMINATION', numberOfRoutes: 4, numberOfAttempts: 3, numberOfFinalRacers: 8, raceFormat: 'QUALIFICATION' });
    // Unchanged common and bouldering values go back; bouldering follows the common format.
    expect(body).toMatchObject({ maxRacersCount: 80, raceFormat: 'QUALIFICATION_FINAL', bouldering: { numberOfQualificationBoulders: 6, raceFormat: 'QUALIFICATION_FINAL' } });
    expect(await screen.findByText('The settings have been saved.')).toBeInTheDocument();
    // Some thirty typed and picked values through three discipline blocks: more than the default 5 s on a busy machine.
  }, 20_000);
});
