import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { buildRace, buildRegistration } from '../testing/build-race';
import { RacersPanel } from './racers-panel';

const MEMBERS = [
  { userId: 21, state: 'ACTIVE', blocked: false, user: { fullName: 'Eva Malá' } },
  { userId: 22, state: 'ACTIVE', blocked: false, user: { fullName: 'Ivan Veľký' } },
];

/** The server: Eva can be registered; Ivan's registration is refused once the test lets it answer. */
const stubApi = () => {
  let refuse: () => void = () => undefined;
  const refused = new Promise<void>((resolve) => {
    refuse = resolve;
  });
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      if (url === '/api/race-registration/race/7') return Response.json([]);
      if (url === '/api/organization/5/member') return Response.json(MEMBERS);
      if (url === '/api/race-registration/7/register-member' && method === 'POST') {
        const { userId } = JSON.parse(String(init?.body)) as { userId: number };
        if (userId === 21) return Response.json(buildRegistration({ fullName: 'Eva Malá' }));
        await refused;
        return Response.json({ error: { code: 'RACER_PROFILE_INCOMPLETE', message: 'no sex' } }, { status: 400 });
      }
      return new Response(null, { status: 404 });
    });
  vi.stubGlobal('fetch', fetchMock);
  const registrationLoads = () => fetchMock.mock.calls.filter(([url]) => url === '/api/race-registration/race/7').length;
  return { refuse, registrationLoads };
};

describe('racers panel: adding a member', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('clears the last outcome when the next member is sent, keeps a refused member picked and shows the error in place of the success', async () => {
    const { refuse, registrationLoads } = stubApi();
    renderWithProviders(<RacersPanel race={buildRace()} organizationId={5} />);
    const user = userEvent.setup();
    const picker = await screen.findByRole('combobox', { name: 'Add a member of the organisation' });
    const pick = async (name: string) => {
      await user.click(picker);
      await waitFor(() => expect(picker).toHaveAttribute('aria-controls'));
      const listbox = document.getElementById(picker.getAttribute('aria-controls')!)!;
      await user.click(within(listbox).getByRole('option', { name, hidden: true }));
    };

    await pick('Eva Malá');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('The member was registered.')).toBeInTheDocument();
    await waitFor(() => expect(picker).toHaveValue(''));

    await pick('Ivan Veľký');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    // At once, while the server thinks: the success of the member before is not this one's.
    expect(screen.queryByText('The member was registered.')).not.toBeInTheDocument();

    refuse();
    expect(await screen.findByText('The racer profile lacks the sex or the birthday this race needs.')).toBeInTheDocument();
    expect(screen.queryByText('The member was registered.')).not.toBeInTheDocument();
    // Once the list is reloaded after the refusal, the refused member stays picked, to be sent again once the profile is fixed.
    await waitFor(() => expect(registrationLoads()).toBe(3));
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(picker).toHaveValue('Ivan Veľký');
  });
});
