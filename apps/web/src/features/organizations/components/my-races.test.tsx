import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { MyRaces } from './my-races';

const registration = {
  id: 31,
  state: null,
  racerNumber: 7,
  qualificationGroupName: 'A',
  inQualification: false,
  checkInCode: null,
  selfCheckInOpen: false,
  race: { id: 5, name: 'Men open', state: 'OPEN_REGISTRATION', discipline: 'BOULDERING', startingDate: '2026-12-01', endDate: '2026-12-01', eventId: 3, eventName: 'Winter Boulder Cup' },
};

/** The board's calls: the list (with the registration until it is deleted) and the DELETE. */
const stubApi = () => {
  let deleted = false;
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (init?.method === 'DELETE') {
      deleted = true;
      return new Response(null, { status: 204 });
    }
    if (url.startsWith('/api/race-registration/user/')) return Response.json(deleted ? [] : [registration]);
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
};

const render = (language: 'en' | 'sk' = 'en') =>
  renderWithProviders(
    <MemoryRouter>
      <MyRaces userId={9} />
    </MemoryRouter>,
    language,
  );

describe('MyRaces withdrawing', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks in a dialog naming the race before withdrawing, and keeps the registration on "Keep"', async () => {
    const fetchMock = stubApi();
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw from the race' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw from the race?' });
    expect(dialog).toHaveTextContent('Your registration for Men open (Winter Boulder Cup) will be cancelled.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my registration' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/race-registration/31', expect.objectContaining({ method: 'DELETE' }));

    await user.click(screen.getByRole('button', { name: 'Withdraw from the race' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw from the race' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/race-registration/31', expect.objectContaining({ method: 'DELETE' })));
    expect(await screen.findByText('You withdrew from Men open.')).toBeInTheDocument();
  });

  it('names the event by its short name where the organiser gave one, the full one otherwise', async () => {
    const short = { ...registration, id: 32, race: { ...registration.race, id: 6, eventId: 4, eventName: 'Veľká cena Bratislavy v boulderingu 2026', eventDisplayName: 'VC Bratislavy 2026' } };
    vi.stubGlobal('fetch', vi.fn(async () => Response.json([registration, short])));
    render();
    expect(await screen.findByRole('link', { name: 'VC Bratislavy 2026' })).toHaveAttribute('href', '/events/4');
    expect(screen.queryByText('Veľká cena Bratislavy v boulderingu 2026')).toBeNull();
    expect(screen.getByRole('link', { name: 'Winter Boulder Cup' })).toHaveAttribute('href', '/events/3');
  });

  it('says "Zrušiť registráciu" in Slovak, never the log-out words', async () => {
    stubApi();
    render('sk');
    expect(await screen.findByRole('button', { name: 'Zrušiť registráciu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Odhlásiť sa' })).toBeNull();
  });
});
