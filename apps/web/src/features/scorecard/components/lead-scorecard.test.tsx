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
