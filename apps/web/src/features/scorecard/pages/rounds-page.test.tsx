import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Language, RoundState, SpeedStage } from '@climbing/domain';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { storeTestSession } from '../../../test/session';
import { RoundsPage } from './rounds-page';

/*
 * A race-day walkthrough: after "Reopen the race for a correction" the organiser corrects a speed
 * final match by reopening its two racers' FINAL rounds, but the rounds page listed the racers
 * alone, and nothing said who had raced whom. The page now shows the rounds by match and reopens
 * the two of a match in one step, after asking.
 */

const RACE = 7;

/** A bracket of four raced to the end: semi-finals 1v4 (Adam–Dušan) and 2v3 (Boris–Cyril), Adam and Boris through, Adam wins the big final. */
const racers = [
  { id: 1, number: 1, name: 'Adam Skalný' },
  { id: 2, number: 2, name: 'Boris Chytrý' },
  { id: 3, number: 3, name: 'Cyril Pevný' },
  { id: 4, number: 4, name: 'Dušan Rýchly-Dlhomenný' },
];

interface Pairing {
  id: number;
  stage: SpeedStage;
  stageIndex: number;
  a: number;
  b: number;
  winner: number;
  times: [number, number];
}

const MATCHES: Pairing[] = [
  { id: 31, stage: 'HALF_FINAL', stageIndex: 0, a: 1, b: 4, winner: 1, times: [6210, 6450] },
  { id: 32, stage: 'HALF_FINAL', stageIndex: 1, a: 2, b: 3, winner: 2, times: [6300, 6800] },
  { id: 33, stage: 'SMALL_FINAL', stageIndex: 0, a: 4, b: 3, winner: 3, times: [7000, 6900] },
  { id: 34, stage: 'BIG_FINAL', stageIndex: 0, a: 1, b: 2, winner: 1, times: [6100, 6200] },
];

const STAGE_INDEX: Record<SpeedStage, number> = { EIGHTH_FINAL: 0, QUARTER_FINAL: 1, HALF_FINAL: 2, SMALL_FINAL: 3, BIG_FINAL: 4 };

/** The racer list of the FINAL as the server answers it: each racer's round with its match runs, and the matches they race. */
function finalList(states: Record<number, RoundState>) {
  return racers.map((racer) => {
    const mine = MATCHES.filter((match) => match.a === racer.id || match.b === racer.id);
    return {
      id: racer.id,
      racerNumber: racer.number,
      fullName: racer.name,
      birthYear: 2000,
      sex: 'M',
      country: 'SVK',
      club: 'BCB',
      qualificationGroup: 'A',
      member: false,
      rounds: [
        {
          id: 100 + racer.id,
          racerId: racer.id,
          stage: 'FINAL',
          state: states[racer.id] ?? 'CLOSED',
          startingNumber: racer.id,
          version: 3,
          qualificationGroupId: 1,
          boulders: [],
          routes: [],
          speedRoutes: Object.entries(STAGE_INDEX).map(([stage, routeIndex]) => {
            const match = mine.find((each) => each.stage === stage);
            const time = match ? match.times[match.a === racer.id ? 0 : 1] : null;
            return { id: racer.id * 10 + routeIndex, routeIndex, attemptIndex: 0, time, fall: false, falseStart: false, version: 2 };
          }),
        },
      ],
      speedMatches: mine.map((match) => ({ id: match.id, gender: 'MEN', stage: match.stage, stageIndex: match.stageIndex, state: 'CLOSED', racerAId: match.a, racerBId: match.b, winnerRacerId: match.winner })),
    };
  });
}

interface Call {
  url: string;
  method: string;
  body: unknown;
}

function serve(states: Record<number, RoundState> = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url === `/api/race/${RACE}`) return json({ id: RACE, eventId: null, name: 'Speed men', discipline: 'SPEED', raceFormat: 'QUALIFICATION_FINAL', state: 'FINALS_ONGOING', raceGender: 'MEN' });
      if (url.startsWith('/api/racer/list') && url.includes('stage=FINAL')) return json(finalList(states));
      if (url.startsWith('/api/racer/list')) return json([]);
      if (url === '/api/round/state' && call.method === 'PUT') {
        const { roundIds, state } = call.body as { roundIds: number[]; state: RoundState };
        for (const roundId of roundIds) states[roundId - 100] = state;
        return json(roundIds.map((id) => ({ id, state, version: 4 })));
      }
      if (url.endsWith('/scoring-devices')) return json([]);
      return json({ error: { code: 'ENTITY_NOT_FOUND', message: '' } }, 404);
    }),
  );
  return calls;
}

const renderPage = (language: Language = 'en') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[`/admin/races/${RACE}/rounds?stage=FINAL`]}>
      <Routes>
        <Route path="/admin/races/:raceId/rounds" element={<RoundsPage />} />
      </Routes>
    </MemoryRouter>,
    language,
  );

const TEXTS = {
  en: {
    sections: ['Semi-finals', 'Finals'],
    matches: ['Semi-final 1', 'Semi-final 2', 'Small final', 'Big final'],
    reopen: 'Reopen the match',
    confirm: 'Reopen Semi-final 1 (1 · Adam Skalný – 4 · Dušan Rýchly-Dlhomenný)? Both racers\' rounds open again',
    done: 'Semi-final 1 is open again',
    closed: 'Closed',
    started: 'Started',
    hint: 'To correct a match after an appeal, reopen it here',
    times: ['6.21', '6.45'],
  },
  sk: {
    sections: ['Semifinále', 'Finále'],
    matches: ['Semifinále 1', 'Semifinále 2', 'Malé finále', 'Veľké finále'],
    reopen: 'Znovu otvoriť dvojicu',
    confirm: 'Znovu otvoriť dvojicu Semifinále 1 (1 · Adam Skalný – 4 · Dušan Rýchly-Dlhomenný)? Kolá oboch pretekárov sa znovu otvoria',
    done: 'Dvojica Semifinále 1 je znovu otvorená',
    closed: 'Uzavreté',
    started: 'Prebieha',
    hint: 'Na opravu dvojice po odvolaní ju tu znovu otvorte',
    times: ['6,21', '6,45'],
  },
} as const;

describe('RoundsPage of a speed final', () => {
  beforeEach(() => storeTestSession('csrf-rounds'));
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });

  for (const language of ['en', 'sk'] as const) {
    const words = TEXTS[language];

    it(`groups the rounds by match, stage by stage, with both racers, their runs and rounds (${language})`, async () => {
      serve();
      renderPage(language);
      const sections = await screen.findAllByTestId('match-section');
      expect(sections.map((section) => section.getAttribute('aria-label'))).toEqual(words.sections);
      const cards = screen.getAllByTestId('speed-final-match');
      expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(words.matches);
      // Semi-final 1: Adam (lane A, the winner) against Dušan, each with the run of this match and the state of his round.
      const semi = cards[0]!;
      const sides = within(semi).getAllByTestId('match-side');
      expect(sides.map((side) => side.getAttribute('data-racer'))).toEqual(['1', '4']);
      expect(sides[0]).toHaveTextContent(`1 · Adam Skalný`);
      expect(sides[0]).toHaveAttribute('data-winner', 'true');
      expect(sides[0]).toHaveTextContent(words.times[0]);
      expect(sides[1]).toHaveTextContent(`4 · Dušan Rýchly-Dlhomenný`);
      expect(sides[1]).toHaveTextContent(words.times[1]);
      expect(sides[1]).not.toHaveAttribute('data-winner');
      expect(within(semi).getAllByTestId('round-state').map((badge) => badge.textContent)).toEqual([words.closed, words.closed]);
      // The small final is Dušan against Cyril, the big final Adam against Boris.
      expect(within(cards[2]!).getAllByTestId('match-side').map((side) => side.getAttribute('data-racer'))).toEqual(['4', '3']);
      expect(within(cards[3]!).getAllByTestId('match-side').map((side) => side.getAttribute('data-racer'))).toEqual(['1', '2']);
      expect(screen.getByTestId('speed-final-rounds-hint')).toHaveTextContent(words.hint);
      // No racer table and no checkboxes: the match is the unit.
      expect(screen.queryByTestId('rounds-table')).toBeNull();
      expect(screen.queryByRole('checkbox')).toBeNull();
    });

    it(`reopens a match's two rounds in one step, after asking (${language})`, async () => {
      const calls = serve();
      renderPage(language);
      const semi = (await screen.findAllByTestId('speed-final-match'))[0]!;
      await userEvent.click(within(semi).getByRole('button', { name: words.reopen }));
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent(words.confirm);
      // Nothing is sent before the answer.
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
      await userEvent.click(within(dialog).getByRole('button', { name: words.reopen }));
      await waitFor(() => expect(calls.filter((call) => call.method === 'PUT').map((call) => [call.url, call.body])).toEqual([['/api/round/state', { roundIds: [101, 104], state: 'STARTED' }]]));
      expect(await screen.findByText(new RegExp(words.done))).toBeInTheDocument();
      await waitFor(() => expect(within(screen.getAllByTestId('speed-final-match')[0]!).getAllByTestId('round-state').map((badge) => badge.textContent)).toEqual([words.started, words.started]));
      // Both rounds open: nothing left to reopen for this match. The big final shares Adam's round, Boris's is still closed.
      expect(within(screen.getAllByTestId('speed-final-match')[0]!).getByRole('button', { name: words.reopen })).toBeDisabled();
      expect(within(screen.getAllByTestId('speed-final-match')[3]!).getByRole('button', { name: words.reopen })).toBeEnabled();
    });
  }

  it('reopens only the closed one of a match whose other racer is open already', async () => {
    const calls = serve({ 1: 'STARTED' });
    renderPage();
    const big = (await screen.findAllByTestId('speed-final-match'))[3]!;
    await userEvent.click(within(big).getByRole('button', { name: 'Reopen the match' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reopen the match' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ roundIds: [102], state: 'STARTED' }));
  });
});

describe('RoundsPage of a lead qualification', () => {
  beforeEach(() => storeTestSession('csrf-rounds'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows each racer’s heights in the scores column, so the organiser sees what is in before closing', async () => {
    const round = (racerId: number, routes: { hold: number | null; plus: boolean; top: boolean }[]) => ({
      id: 200 + racerId,
      racerId,
      stage: 'QUALIFICATION',
      state: 'STARTED',
      startingNumber: racerId,
      version: 2,
      qualificationGroupId: 1,
      boulders: [],
      routes: routes.map((route, routeIndex) => ({ id: racerId * 10 + routeIndex, routeIndex, time: null, version: 1, ...route })),
      speedRoutes: [],
    });
    const list = [
      { id: 1, racerNumber: 1, fullName: 'Adam Skalný', birthYear: 2000, sex: 'M', country: 'SVK', club: 'BCB', qualificationGroup: 'A', member: false, rounds: [round(1, [{ hold: 28, plus: true, top: false }, { hold: null, plus: false, top: true }])] },
      { id: 2, racerNumber: 2, fullName: 'Boris Chytrý', birthYear: 2000, sex: 'M', country: 'SVK', club: 'BCB', qualificationGroup: 'A', member: false, rounds: [round(2, [{ hold: 31, plus: false, top: false }, { hold: null, plus: false, top: false }])] },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
        if (url === `/api/race/${RACE}`) return json({ id: RACE, eventId: null, name: 'Lead men', discipline: 'LEAD', raceFormat: 'QUALIFICATION_FINAL', state: 'QUALIFICATION_ONGOING', raceGender: 'MEN' });
        if (url.startsWith('/api/racer/list') && url.includes('stage=QUALIFICATION')) return json(list);
        if (url.startsWith('/api/racer/list')) return json([]);
        if (url.endsWith('/scoring-devices')) return json([]);
        return json({ error: { code: 'ENTITY_NOT_FOUND', message: '' } }, 404);
      }),
    );
    renderWithProviders(
      <MemoryRouter initialEntries={[`/admin/races/${RACE}/rounds?stage=QUALIFICATION`]}>
        <Routes>
          <Route path="/admin/races/:raceId/rounds" element={<RoundsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByRole('row', { name: /Adam Skalný/ })).toHaveTextContent('28+ | TOP');
    expect(screen.getByRole('row', { name: /Boris Chytrý/ })).toHaveTextContent('31 | –');
  });
});
