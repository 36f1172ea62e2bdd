import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeAuthToken } from '../../../lib/auth-token';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ScorecardPage } from './scorecard-page';

const boulders = (first: { topAttempts: number | null; zoneAttempts: number | null; currentAttempt: number }) => [
  { id: 101, boulderIndex: 0, ...first },
  { id: 102, boulderIndex: 1, topAttempts: null, zoneAttempts: null, currentAttempt: 0 },
];

const round = (version: number, state: string, first = { topAttempts: null as number | null, zoneAttempts: null as number | null, currentAttempt: 0 }) => ({
  id: 55,
  racerId: 9,
  stage: 'QUALIFICATION',
  state,
  startingNumber: 1,
  version,
  qualificationGroupId: 1,
  boulders: boulders(first),
  routes: [],
  speedRoutes: [],
});

const racer = { id: 9, racerNumber: 14, fullName: 'Ľuboš Horák', birthYear: 2001, sex: 'M', country: 'SVK', club: 'BCB', qualificationGroup: 'A', member: false, rounds: [round(3, 'STARTED')] };

type Answer = (url: string, init?: RequestInit) => { status: number; body: unknown } | undefined;

const serve = (answer: Answer) => {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const custom = answer(url, init);
      if (custom) return new Response(JSON.stringify(custom.body), { status: custom.status });
      if (url.startsWith('/api/token')) return new Response(JSON.stringify({ kind: 'JUDGE_ACCOUNT', userId: null, judgeAccountId: 1, eventId: 4 }));
      if (url.startsWith('/api/racer/list')) return new Response(JSON.stringify([racer]));
      return new Response(JSON.stringify({ error: { code: 'RACE_NOT_FOUND', message: '' } }), { status: 404 });
    }),
  );
  return calls;
};

const renderPage = (language: 'en' | 'sk') =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/races/3/scorecard?boulder=1']}>
      <Routes>
        <Route path="/races/:raceId/scorecard" element={<ScorecardPage />} />
      </Routes>
    </MemoryRouter>,
    language,
  );

const openRacer = async (language: 'en' | 'sk' = 'en') => {
  const user = userEvent.setup();
  renderPage(language);
  await user.type(await screen.findByRole('textbox', { name: language === 'en' ? 'Racer' : 'Pretekár' }), 'horak');
  await user.click(await screen.findByText('14 · Ľuboš Horák'));
  return user;
};

describe('ScorecardPage', () => {
  beforeEach(() => storeAuthToken('judge-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('saves each mark with the round version and confirms it', async () => {
    const calls = serve((url, init) =>
      init?.method === 'PUT' ? { status: 200, body: round(4, 'STARTED', { topAttempts: null, zoneAttempts: null, currentAttempt: 1 }) } : undefined,
    );
    const user = await openRacer();
    await user.click(screen.getByRole('button', { name: 'Attempt' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.url).toBe('/api/racer/9/round/55');
    expect(put?.body).toEqual({ version: 3, boulders: [{ id: 101, topAttempts: null, zoneAttempts: null, currentAttempt: 1 }] });
    expect(screen.getByTestId('scorecard-attempt')).toHaveTextContent('1 attempt');
  });

  it('shows the fresh value and a translated message when someone else saved first', async () => {
    serve((url, init) =>
      init?.method === 'PUT'
        ? { status: 409, body: { error: { code: 'VERSION_CONFLICT', message: 'stale', details: { current: round(5, 'STARTED', { topAttempts: 2, zoneAttempts: 1, currentAttempt: 2 }) } } } }
        : undefined,
    );
    const user = await openRacer();
    await user.keyboard('t');
    expect(await screen.findByText('Someone else changed this in the meantime; the current state is shown.')).toBeInTheDocument();
    expect(screen.getByTestId('scorecard-conflict-current')).toHaveTextContent('Boulder 1 now: T2 Z1, attempts: 2.');
    expect(screen.getByTestId('scorecard-marks')).toHaveTextContent('T2 Z1');
  });

  it('says in Slovak that a closed round refuses the score, drops the mark and locks the buttons', async () => {
    serve((url, init) => (init?.method === 'PUT' ? { status: 409, body: { error: { code: 'ROUND_CLOSED', message: 'closed' } } } : undefined));
    const user = await openRacer('sk');
    await user.click(screen.getByRole('button', { name: 'Zóna' }));
    expect(await screen.findByText('Kolo je uzavreté a nie je možné ho upravovať.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('round-state')).toHaveTextContent('Uzavreté'));
    expect(screen.getByTestId('scorecard-marks')).toHaveTextContent('–');
    expect(screen.getByRole('button', { name: 'Pokus' })).toBeDisabled();
  });
});
