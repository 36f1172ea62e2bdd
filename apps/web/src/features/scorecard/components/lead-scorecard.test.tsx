import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTestSession } from '../../../test/session';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ScorecardPage } from '../pages/scorecard-page';

interface RouteValue {
  hold: number | null;
  plus?: boolean;
  top?: boolean;
  time: number | null;
}

const leadRound = (version: number, first: RouteValue = { hold: null, time: null }) => ({
  id: 55,
  racerId: 9,
  stage: 'QUALIFICATION',
  state: 'STARTED',
  startingNumber: 1,
  version,
  qualificationGroupId: null,
  boulders: [],
  routes: [{ id: 301, routeIndex: 0, hold: first.hold, plus: first.plus ?? false, top: first.top ?? false, time: first.time, version: 2 }],
  speedRoutes: [],
});

const racers = (first?: RouteValue) => [
  { id: 9, racerNumber: 14, fullName: 'Ľuboš Horák', birthYear: 2001, sex: 'M', country: 'SVK', club: null, qualificationGroup: null, rounds: [leadRound(3, first)] },
];

type Answer = (url: string, init?: RequestInit) => { status: number; body: unknown } | undefined;

const serve = (answer: Answer, first?: RouteValue) => {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/scoring-device/')) return new Response(null, { status: 204 });
      const custom = answer(url, init);
      if (custom) return new Response(JSON.stringify(custom.body), { status: custom.status });
      if (url.startsWith('/api/token')) return new Response(JSON.stringify({ kind: 'JUDGE_ACCOUNT', eventId: null }));
      if (url === '/api/race/3') return new Response(JSON.stringify({ id: 3, eventId: null, name: 'Lead men', discipline: 'LEAD', raceFormat: 'QUALIFICATION_FINAL' }));
      if (url.startsWith('/api/racer/list')) return new Response(JSON.stringify(racers(first)));
      return new Response(JSON.stringify({ error: { code: 'RACE_NOT_FOUND', message: '' } }), { status: 404 });
    }),
  );
  return calls;
};

const openRacer = async (language: 'en' | 'sk' = 'en') => {
  const user = userEvent.setup();
  renderWithProviders(
    <MemoryRouter initialEntries={['/races/3/scorecard']}>
      <Routes>
        <Route path="/races/:raceId/scorecard" element={<ScorecardPage />} />
      </Routes>
    </MemoryRouter>,
    language,
  );
  await screen.findByText('Lead men');
  await user.type(await screen.findByRole('textbox', { name: language === 'en' ? 'Racer' : 'Pretekár' }), 'horak');
  await user.click(await screen.findByText('14 · Ľuboš Horák'));
  await screen.findByTestId('lead-scorecard');
  return user;
};

const puts = <C extends { method: string; url: string }>(calls: C[]) => calls.filter((call) => call.method === 'PUT' && call.url.startsWith('/api/racer/'));
const timeOf = (body: unknown) => (body as { time: unknown }).time;

describe('LeadScorecard: the climbing time', () => {
  beforeEach(() => {
    window.localStorage.clear();
    storeTestSession('judge-token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a stored time as minutes:seconds, in Slovak with the decimal comma', async () => {
    serve(() => undefined, { hold: 28, plus: true, time: 170_400 });
    await openRacer('sk');
    expect(screen.getByRole('textbox', { name: 'Čas' })).toHaveValue('2:50,4');
    expect(screen.getByText('Minúty:sekundy (2:50 alebo 2:50,4), alebo sekundy (170)')).toBeInTheDocument();
  });

  it('shows a whole stored time without decimals in English', async () => {
    serve(() => undefined, { hold: 28, time: 170_000 });
    await openRacer('en');
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue('2:50');
  });

  it('takes plain seconds, shows them as minutes:seconds and sends milliseconds as before', async () => {
    const calls = serve((url, init) => (init?.method === 'PUT' && url.startsWith('/api/racer/') ? { status: 200, body: leadRound(4, { hold: 30, time: 170_000 }) } : undefined));
    const user = await openRacer('en');
    await user.type(screen.getByRole('textbox', { name: 'Hold' }), '30');
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '170');
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue('2:50');
    await user.click(screen.getByRole('button', { name: 'Save route' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.url).toBe('/api/racer/9/route/301');
    expect(timeOf(puts(calls)[0]?.body)).toBe(170_000);
  });

  it('takes minutes:seconds with a Slovak decimal comma and sends milliseconds', async () => {
    const calls = serve((url, init) => (init?.method === 'PUT' && url.startsWith('/api/racer/') ? { status: 200, body: leadRound(4, { hold: 30, time: 170_400 }) } : undefined));
    const user = await openRacer('sk');
    await user.type(screen.getByRole('textbox', { name: 'Čas' }), '2:50,4');
    await user.click(screen.getByRole('button', { name: 'Uložiť cestu' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(timeOf(puts(calls)[0]?.body)).toBe(170_400);
  });

  it('says inline what a time may look like and saves nothing while it is not one', async () => {
    const calls = serve(() => undefined);
    const user = await openRacer('en');
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '2:75');
    expect(screen.getByText('Not a time: type minutes:seconds (2:50 or 2:50.4) or seconds (170), with at most 3 decimals.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save route' })).toBeDisabled();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Time' })).toHaveValue('2:75');
    expect(puts(calls)).toHaveLength(0);
  });
});

describe('SyncStatus after the refused entries were dismissed', () => {
  beforeEach(() => {
    window.localStorage.clear();
    storeTestSession('judge-token');
  });
  afterEach(() => vi.unstubAllGlobals());

  const refuseAndDismiss = async (language: 'en' | 'sk') => {
    const calls = serve((url, init) => (init?.method === 'PUT' && url.startsWith('/api/racer/') ? { status: 409, body: { error: { code: 'ROUND_CLOSED', message: 'closed' } } } : undefined));
    const user = await openRacer(language);
    expect(screen.getByTestId('sync-saved')).toHaveTextContent(language === 'en' ? 'Nothing entered on this device yet' : 'Na tomto zariadení zatiaľ nič nezadané');
    await user.type(screen.getByRole('textbox', { name: language === 'en' ? 'Hold' : 'Chyt' }), '30');
    await user.click(screen.getByRole('button', { name: language === 'en' ? 'Save route' : 'Uložiť cestu' }));
    const refused = await screen.findByTestId('refused-entry');
    // While the card is up, the status line leaves the word to its button.
    expect(screen.queryByTestId('sync-saved')).not.toBeInTheDocument();
    await user.click(within(refused).getByRole('button', { name: language === 'en' ? 'Close' : 'Zavrieť' }));
    await waitFor(() => expect(screen.queryByTestId('refused-entry')).not.toBeInTheDocument());
    expect(puts(calls)).toHaveLength(1);
    return screen.getByTestId('sync-saved');
  };

  it('says nothing waits and when the last entry was refused, not that nothing was entered', async () => {
    const status = await refuseAndDismiss('en');
    expect(status).toHaveTextContent(/^Nothing waiting to be sent · last entry refused at \d{1,2}:\d{2}/);
    expect(status).not.toHaveTextContent('Nothing entered on this device yet');
    expect(screen.queryByTestId('sync-waiting')).not.toBeInTheDocument();
  });

  it('says the same in Slovak', async () => {
    const status = await refuseAndDismiss('sk');
    expect(status).toHaveTextContent(/^Nič nečaká na odoslanie · posledný záznam bol odmietnutý o \d{1,2}:\d{2}/);
    expect(status).not.toHaveTextContent('Na tomto zariadení zatiaľ nič nezadané');
  });
});

describe('LeadScorecard: the height', () => {
  beforeEach(() => {
    window.localStorage.clear();
    storeTestSession('judge-token');
  });
  afterEach(() => vi.unstubAllGlobals());

  const holdOf = (body: unknown) => (body as { hold: unknown }).hold;
  const storedAnswer = (hold: number | null) => (url: string, init?: RequestInit) =>
    init?.method === 'PUT' && url.startsWith('/api/racer/') ? { status: 200, body: leadRound(4, { hold, time: null }) } : undefined;

  it('refuses a garbled, negative or too high height with a message under the field, and sends nothing', async () => {
    const calls = serve(storedAnswer(null), { hold: 36, time: null });
    const user = await openRacer('en');
    const hold = screen.getByRole('textbox', { name: 'Hold' });
    expect(hold).toHaveValue('36');
    const save = screen.getByRole('button', { name: 'Save route' });
    const cases: [string, string][] = [
      ['abc', 'Not a height: type the number of the hold (28, or 28.5 for a half hold).'],
      ['28.25', 'Not a height: type the number of the hold (28, or 28.5 for a half hold).'],
      ['-5', 'A height cannot be negative: type the number of the hold (28).'],
      ['1000', 'Too high: a height is at most 999. Type the number of the hold (28).'],
    ];
    for (const [typed, message] of cases) {
      await user.clear(hold);
      await user.type(hold, typed);
      // The field keeps what was typed (it used to strip "abc" to nothing and save that as no height).
      expect(hold).toHaveValue(typed);
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(save).toBeDisabled();
      await user.click(save);
    }
    expect(puts(calls)).toHaveLength(0);
    // The stored height is still shown on the route's tab.
    expect(screen.getByRole('radio', { name: 'R1 36' })).toBeChecked();
  });

  it('says the same in Slovak', async () => {
    serve(storedAnswer(null), { hold: 36, time: null });
    const user = await openRacer('sk');
    const hold = screen.getByRole('textbox', { name: 'Chyt' });
    await user.clear(hold);
    await user.type(hold, 'abc');
    expect(screen.getByText('Toto nie je výška: zadajte číslo chytu (28, alebo 28,5 pre polovičný chyt).')).toBeInTheDocument();
    await user.clear(hold);
    await user.type(hold, '-5');
    expect(screen.getByText('Výška nemôže byť záporná: zadajte číslo chytu (28).')).toBeInTheDocument();
    await user.clear(hold);
    await user.type(hold, '1000');
    expect(screen.getByText('Príliš vysoko: výška je najviac 999. Zadajte číslo chytu (28).')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Uložiť cestu' })).toBeDisabled();
  });

  it('takes a half hold with a decimal comma and the highest allowed hold', async () => {
    const calls = serve(storedAnswer(26.5));
    const user = await openRacer('sk');
    await user.type(screen.getByRole('textbox', { name: 'Chyt' }), '26,5');
    await user.click(screen.getByRole('button', { name: 'Uložiť cestu' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(holdOf(puts(calls)[0]?.body)).toBe(26.5);
    await user.clear(screen.getByRole('textbox', { name: 'Chyt' }));
    await user.type(screen.getByRole('textbox', { name: 'Chyt' }), '999');
    await user.click(screen.getByRole('button', { name: 'Uložiť cestu' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(holdOf(puts(calls)[1]?.body)).toBe(999);
  });

  it('clears a stored height only after asking: "No" keeps it, "Yes" sends no height', async () => {
    const calls = serve(storedAnswer(null), { hold: 36, time: null });
    const user = await openRacer('en');
    await user.clear(screen.getByRole('textbox', { name: 'Hold' }));
    await user.click(screen.getByRole('button', { name: 'Save route' }));
    const question = await screen.findByTestId('lead-clear-height');
    expect(question).toHaveTextContent('Clear the stored height 36 of 14 · Ľuboš Horák? The route will have no height.');
    await user.click(within(question).getByRole('button', { name: 'No, keep 36' }));
    await waitFor(() => expect(screen.queryByTestId('lead-clear-height')).not.toBeInTheDocument());
    expect(puts(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save route' }));
    await user.click(within(await screen.findByTestId('lead-clear-height')).getByRole('button', { name: 'Yes, clear it' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({ hold: null, plus: false, top: false, time: null });
  });

  it('asks before "Other racer" drops a typed height; a garbled one cannot be saved from the question either', async () => {
    const calls = serve(storedAnswer(30), { hold: 36, time: null });
    const user = await openRacer('en');
    const hold = screen.getByRole('textbox', { name: 'Hold' });
    await user.clear(hold);
    await user.type(hold, 'abc');
    await user.click(screen.getByRole('button', { name: 'Other racer' }));
    const asked = await screen.findByTestId('unsaved-entry');
    expect(asked).toHaveTextContent('14 · Ľuboš Horák, Route 1: abc is not saved.');
    await user.click(within(asked).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('unsaved-entry')).toHaveTextContent('abc cannot be saved. Not a height: type the number of the hold (28, or 28.5 for a half hold).'));
    await user.click(within(screen.getByTestId('unsaved-entry')).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByTestId('unsaved-entry')).not.toBeInTheDocument());
    expect(puts(calls)).toHaveLength(0);

    await user.clear(hold);
    await user.type(hold, '30');
    await user.click(screen.getByRole('checkbox', { name: 'Plus (+)' }));
    await user.click(screen.getByRole('button', { name: 'Other racer' }));
    const again = await screen.findByTestId('unsaved-entry');
    expect(again).toHaveTextContent('14 · Ľuboš Horák, Route 1: 30+ is not saved.');
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('textbox', { name: 'Racer' })).toBeInTheDocument();
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toMatchObject({ hold: 30, plus: true, top: false, time: null });
  });

  it('asks before another route takes an emptied height away; its Save asks whether to clear the stored one', async () => {
    const twoRoutes = [
      {
        ...racers({ hold: 36, time: null })[0],
        rounds: [{ ...leadRound(3, { hold: 36, time: null }), routes: [...leadRound(3, { hold: 36, time: null }).routes, { id: 302, routeIndex: 1, hold: null, plus: false, top: false, time: null, version: 0 }] }],
      },
    ];
    const calls = serve((url, init) => (url.startsWith('/api/racer/list') ? { status: 200, body: twoRoutes } : storedAnswer(null)(url, init)));
    const user = await openRacer('en');
    await user.clear(screen.getByRole('textbox', { name: 'Hold' }));
    await user.click(screen.getByRole('radio', { name: 'R2 –' }));
    const asked = await screen.findByTestId('unsaved-entry');
    expect(asked).toHaveTextContent('14 · Ľuboš Horák, Route 1: – is not saved.');
    await user.click(within(asked).getByRole('button', { name: 'Save' }));
    const question = await screen.findByTestId('lead-clear-height');
    expect(question).toHaveTextContent('Clear the stored height 36 of 14 · Ľuboš Horák?');
    await user.click(within(question).getByRole('button', { name: 'No, keep 36' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'R1 36' })).toBeChecked();
    expect(puts(calls)).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'R2 –' }));
    await user.click(within(await screen.findByTestId('unsaved-entry')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'R2 –' })).toBeChecked());
    expect(screen.getByRole('textbox', { name: 'Hold' })).toHaveValue('');
    expect(puts(calls)).toHaveLength(0);
  });
});
