import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render-with-providers';
import { storeTestSession } from '../../../test/session';
import type { SpeedMatch } from '../../results/api/speed-bracket';
import { speedMatchTitle } from '../model/speed-final-matches';
import { ScorecardPage } from '../pages/scorecard-page';
import { matchOptionLabel, nextMatchToEnter } from './speed-match-entry';

const match = (id: number, state: 'READY' | 'CLOSED' = 'READY') => ({ id, state }) as SpeedMatch;

describe('nextMatchToEnter: after saving a match the judge moves on', () => {
  const bracket = [match(1, 'CLOSED'), match(2), match(3), match(4), match(5, 'CLOSED')];

  it('goes to the next match in bracket order that is neither closed nor waiting in the queue', () => {
    expect(nextMatchToEnter(bracket, 2, new Set())?.id).toBe(3);
    expect(nextMatchToEnter(bracket, 2, new Set([3]))?.id).toBe(4);
  });

  it('wraps round to an earlier open match, and stays (null) when none is left', () => {
    expect(nextMatchToEnter(bracket, 4, new Set())?.id).toBe(2);
    expect(nextMatchToEnter(bracket, 4, new Set([2, 3]))).toBeNull();
    // A correction of a closed match moves on like a first entry.
    expect(nextMatchToEnter(bracket, 5, new Set())?.id).toBe(2);
  });
});

const lane = (id: number, racerNumber: number, fullName: string, run: { time: number } | null = null) => ({
  id,
  roundId: id * 10,
  racerNumber,
  fullName,
  country: 'SVK',
  run: run ? { time: run.time, fall: false, falseStart: false } : null,
});

/** A bracket of eight (quarter-finals), the first one raced, with names long enough to be cut by a one-line select at 360 px. */
const QUARTERS = [
  { a: lane(1, 1, 'Adam Skalný', { time: 6200 }), b: lane(8, 8, 'Hugo Lanový-Dlhomenný', { time: 6450 }), state: 'CLOSED' },
  { a: lane(4, 4, 'Dušan Rýchly'), b: lane(5, 5, 'Emil Vrtký'), state: 'READY' },
  { a: lane(2, 2, 'Boris Chytrý'), b: lane(7, 7, 'Gabriel Horolezec'), state: 'READY' },
  { a: lane(3, 3, 'Cyril Pevný'), b: lane(6, 6, 'Filip Dlhomenný-Vysokohorský'), state: 'READY' },
].map(({ a, b, state }, stageIndex) => ({ id: 40 + stageIndex, gender: 'MEN', stage: 'QUARTER_FINAL', stageIndex, state, version: 2, racerA: a, racerB: b, winnerRacerId: state === 'CLOSED' ? a.id : null }));

const serveBracket = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
      if (url.includes('/scoring-device/')) return new Response(null, { status: 204 });
      if (url.startsWith('/api/token')) return json({ kind: 'JUDGE_ACCOUNT', eventId: null });
      if (url === '/api/race/3') return json({ id: 3, eventId: null, name: 'Speed men', discipline: 'SPEED', raceFormat: 'QUALIFICATION_FINAL', state: 'FINALS_ONGOING', speed: { type: 'WORLD_CUP' } });
      if (url === '/api/race/3/speed-bracket') return json({ raceId: 3, size: 8, stages: ['QUARTER_FINAL', 'HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'], matches: QUARTERS, brackets: [{ gender: 'MEN', size: 8, stages: ['QUARTER_FINAL', 'HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'], matches: QUARTERS }], planned: [] });
      if (url.startsWith('/api/racer/list')) return json([]);
      return json({ error: { code: 'RACE_NOT_FOUND', message: '' } }, 404);
    }),
  );

describe('the speed judge picks a match on a phone', () => {
  beforeEach(() => storeTestSession('judge-token'));
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['en', 'Match', 'Quarter-final', 'Big final'],
    ['sk', 'Dvojica', 'Štvrťfinále', 'Veľké finále'],
  ] as const)('shows the chosen match whole, on lines that wrap, over a native select of short labels (%s)', async (language, label, quarter, big) => {
    serveBracket();
    renderWithProviders(
      <MemoryRouter initialEntries={['/races/3/scorecard?stage=FINAL']}>
        <Routes>
          <Route path="/races/:raceId/scorecard" element={<ScorecardPage />} />
        </Routes>
      </MemoryRouter>,
      language,
    );
    const select = await screen.findByRole('combobox', { name: label });
    // The first match not yet raced, and every option with both racers' names, the done mark first.
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      `✓ ${quarter} 1: Adam Skalný – Hugo Lanový-Dlhomenný`,
      `${quarter} 2: Dušan Rýchly – Emil Vrtký`,
      `${quarter} 3: Boris Chytrý – Gabriel Horolezec`,
      `${quarter} 4: Cyril Pevný – Filip Dlhomenný-Vysokohorský`,
    ]);
    const picker = screen.getByTestId('match-picker');
    expect(select).toHaveValue('41');
    expect(picker).toHaveTextContent(`${quarter} 2`);
    expect(picker).toHaveTextContent('4 · Dušan Rýchly – 5 · Emil Vrtký');
    await userEvent.selectOptions(select, '43');
    expect(picker).toHaveTextContent(`${quarter} 4`);
    expect(picker).toHaveTextContent('3 · Cyril Pevný – 6 · Filip Dlhomenný-Vysokohorský');
    expect(within(screen.getByTestId('speed-match-form')).getByText(/Filip Dlhomenný-Vysokohorský/)).toBeInTheDocument();
    // The finals have one match each: no number ("Big final", as the rounds page and the server's messages name it).
    expect(speedMatchTitle(createI18n(language).t, { gender: 'MEN', stage: 'BIG_FINAL', stageIndex: 0 })).toBe(big);
  });

  it('names the bracket first when a mixed race has one per sex, and keeps the racers in the option', () => {
    const t = createI18n('en').t;
    expect(speedMatchTitle(t, { gender: 'WOMEN', stage: 'HALF_FINAL', stageIndex: 1 }, true)).toBe('Women · Semi-final 2');
    expect(speedMatchTitle(createI18n('sk').t, { gender: 'MEN', stage: 'SMALL_FINAL', stageIndex: 0 }, true)).toBe('Muži · Malé finále');
    expect(matchOptionLabel({ ...match(1, 'CLOSED'), racerA: null, racerB: lane(2, 2, 'Boris Chytrý') } as SpeedMatch, 'Semi-final 1')).toBe('✓ Semi-final 1: ? – Boris Chytrý');
  });
});

describe('a final match typed and not saved', () => {
  beforeEach(() => {
    window.localStorage.clear();
    storeTestSession('judge-token');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('asks before another match or stage takes the typed times away; Stay keeps them, Discard goes', async () => {
    serveBracket();
    const user = userEvent.setup();
    renderWithProviders(
      <MemoryRouter initialEntries={['/races/3/scorecard?stage=FINAL']}>
        <Routes>
          <Route path="/races/:raceId/scorecard" element={<ScorecardPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const select = await screen.findByRole('combobox', { name: 'Match' });
    const form = screen.getByTestId('speed-match-form');
    const [laneA] = within(form).getAllByRole('textbox', { name: 'Time' });
    await user.type(laneA!, '6.9');
    await user.selectOptions(select, '43');
    const asked = await screen.findByTestId('unsaved-entry');
    expect(asked).toHaveTextContent('4 · Dušan Rýchly – 5 · Emil Vrtký, Quarter-final 2: Lane A: 6.9 · Lane B: – is not saved.');
    await user.click(within(asked).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByTestId('unsaved-entry')).not.toBeInTheDocument());
    expect(select).toHaveValue('41');
    expect(within(screen.getByTestId('speed-match-form')).getAllByRole('textbox', { name: 'Time' })[0]).toHaveValue('6.9');

    await user.click(screen.getByRole('radio', { name: 'Qualification' }));
    await user.click(within(await screen.findByTestId('unsaved-entry')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByTestId('speed-match-form')).not.toBeInTheDocument());
  });
});
