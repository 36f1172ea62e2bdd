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

describe('MyRaces on race day', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('calls the QR code the check-in code and opens the check-in dialog (Slovak and English)', async () => {
    const withCode = { ...registration, checkInCode: 'K7-31', race: { ...registration.race, state: 'QUALIFICATION' } };
    vi.stubGlobal('fetch', vi.fn(async () => Response.json([withCode])));
    const { unmount } = render('sk');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'QR kód na prezentáciu' }));
    expect(await screen.findByRole('dialog', { name: 'Potvrdenie prítomnosti · Men open' })).toHaveTextContent('K7-31');
    expect(screen.queryByRole('button', { name: 'QR kód na registráciu' })).toBeNull();
    unmount();
    render('en');
    expect(await screen.findByRole('button', { name: 'Check-in QR code' })).toBeInTheDocument();
  });

  it('links the live results while the race runs, the results page before and after', async () => {
    const running = { ...registration, race: { ...registration.race, state: 'QUALIFICATION_ONGOING' } };
    const finished = { ...registration, id: 33, race: { ...registration.race, id: 8, name: 'Old race', state: 'FINISHED' } };
    vi.stubGlobal('fetch', vi.fn(async () => Response.json([running, finished])));
    render();
    expect(await screen.findByRole('link', { name: 'Live results' })).toHaveAttribute('href', '/live/race/5');
    expect(screen.getByRole('link', { name: 'Results' })).toHaveAttribute('href', '/races/8/results');
    expect(screen.getAllByRole('link', { name: 'Results' })).toHaveLength(1);
  });

  it("shows the racer's own standing apart from the race's state, and what to do when marked not present", async () => {
    const registered = { ...registration, race: { ...registration.race, state: 'QUALIFICATION' } };
    const present = { ...registration, id: 34, state: 'PRESENT', race: { ...registration.race, id: 9, name: 'Women open', state: 'QUALIFICATION_ONGOING' } };
    const absent = { ...registration, id: 35, state: 'NOT_PRESENT', race: { ...registration.race, id: 10, name: 'Youth B', state: 'QUALIFICATION' } };
    const absentSelf = { ...absent, id: 36, selfCheckInOpen: true, race: { ...absent.race, id: 11, name: 'Youth A' } };
    vi.stubGlobal('fetch', vi.fn(async () => Response.json([registered, present, absent, absentSelf])));
    render();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(4);
    expect(rows[0]).toHaveTextContent('Registered');
    expect(rows[0]).toHaveTextContent('Race: Registration closed');
    expect(rows[0]).toHaveTextContent('number 7 · group A');
    expect(rows[1]).toHaveTextContent('Present');
    expect(rows[1]).toHaveTextContent('Race: Qualification in progress');
    expect(rows[2]).toHaveTextContent('Not present');
    expect(rows[2]).toHaveTextContent('If you are here, go to the check-in desk.');
    expect(rows[3]).toHaveTextContent('If you are here, confirm your presence.');
    expect(within(rows[3]!).getByRole('button', { name: 'I am here: confirm presence' })).toBeInTheDocument();
  });

  it('says the standing in Slovak too', async () => {
    const absent = { ...registration, state: 'NOT_PRESENT', race: { ...registration.race, state: 'QUALIFICATION' } };
    vi.stubGlobal('fetch', vi.fn(async () => Response.json([absent])));
    render('sk');
    const row = await screen.findByRole('listitem');
    expect(row).toHaveTextContent('Neprítomný');
    expect(row).toHaveTextContent('Preteky: Registrácia uzavretá');
    expect(row).toHaveTextContent('prihláste sa pri registračnom stole');
  });
});
