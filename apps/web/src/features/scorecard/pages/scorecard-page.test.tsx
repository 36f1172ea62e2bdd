import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, RouterProvider, Routes, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readStored, writeStored } from '../../../lib/device-store';
import { storeTestSession } from '../../../test/session';
import { renderWithProviders } from '../../../test/render-with-providers';
import { recordUndoEntry, takeLastUndoEntry } from '../sync/undo-journal';
import { ScorecardPage } from './scorecard-page';

type Marks = { topAttempts: number | null; zoneAttempts: number | null; currentAttempt: number };

const boulders = (first: Marks, firstVersion = 2) => [
  { id: 101, boulderIndex: 0, ...first, version: firstVersion },
  { id: 102, boulderIndex: 1, topAttempts: null, zoneAttempts: null, currentAttempt: 0, version: 0 },
];

const round = (version: number, state: string, first: Marks = { topAttempts: null, zoneAttempts: null, currentAttempt: 0 }, firstVersion = 2) => ({
  id: 55,
  racerId: 9,
  stage: 'QUALIFICATION',
  state,
  startingNumber: 1,
  version,
  qualificationGroupId: 1,
  boulders: boulders(first, firstVersion),
  routes: [],
  speedRoutes: [],
});

const racerWith = (first: Marks = { topAttempts: null, zoneAttempts: null, currentAttempt: 0 }) => ({
  id: 9,
  racerNumber: 14,
  fullName: 'Ľuboš Horák',
  birthYear: 2001,
  sex: 'M',
  country: 'SVK',
  club: 'BCB',
  qualificationGroup: 'A',
  member: false,
  rounds: [round(3, 'STARTED', first)],
});

interface Call {
  url: string;
  method: string;
  key: string | null;
  body: Record<string, unknown> | undefined;
}

type Answer = (call: Call) => { status: number; body: unknown } | 'NETWORK' | undefined;

const serve = (answer: Answer, racer = racerWith()) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      const call = { url, method: init?.method ?? 'GET', key: headers.get('Idempotency-Key'), body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined };
      calls.push(call);
      const custom = answer(call);
      if (custom === 'NETWORK') throw new TypeError('Failed to fetch');
      if (custom) return new Response(JSON.stringify(custom.body), { status: custom.status });
      if (url.startsWith('/api/token')) return new Response(JSON.stringify({ kind: 'JUDGE_ACCOUNT', userId: null, judgeAccountId: 1, eventId: 4 }));
      if (url.startsWith('/api/racer/list')) return new Response(JSON.stringify([racer]));
      if (url.includes('/scoring-device/')) return new Response(null, { status: 204 });
      return new Response(JSON.stringify({ error: { code: 'RACE_NOT_FOUND', message: '' } }), { status: 404 });
    }),
  );
  return calls;
};

/**
 * Waits until every tap is in the device's store (no page key left in local storage): a test that
 * ends sooner leaves taps that the next test's page would take over as a closed page's.
 */
const allStored = () => waitFor(() => expect(Object.keys(window.localStorage).filter((key) => key.startsWith('scorecardAccepted:'))).toEqual([]));

const writes = (calls: readonly Call[]) => calls.filter((call) => call.method === 'PUT' && call.url.startsWith('/api/racer/'));

/** The scorecard page at this address, as the router gives it. */
const renderScorecard = (path: string, language: 'en' | 'sk' = 'en') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/races/:raceId/scorecard" element={<ScorecardPage />} />
      </Routes>
    </MemoryRouter>,
    language,
  );

const openRacer = async (language: 'en' | 'sk' = 'en') => {
  const user = userEvent.setup();
  renderScorecard('/races/3/scorecard?boulder=1', language);
  await user.type(await screen.findByRole('textbox', { name: language === 'en' ? 'Racer' : 'Pretekár' }), 'horak');
  await user.click(await screen.findByText('14 · Ľuboš Horák'));
  return user;
};

describe('ScorecardPage', () => {
  beforeEach(() => storeTestSession('judge-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('opens on the stage the race is in when no stage is chosen (the final, not the closed qualification)', async () => {
    const calls = serve((call) =>
      call.url === '/api/race/3'
        ? { status: 200, body: { id: 3, eventId: null, name: 'Men', discipline: 'BOULDERING', raceFormat: 'QUALIFICATION_FINAL', state: 'FINALS_ONGOING' } }
        : undefined,
    );
    renderScorecard('/races/3/scorecard');
    // (Until the race is read the page asks for the first stage's list, as a page without the race does.)
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith('/api/racer/list')).at(-1)?.url).toContain('stage=FINAL'));
  });

  it('says how many racers the list of a big field leaves out and how to find them', async () => {
    const many = Array.from({ length: 25 }, (_, index) => ({ ...racerWith(), id: 100 + index, racerNumber: 100 + index, fullName: `Racer ${index + 1}` }));
    serve((call) => (call.url.startsWith('/api/racer/list') ? { status: 200, body: many } : undefined));
    renderScorecard('/races/3/scorecard?boulder=1');
    expect(await screen.findByTestId('more-racers')).toHaveTextContent('Showing 8 of 25: type a name or number to find the others.');
    expect(screen.getAllByTestId('racer-option')).toHaveLength(8);
  });

  it('shows every racer of a short list (nine, twenty) without a search, and a search that leaves twenty or fewer of a big field shows them all', async () => {
    const field = (count: number) => Array.from({ length: count }, (_, index) => ({ ...racerWith(), id: 100 + index, racerNumber: 100 + index, fullName: `Racer ${index + 1}` }));
    serve((call) => (call.url.startsWith('/api/racer/list') ? { status: 200, body: field(9) } : undefined));
    const first = renderScorecard('/races/3/scorecard?boulder=1');
    await waitFor(() => expect(screen.getAllByTestId('racer-option')).toHaveLength(9));
    expect(screen.getByText('108 · Racer 9')).toBeInTheDocument();
    expect(screen.queryByTestId('more-racers')).not.toBeInTheDocument();
    first.unmount();

    serve((call) => (call.url.startsWith('/api/racer/list') ? { status: 200, body: field(20) } : undefined));
    const second = renderScorecard('/races/3/scorecard?boulder=1');
    await waitFor(() => expect(screen.getAllByTestId('racer-option')).toHaveLength(20));
    expect(screen.queryByTestId('more-racers')).not.toBeInTheDocument();
    second.unmount();

    serve((call) => (call.url.startsWith('/api/racer/list') ? { status: 200, body: field(40) } : undefined));
    const user = userEvent.setup();
    renderScorecard('/races/3/scorecard?boulder=1');
    await waitFor(() => expect(screen.getAllByTestId('racer-option')).toHaveLength(8));
    // "11" finds the numbers 110 to 119: ten, all shown.
    await user.type(screen.getByRole('textbox', { name: 'Racer' }), '11');
    await waitFor(() => expect(screen.getAllByTestId('racer-option')).toHaveLength(10));
    expect(screen.queryByTestId('more-racers')).not.toBeInTheDocument();
  });

  it('lets the judge of one group keep the list to it, and "All" shows every group again', async () => {
    const racer = (id: number, group: string) => ({ ...racerWith(), id, racerNumber: id, fullName: `Racer ${id}`, qualificationGroup: group, rounds: [{ ...round(3, 'STARTED'), id: id * 10, racerId: id }] });
    const list = [racer(1, 'A'), racer(2, 'B'), racer(3, 'C'), racer(4, 'A'), racer(5, 'C')];
    serve((call) => (call.url.startsWith('/api/racer/list') ? { status: 200, body: list } : undefined));
    const user = userEvent.setup();
    renderScorecard('/races/3/scorecard?boulder=1');
    expect(await screen.findAllByTestId('racer-option')).toHaveLength(5);
    await user.click(screen.getByRole('radio', { name: 'C' }));
    await waitFor(() => expect(screen.getAllByTestId('racer-option').map((option) => option.textContent)).toEqual([expect.stringContaining('Racer 3'), expect.stringContaining('Racer 5')]));
    // The search keeps to the group too.
    await user.type(screen.getByRole('textbox', { name: 'Racer' }), '4');
    expect(await screen.findByText('No racer matches.')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Racer' }));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(screen.getAllByTestId('racer-option')).toHaveLength(5);
  });

  it('"Next racer" goes to the next racer of the same group whose round is open, once per double tap', async () => {
    const racer = (id: number, group: string, state = 'STARTED') => ({ ...racerWith(), id, racerNumber: id, fullName: `Racer ${id}`, qualificationGroup: group, rounds: [{ ...round(3, state), id: id * 10, racerId: id }] });
    // Starting order: A1, B2, A3 (closed), C4, A5, A6.
    const list = [racer(1, 'A'), racer(2, 'B'), racer(3, 'A', 'CLOSED'), racer(4, 'C'), racer(5, 'A'), racer(6, 'A')];
    serve((call) => (call.url.startsWith('/api/racer/list') ? { status: 200, body: list } : undefined));
    const user = userEvent.setup();
    renderScorecard('/races/3/scorecard?boulder=1&racer=1');
    expect(await screen.findByTestId('scorecard-racer')).toHaveTextContent('1 · Racer 1');
    // Two quick taps: one racer further, not two.
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Next racer' }));
    });
    expect(await screen.findByTestId('scorecard-racer')).toHaveTextContent('5 · Racer 5');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Next racer' }));
    });
    expect(screen.getByTestId('scorecard-racer')).toHaveTextContent('5 · Racer 5');
    await new Promise((resolve) => setTimeout(resolve, 750));
    await user.click(screen.getByRole('button', { name: 'Next racer' }));
    expect(await screen.findByTestId('scorecard-racer')).toHaveTextContent('6 · Racer 6');
    // The last open racer of group A: nothing further in the group.
    expect(screen.getByRole('button', { name: 'Next racer' })).toBeDisabled();
  });

  it('in the final, "Next racer" goes to the next open racer whatever qualification group they came from, and the card names no group', async () => {
    const racer = (id: number, group: string) => ({ ...racerWith(), id, racerNumber: id, fullName: `Racer ${id}`, qualificationGroup: group, rounds: [{ ...round(3, 'STARTED'), id: id * 10, racerId: id, stage: 'FINAL' }] });
    serve((call) =>
      call.url === '/api/race/3'
        ? { status: 200, body: { id: 3, eventId: null, name: 'Men', discipline: 'BOULDERING', raceFormat: 'QUALIFICATION_FINAL', state: 'FINALS_ONGOING' } }
        : call.url.startsWith('/api/racer/list')
          ? { status: 200, body: [racer(1, 'A'), racer(2, 'B'), racer(3, 'A')] }
          : undefined,
    );
    const user = userEvent.setup();
    renderScorecard('/races/3/scorecard?stage=FINAL&boulder=1&racer=1');
    expect(await screen.findByTestId('scorecard-racer')).toHaveTextContent('1 · Racer 1');
    expect(screen.getByTestId('racer-facts')).not.toHaveTextContent('Group');
    await user.click(screen.getByRole('button', { name: 'Next racer' }));
    expect(await screen.findByTestId('scorecard-racer')).toHaveTextContent('2 · Racer 2');
  });

  it('says under a closed round’s racer why nothing can be entered and whom to ask; nothing under an open one', async () => {
    const racer = (id: number, state: string) => ({ ...racerWith(), id, racerNumber: id, fullName: `Racer ${id}`, rounds: [{ ...round(3, state), id: id * 10, racerId: id }] });
    serve((call) => (call.url.startsWith('/api/racer/list') ? { status: 200, body: [racer(1, 'STARTED'), racer(2, 'CLOSED')] } : undefined));
    renderScorecard('/races/3/scorecard?boulder=1&racer=2');
    expect(await screen.findByTestId('round-closed-note')).toHaveTextContent('This round is closed: its results can no longer be changed here. To correct a mistake, ask the organiser to reopen the round');
    expect(screen.getByRole('button', { name: 'Attempt' })).toBeDisabled();
  });

  it('sends each tap as one entry with its key, the boulder’s version, the device and the device time', async () => {
    const calls = serve((call) => (call.method === 'PUT' && call.url.startsWith('/api/racer/') ? { status: 200, body: round(4, 'STARTED', { topAttempts: null, zoneAttempts: null, currentAttempt: 1 }, 4) } : undefined));
    const user = await openRacer();
    expect(screen.getByTestId('sync-connection')).toHaveTextContent('Online');
    await user.click(screen.getByRole('button', { name: 'Attempt' }));
    await waitFor(() => expect(screen.getByTestId('sync-saved')).toHaveTextContent(/^All saved at \d/));
    const [put] = writes(calls);
    expect(put?.url).toBe('/api/racer/9/round/55');
    expect(put?.key).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);
    expect(put?.body).toMatchObject({ version: 2, deviceId: expect.stringMatching(/^device-/), boulders: [{ boulderIndex: 0, topAttempts: null, zoneAttempts: null, currentAttempt: 1 }] });
    expect(Date.parse(String(put?.body?.enteredAt))).toBeGreaterThan(Date.now() - 60_000);
    expect(screen.getByTestId('scorecard-attempt')).toHaveTextContent('1 attempt');
    // The tile says an attempt was made, not the "–" of a boulder nobody touched.
    expect(screen.getByTestId('boulder-tile-1')).toHaveTextContent('1 att.');
  });

  it('counts the racers beside the entries waiting, so the judge can match them to the sheet', async () => {
    const racer = (id: number) => ({ ...racerWith(), id, racerNumber: id, fullName: `Racer ${id}`, rounds: [{ ...round(3, 'STARTED'), id: id * 10, racerId: id }] });
    serve((call) => (call.url.startsWith('/api/racer/list') ? { status: 200, body: [racer(1), racer(2)] } : call.method === 'PUT' ? 'NETWORK' : undefined));
    const user = userEvent.setup();
    renderScorecard('/races/3/scorecard?boulder=1&racer=1');
    await user.click(await screen.findByRole('button', { name: 'Attempt' }));
    await user.click(screen.getByRole('button', { name: 'Zone' }));
    await waitFor(() => expect(screen.getByTestId('sync-waiting')).toHaveTextContent(/^2 entries waiting$/));
    await user.click(screen.getByRole('button', { name: 'Next racer' }));
    expect(await screen.findByTestId('scorecard-racer')).toHaveTextContent('2 · Racer 2');
    await user.click(screen.getByRole('button', { name: 'Attempt' }));
    await waitFor(() => expect(screen.getByTestId('sync-waiting')).toHaveTextContent('3 entries waiting for 2 racers'));
  });

  it('keeps taps without a connection, says how many wait, and sends them in order when the connection is back', async () => {
    let online = false;
    let version = 3;
    const calls = serve((call) => {
      if (call.method !== 'PUT' || !call.url.startsWith('/api/racer/')) return undefined;
      if (!online) return 'NETWORK';
      version += 1;
      const sent = (call.body?.boulders as Marks[])[0]!;
      return { status: 200, body: round(version, 'STARTED', sent, version) };
    });
    const user = await openRacer();
    await user.click(screen.getByRole('button', { name: 'Attempt' }));
    await user.click(screen.getByRole('button', { name: 'Attempt' }));
    await user.click(screen.getByRole('button', { name: 'Zone' }));
    await waitFor(() => expect(screen.getByTestId('sync-waiting')).toHaveTextContent('3 entries waiting'));
    // The browser says online, but no server answers: the judge is told.
    await waitFor(() => expect(screen.getByTestId('sync-connection')).toHaveTextContent('Server out of reach'));
    expect(screen.getByTestId('scorecard-marks')).toHaveTextContent('Z2');
    expect(screen.getByTestId('boulder-waiting')).toHaveTextContent('Not sent yet');

    online = true;
    const failed = writes(calls).length;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByTestId('sync-saved')).toHaveTextContent('All saved at'));
    expect(screen.getByTestId('sync-connection')).toHaveTextContent('Online');
    const sent = writes(calls).slice(failed);
    expect(sent.map((call) => (call.body?.boulders as Marks[])[0])).toEqual([
      { boulderIndex: 0, topAttempts: null, zoneAttempts: null, currentAttempt: 1 },
      { boulderIndex: 0, topAttempts: null, zoneAttempts: null, currentAttempt: 2 },
      { boulderIndex: 0, topAttempts: null, zoneAttempts: 2, currentAttempt: 2 },
    ]);
    // Each entry builds on the one stored before it; the retried first one kept its key.
    expect(sent.map((call) => call.body?.version)).toEqual([2, 4, 5]);
    expect(sent[0]?.key).toBe(writes(calls)[0]?.key);
    expect(screen.queryByTestId('boulder-waiting')).not.toBeInTheDocument();
  });

  it('reports the device’s queue to the organiser once for several quick changes, and at once when all is saved', async () => {
    let online = false;
    let version = 3;
    const calls = serve((call) => {
      if (call.method !== 'PUT' || !call.url.startsWith('/api/racer/')) return undefined;
      if (!online) return 'NETWORK';
      version += 1;
      return { status: 200, body: round(version, 'STARTED', (call.body?.boulders as Marks[])[0]!, version) };
    });
    const reports = () => calls.filter((call) => call.url.includes('/scoring-device/')).map((call) => call.body?.pending);
    await openRacer();
    await waitFor(() => expect(reports()).toEqual([0]));
    act(() => {
      for (let tap = 0; tap < 3; tap += 1) fireEvent.click(screen.getByRole('button', { name: 'Attempt' }));
    });
    await waitFor(() => expect(screen.getByTestId('sync-connection')).toHaveTextContent('Server out of reach'));
    // Three taps and three failed sends: one report, a few seconds later.
    expect(reports()).toEqual([0]);
    await waitFor(() => expect(reports()).toEqual([0, 3]), { timeout: 6_000 });
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.getByTestId('sync-saved')).toHaveTextContent('All saved at'));
    // Back online it reports at once, and once more when nothing waits any more; not per stored entry.
    await waitFor(() => expect(reports()).toEqual([0, 3, 3, 0]));
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(reports()).toEqual([0, 3, 3, 0]);
  });

  it('builds each of several quick taps on the one before, also before the device has stored it', async () => {
    const calls = serve((call) => (call.method === 'PUT' && call.url.startsWith('/api/racer/') ? 'NETWORK' : undefined));
    await openRacer();
    // Three taps in one go: no store write and no answer comes between them.
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Attempt' }));
      fireEvent.click(screen.getByRole('button', { name: 'Attempt' }));
      fireEvent.click(screen.getByRole('button', { name: 'Zone' }));
    });
    expect(screen.getByTestId('sync-waiting')).toHaveTextContent('3 entries waiting');
    expect(screen.getByTestId('scorecard-marks')).toHaveTextContent('Z2');
    await waitFor(async () => expect(await readStored('queue', 'operations')).toHaveLength(3));
    expect(writes(calls).length).toBeGreaterThan(0);
    const stored = (await readStored<{ value: Marks }[]>('queue', 'operations')) ?? [];
    expect(stored.map((op) => op.value)).toEqual([
      { topAttempts: null, zoneAttempts: null, currentAttempt: 1 },
      { topAttempts: null, zoneAttempts: null, currentAttempt: 2 },
      { topAttempts: null, zoneAttempts: 2, currentAttempt: 2 },
    ]);
  });

  it('takes back one tap per undo, also when undo is tapped twice quickly', async () => {
    serve((call) => (call.method === 'PUT' && call.url.startsWith('/api/racer/') ? 'NETWORK' : undefined));
    await openRacer();
    act(() => {
      for (let tap = 0; tap < 3; tap += 1) fireEvent.click(screen.getByRole('button', { name: 'Attempt' }));
    });
    expect(screen.getByTestId('scorecard-attempt')).toHaveTextContent('3 attempts');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    });
    expect(screen.getByTestId('scorecard-attempt')).toHaveTextContent('1 attempt');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    });
    expect(screen.getByTestId('scorecard-attempt')).toHaveTextContent('0 attempts');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await allStored();
  });

  it('does not say all is saved while an entry waits for the judge’s decision', async () => {
    let writesSoFar = 0;
    serve((call) => {
      if (call.method !== 'PUT' || !call.url.startsWith('/api/racer/')) return undefined;
      writesSoFar += 1;
      if (writesSoFar === 1) return { status: 200, body: round(4, 'STARTED', { topAttempts: null, zoneAttempts: null, currentAttempt: 1 }, 4) };
      return { status: 409, body: { error: { code: 'VERSION_CONFLICT', message: 'stale', details: { current: round(5, 'STARTED', { topAttempts: 2, zoneAttempts: 1, currentAttempt: 2 }, 5), conflicts: [] } } } };
    });
    const user = await openRacer();
    await user.click(screen.getByRole('button', { name: 'Attempt' }));
    await waitFor(() => expect(screen.getByTestId('sync-saved')).toHaveTextContent('All saved at'));
    await user.click(screen.getByRole('button', { name: 'Zone' }));
    await screen.findByTestId('conflict-card');
    expect(screen.getByTestId('sync-attention')).toHaveTextContent('1 entry needs you');
    expect(screen.queryByTestId('sync-saved')).not.toBeInTheDocument();
  });

  it('closes a correction when another boulder is chosen, so it cannot be saved onto that boulder', async () => {
    serve((call) => (call.method === 'PUT' && call.url.startsWith('/api/racer/') ? 'NETWORK' : undefined));
    const user = await openRacer();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    expect(screen.getByTestId('boulder-editor')).toHaveTextContent('Correct boulder 1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Boulder' }), '2');
    expect(screen.queryByTestId('boulder-editor')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Attempt' })).toBeEnabled();
  });

  it('shows the boulder an undo changes when it is not the one on screen', async () => {
    serve((call) => (call.method === 'PUT' && call.url.startsWith('/api/racer/') ? 'NETWORK' : undefined));
    const user = await openRacer();
    await user.click(screen.getByRole('button', { name: 'Zone' }));
    expect(screen.getByTestId('boulder-tile-1')).toHaveTextContent('Z1');
    await user.click(screen.getByTestId('boulder-tile-2'));
    expect(screen.getByRole('combobox', { name: 'Boulder' })).toHaveValue('2');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('combobox', { name: 'Boulder' })).toHaveValue('1');
    expect(screen.getByTestId('scorecard-marks')).toHaveTextContent('–');
    await allStored();
  });

  it('shows both values side by side when another judge changed the boulder, and keeps mine on request', async () => {
    let conflict = true;
    const calls = serve((call) => {
      if (call.method !== 'PUT' || !call.url.startsWith('/api/racer/')) return undefined;
      if (conflict) {
        conflict = false;
        return { status: 409, body: { error: { code: 'VERSION_CONFLICT', message: 'stale', details: { current: round(5, 'STARTED', { topAttempts: 2, zoneAttempts: 1, currentAttempt: 2 }, 5), conflicts: [] } } } };
      }
      return { status: 200, body: round(6, 'STARTED', (call.body?.boulders as Marks[])[0]!, 6) };
    });
    const user = await openRacer();
    await user.keyboard('t');
    const card = await screen.findByTestId('conflict-card');
    expect(card).toHaveTextContent('Boulder 1 was changed by someone else');
    expect(within(card).getByTestId('conflict-mine')).toHaveTextContent('T1 Z1 (1)');
    expect(within(card).getByTestId('conflict-theirs')).toHaveTextContent('T2 Z1 (2)');
    await user.click(within(card).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.queryByTestId('conflict-card')).not.toBeInTheDocument());
    const last = writes(calls).at(-1);
    // Sent again over the value it knowingly replaces, under a new key.
    expect(last?.body).toMatchObject({ version: 5, boulders: [{ boulderIndex: 0, topAttempts: 1, zoneAttempts: 1, currentAttempt: 1 }] });
    expect(last?.key).not.toBe(writes(calls)[0]?.key);
    await waitFor(() => expect(screen.getByTestId('scorecard-marks')).toHaveTextContent('T1 Z1'));
  });

  it('does not say a judge changed the boulder when the answer does not tell who did (the organiser may have), in Slovak too', async () => {
    serve((call) =>
      call.method === 'PUT' && call.url.startsWith('/api/racer/')
        ? { status: 409, body: { error: { code: 'VERSION_CONFLICT', message: 'stale', details: { current: round(5, 'STARTED', { topAttempts: null, zoneAttempts: 3, currentAttempt: 4 }, 5) } } } }
        : undefined,
    );
    const user = await openRacer('sk');
    await user.click(screen.getByRole('button', { name: 'Zóna' }));
    const card = await screen.findByTestId('conflict-card');
    expect(card).toHaveTextContent('Niekto iný medzitým zmenil: Boulder 1');
    expect(card).not.toHaveTextContent('rozhodca');
    await user.click(within(card).getByRole('button', { name: 'Prevziať ich' }));
    await waitFor(() => expect(screen.queryByTestId('conflict-card')).not.toBeInTheDocument());
  });

  it('takes their value when the judge agrees with the other judge', async () => {
    serve((call) =>
      call.method === 'PUT' && call.url.startsWith('/api/racer/')
        ? { status: 409, body: { error: { code: 'VERSION_CONFLICT', message: 'stale', details: { current: round(5, 'STARTED', { topAttempts: null, zoneAttempts: 3, currentAttempt: 4 }, 5) } } } }
        : undefined,
    );
    const user = await openRacer();
    await user.click(screen.getByRole('button', { name: 'Zone' }));
    const card = await screen.findByTestId('conflict-card');
    await user.click(within(card).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.queryByTestId('conflict-card')).not.toBeInTheDocument());
    expect(screen.getByTestId('scorecard-marks')).toHaveTextContent('Z3');
  });

  it('corrects a boulder with a top: removes the top and lowers the attempts', async () => {
    const calls = serve((call) => (call.method === 'PUT' && call.url.startsWith('/api/racer/') ? { status: 200, body: round(4, 'STARTED', (call.body?.boulders as Marks[])[0]!, 4) } : undefined), racerWith({ topAttempts: 3, zoneAttempts: 2, currentAttempt: 3 }));
    const user = await openRacer();
    expect(screen.getByRole('button', { name: 'Attempt' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const editor = screen.getByTestId('boulder-editor');
    await user.click(within(editor).getByRole('button', { name: 'Remove: Top on attempt' }));
    await user.click(within(editor).getByRole('button', { name: 'More: Attempts' }));
    expect(within(editor).getByTestId('edit-top')).toHaveTextContent('–');
    expect(within(editor).getByTestId('edit-attempts')).toHaveTextContent('4');
    await user.click(within(editor).getByRole('button', { name: 'Save correction' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]?.body).toMatchObject({ boulders: [{ boulderIndex: 0, topAttempts: null, zoneAttempts: 2, currentAttempt: 4 }] });
    expect(screen.getByTestId('scorecard-marks')).toHaveTextContent('Z2');
    // Undo takes the correction back, like a tap.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]?.body).toMatchObject({ boulders: [{ boulderIndex: 0, topAttempts: 3, zoneAttempts: 2, currentAttempt: 3 }] });
  });

  it('says in Slovak that a closed round refused the entry, and lets the judge dismiss it', async () => {
    serve((call) => (call.method === 'PUT' && call.url.startsWith('/api/racer/') ? { status: 409, body: { error: { code: 'ROUND_CLOSED', message: 'closed' } } } : undefined));
    const user = await openRacer('sk');
    await user.click(screen.getByRole('button', { name: 'Zóna' }));
    const refused = await screen.findByTestId('refused-entry');
    expect(refused).toHaveTextContent('Neuložené: Boulder 1 Z1 (1). Kolo je uzavreté a nie je možné ho upravovať.');
    // What to do about it: only someone allowed can enter the value shown, once the round is reopened.
    expect(within(refused).getByTestId('refused-advice')).toHaveTextContent('Povedzte to hlavnému rozhodcovi alebo organizátorovi: po opätovnom otvorení môže túto hodnotu zadať.');
    expect(screen.getByTestId('sync-attention')).toHaveTextContent('1 záznam čaká na vás');
    await user.click(within(refused).getByRole('button', { name: 'Zavrieť' }));
    await waitFor(() => expect(screen.queryByTestId('refused-entry')).not.toBeInTheDocument());
    expect(screen.getByTestId('scorecard-marks')).toHaveTextContent('–');
  });

  it('says that a racer taken out of the starting order has nowhere for the entry to go, not "the entity was not found"', async () => {
    serve((call) => (call.method === 'PUT' && call.url.startsWith('/api/racer/') ? { status: 404, body: { error: { code: 'ENTITY_NOT_FOUND', message: 'gone' } } } : undefined));
    const user = await openRacer();
    await user.click(screen.getByRole('button', { name: 'Zone' }));
    const refused = await screen.findByTestId('refused-entry');
    expect(refused).toHaveTextContent('Not saved: Boulder 1 Z1 (1). This racer is no longer in the starting order on the server (the organiser undid the check-in), so the entry has nowhere to go.');
    expect(refused).not.toHaveTextContent('entity');
    expect(within(refused).getByTestId('refused-advice')).toHaveTextContent('Tell the organiser: if the racer did climb, they check the racer in again and enter this value.');
  });

  it('counts the entries of another race apart and opens that race’s scorecard for them, so this race’s button goes with its last card', async () => {
    const refusedElsewhere = {
      id: 'op-other-race',
      seq: 1,
      raceId: 8,
      stage: 'QUALIFICATION',
      createdAt: '2026-05-01T09:00:00.000Z',
      deviceId: 'device-test',
      baseVersion: 2,
      status: 'REFUSED',
      conflictVersion: null,
      refusedCode: 'STAGE_CLOSED',
      kind: 'BOULDER',
      racerId: 77,
      roundId: 700,
      boulderIndex: 2,
      value: { topAttempts: null, zoneAttempts: 1, currentAttempt: 1 },
      theirs: null,
    };
    await writeStored('queue', 'operations', [refusedElsewhere]);
    const calls = serve(() => undefined);
    renderScorecard('/races/3/scorecard?boulder=1');
    const elsewhere = await screen.findByTestId('sync-attention-elsewhere');
    expect(elsewhere).toHaveTextContent('1 entry of another race needs you');
    // Nothing of this race needs the judge: no button whose cards this page could never show.
    expect(screen.queryByTestId('sync-attention')).not.toBeInTheDocument();
    fireEvent.click(elsewhere);
    await waitFor(() => expect(calls.some((call) => call.url.startsWith('/api/racer/list?race=8&stage=QUALIFICATION'))).toBe(true));
  });

  describe('undo after a reload', () => {
    /**
     * A server holding boulder 1 of the racer's round: a write based on a version older than the
     * boulder's last change to another value is a conflict, as on the real server.
     */
    const statefulServer = () => {
      const state = { marks: { topAttempts: null, zoneAttempts: null, currentAttempt: 0 } as Marks, version: 2, roundVersion: 3 };
      const calls = serve((call) => {
        if (call.url.startsWith('/api/racer/list')) return { status: 200, body: [{ ...racerWith(state.marks), rounds: [round(state.roundVersion, 'STARTED', state.marks, state.version)] }] };
        if (call.method !== 'PUT' || !call.url.startsWith('/api/racer/')) return undefined;
        const sent = (call.body?.boulders as (Marks & { boulderIndex: number })[])[0]!;
        const { boulderIndex: _index, ...marks } = sent;
        const base = call.body?.version as number;
        if (state.version > base && JSON.stringify(marks) !== JSON.stringify(state.marks)) {
          return { status: 409, body: { error: { code: 'VERSION_CONFLICT', message: 'stale', details: { current: round(state.roundVersion, 'STARTED', state.marks, state.version) } } } };
        }
        state.roundVersion += 1;
        state.version = state.roundVersion;
        state.marks = marks;
        return { status: 200, body: round(state.roundVersion, 'STARTED', state.marks, state.version) };
      });
      /** Another judge's device stores a value. */
      const otherJudge = (marks: Marks) => {
        state.roundVersion += 1;
        state.version = state.roundVersion;
        state.marks = marks;
      };
      return { calls, state, otherJudge };
    };

    /** Closes the page and opens it again on the same racer: a reload, or the phone's tab killed and reopened. */
    const reload = async (page: { unmount: () => void }) => {
      page.unmount();
      const again = renderScorecard('/races/3/scorecard?boulder=1&racer=9');
      await screen.findByTestId('scorecard-racer');
      return again;
    };

    it('offers nothing to undo to another judge who logs in on the same phone, and gives it back to the first', async () => {
      let judgeAccountId = 1;
      const { state } = statefulServer();
      const served = vi.mocked(fetch);
      const inner = served.getMockImplementation()!;
      served.mockImplementation(async (url, init) =>
        String(url).startsWith('/api/token') ? new Response(JSON.stringify({ kind: 'JUDGE_ACCOUNT', userId: null, judgeAccountId, eventId: 4 })) : inner(url, init),
      );
      const user = userEvent.setup();
      const page = renderScorecard('/races/3/scorecard?boulder=1&racer=9');
      await user.click(await screen.findByRole('button', { name: 'Attempt' }));
      await waitFor(() => expect(state.marks).toEqual({ topAttempts: null, zoneAttempts: null, currentAttempt: 1 }));
      await allStored();
      expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled();

      // The phone goes to the judge of the next boulder, who logs in with their own judge login.
      page.unmount();
      judgeAccountId = 2;
      storeTestSession('second-judge-token');
      const second = renderScorecard('/races/3/scorecard?boulder=1&racer=9');
      await screen.findByTestId('scorecard-racer');
      await waitFor(() => expect(served.mock.calls.some(([url]) => String(url).startsWith('/api/token'))).toBe(true));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();

      // The first judge logs back in: their tap can be undone again.
      second.unmount();
      judgeAccountId = 1;
      storeTestSession('judge-token');
      renderScorecard('/races/3/scorecard?boulder=1&racer=9');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(state.marks).toEqual({ topAttempts: null, zoneAttempts: null, currentAttempt: 0 }));
      await allStored();
    });

    it('still takes back the judge’s last entries, one per tap, each based on the version it was stored at', async () => {
      const { calls, state } = statefulServer();
      const user = userEvent.setup();
      const page = renderScorecard('/races/3/scorecard?boulder=1&racer=9');
      await user.click(await screen.findByRole('button', { name: 'Attempt' }));
      await user.click(screen.getByRole('button', { name: 'Zone' }));
      await waitFor(() => expect(state.marks).toEqual({ topAttempts: null, zoneAttempts: 1, currentAttempt: 1 }));
      await allStored();

      await reload(page);
      await waitFor(() => expect(screen.getByTestId('scorecard-marks')).toHaveTextContent('Z1'));
      const undo = screen.getByRole('button', { name: 'Undo' });
      expect(undo).toBeEnabled();
      await user.click(undo);
      await waitFor(() => expect(state.marks).toEqual({ topAttempts: null, zoneAttempts: null, currentAttempt: 1 }));
      expect(writes(calls).at(-1)?.body).toMatchObject({ version: 5 });
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(state.marks).toEqual({ topAttempts: null, zoneAttempts: null, currentAttempt: 0 }));
      // Based on the undo just stored: the judge's own changes never conflict with each other.
      expect(writes(calls).at(-1)?.body).toMatchObject({ version: 6 });
      expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
      expect(screen.queryByTestId('conflict-card')).not.toBeInTheDocument();
      await allStored();
    });

    it('does not take back another judge’s later change: the conflict says so, with both values', async () => {
      const { calls, state, otherJudge } = statefulServer();
      const user = userEvent.setup();
      const page = renderScorecard('/races/3/scorecard?boulder=1&racer=9');
      await user.click(await screen.findByRole('button', { name: 'Zone' }));
      await waitFor(() => expect(state.version).toBe(4));
      await allStored();
      // Meanwhile another judge corrects the boulder to a top on the second attempt.
      otherJudge({ topAttempts: 2, zoneAttempts: 1, currentAttempt: 2 });

      await reload(page);
      await waitFor(() => expect(screen.getByTestId('scorecard-marks')).toHaveTextContent('T2 Z1'));
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      const card = await screen.findByTestId('conflict-card');
      expect(writes(calls).at(-1)?.body).toMatchObject({ version: 4, boulders: [{ topAttempts: null, zoneAttempts: null, currentAttempt: 0 }] });
      expect(card).toHaveTextContent('Boulder 1 was changed by someone else');
      expect(within(card).getByTestId('conflict-note')).toHaveTextContent('Your undo was not saved: this boulder changed after your entry. “Mine” is the value undo would put back.');
      expect(within(card).getByTestId('conflict-mine')).toHaveTextContent('– (0)');
      expect(within(card).getByTestId('conflict-theirs')).toHaveTextContent('T2 Z1 (2)');
      expect(state.marks).toEqual({ topAttempts: 2, zoneAttempts: 1, currentAttempt: 2 });
      // Taking theirs leaves the other judge's value, and nothing more to undo.
      await user.click(within(card).getByRole('button', { name: 'Take theirs' }));
      await waitFor(() => expect(screen.queryByTestId('conflict-card')).not.toBeInTheDocument());
      expect(screen.getByTestId('scorecard-marks')).toHaveTextContent('T2 Z1');
      expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
      await allStored();
    });

    it('does not take back another judge’s change made between the judge’s own entries, also without a reload', async () => {
      const { calls, state, otherJudge } = statefulServer();
      // The race's live stream, as the scorecard listens to it: each update reloads the racer list.
      const streams: EventTarget[] = [];
      vi.stubGlobal(
        'EventSource',
        class extends EventTarget {
          constructor() {
            super();
            streams.push(this);
          }
          close() {}
        },
      );
      const user = userEvent.setup();
      renderScorecard('/races/3/scorecard?boulder=1&racer=9');
      await user.click(await screen.findByRole('button', { name: 'Attempt' }));
      await waitFor(() => expect(state.version).toBe(4));
      // Another judge stores a zone on the third attempt; the judge's card shows it within a second.
      otherJudge({ topAttempts: null, zoneAttempts: 3, currentAttempt: 3 });
      act(() => {
        for (const type of ['results', 'patch']) streams[0]!.dispatchEvent(new Event(type));
      });
      await waitFor(() => expect(screen.getByTestId('scorecard-marks')).toHaveTextContent('Z3'));
      // One more attempt, taken back: the other judge's value is there again.
      await user.click(screen.getByRole('button', { name: 'Attempt' }));
      await waitFor(() => expect(state.marks.currentAttempt).toBe(4));
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(state.marks).toEqual({ topAttempts: null, zoneAttempts: 3, currentAttempt: 3 }));
      // The next undo would go back past the other judge's change: the server refuses it, the card says so.
      const stored = writes(calls).length;
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      const card = await screen.findByTestId('conflict-card');
      expect(writes(calls).at(-1)?.body).toMatchObject({ version: 2, boulders: [{ currentAttempt: 0 }] });
      expect(within(card).getByTestId('conflict-note')).toBeInTheDocument();
      expect(within(card).getByTestId('conflict-theirs')).toHaveTextContent('Z3 (3)');
      expect(writes(calls).length).toBe(stored + 1);
      expect(state.marks).toEqual({ topAttempts: null, zoneAttempts: 3, currentAttempt: 3 });
      // Taking theirs: nothing of that boulder is left to undo.
      await user.click(within(card).getByRole('button', { name: 'Take theirs' }));
      await waitFor(() => expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled());
      await allStored();
    });

    it('offers nothing to undo once the round is closed, and forgets it', async () => {
      recordUndoEntry('judge:1', 55, { boulderIndex: 0, before: { topAttempts: null, zoneAttempts: null, currentAttempt: 0 }, after: { topAttempts: null, zoneAttempts: 1, currentAttempt: 1 }, base: 2, at: Date.now() });
      serve((call) => (call.url.startsWith('/api/racer/list') ? { status: 200, body: [{ ...racerWith(), rounds: [round(4, 'CLOSED')] }] } : undefined));
      renderScorecard('/races/3/scorecard?boulder=1&racer=9');
      expect(await screen.findByRole('button', { name: 'Undo' })).toBeDisabled();
      await waitFor(() => expect(takeLastUndoEntry('judge:1', 55)).toBeNull());
    });
  });
});

describe('ScorecardPage: a correction not saved yet is never dropped when the judge leaves the card', () => {
  beforeEach(() => {
    window.localStorage.clear();
    storeTestSession('judge-token');
  });
  afterEach(() => vi.unstubAllGlobals());

  const twoRacers = () => {
    const racer = (id: number) => ({ ...racerWith(), id, racerNumber: id, fullName: `Racer ${id}`, rounds: [{ ...round(3, 'STARTED'), id: id * 10, racerId: id }] });
    return [racer(1), racer(2)];
  };
  const serveTwo = () => serve((call) => (call.url.startsWith('/api/racer/list') ? { status: 200, body: twoRacers() } : call.method === 'PUT' ? 'NETWORK' : undefined));

  /** Opens the editor of boulder 1 and corrects it to a zone on the first attempt, without saving. */
  const correctWithoutSaving = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const editor = screen.getByTestId('boulder-editor');
    await user.click(within(editor).getByRole('button', { name: 'More: Attempts' }));
    await user.click(within(editor).getByRole('button', { name: 'More: Zone on attempt' }));
    expect(within(editor).getByTestId('edit-zone')).toHaveTextContent('1');
  };

  it('asks before another boulder or "Next racer" takes the correction away: Stay keeps it, Save saves it and goes on', async () => {
    const calls = serveTwo();
    const user = userEvent.setup();
    renderScorecard('/races/3/scorecard?boulder=1&racer=1');
    await correctWithoutSaving(user);

    await user.click(screen.getByTestId('boulder-tile-2'));
    const asked = await screen.findByTestId('unsaved-entry');
    expect(asked).toHaveTextContent('1 · Racer 1, Boulder 1: Z1 · 1 attempt is not saved.');
    expect(within(asked).getAllByRole('button').map((button) => button.textContent)).toEqual(['Save', 'Discard', 'Stay']);
    await user.click(within(asked).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByTestId('unsaved-entry')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Boulder' })).toHaveValue('1');
    expect(within(screen.getByTestId('boulder-editor')).getByTestId('edit-zone')).toHaveTextContent('1');
    expect(writes(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Next racer' }));
    await user.click(within(await screen.findByTestId('unsaved-entry')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('scorecard-racer')).toHaveTextContent('2 · Racer 2');
    await waitFor(() => expect(writes(calls).length).toBeGreaterThan(0));
    expect(writes(calls)[0]?.url).toBe('/api/racer/1/round/10');
    expect(writes(calls)[0]?.body).toMatchObject({ boulders: [{ boulderIndex: 0, topAttempts: null, zoneAttempts: 1, currentAttempt: 1 }] });
    expect(screen.getByTestId('sync-waiting')).toHaveTextContent('1 entry waiting');
    await allStored();
  });

  it('Discard drops the correction and goes where the judge tapped; an untouched editor asks nothing', async () => {
    const calls = serveTwo();
    const user = userEvent.setup();
    renderScorecard('/races/3/scorecard?boulder=1&racer=1');
    await correctWithoutSaving(user);
    await user.click(screen.getByRole('button', { name: 'Other racer' }));
    await user.click(within(await screen.findByTestId('unsaved-entry')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('textbox', { name: 'Racer' })).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);

    await user.click(screen.getByText('2 · Racer 2'));
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Other racer' }));
    expect(await screen.findByRole('textbox', { name: 'Racer' })).toBeInTheDocument();
    expect(screen.queryByTestId('unsaved-entry')).not.toBeInTheDocument();
  });

  it("asks before a link or the browser's back button leaves the scorecard with an unsaved correction", async () => {
    const calls = serveTwo();
    const user = userEvent.setup();
    const router = createMemoryRouter(
      [
        { path: '/races/:raceId', element: <p>Race page</p> },
        { path: '/races/:raceId/results', element: <p>Results page</p> },
        { path: '/races/:raceId/scorecard', element: <ScorecardPage /> },
      ],
      { initialEntries: ['/races/3', '/races/3/scorecard?boulder=1&racer=1'], initialIndex: 1 },
    );
    renderWithProviders(<RouterProvider router={router} />);
    await correctWithoutSaving(user);

    // Back: asked, still here; Stay keeps the correction.
    await act(() => router.navigate(-1));
    const asked = await screen.findByTestId('unsaved-entry');
    expect(asked).toHaveTextContent('1 · Racer 1, Boulder 1: Z1 · 1 attempt is not saved.');
    expect(router.state.location.pathname).toBe('/races/3/scorecard');
    await user.click(within(asked).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByTestId('unsaved-entry')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/races/3/scorecard');
    expect(screen.getByTestId('boulder-editor')).toBeInTheDocument();

    // A link: Save puts the correction into the queue, then the link is followed.
    await user.click(screen.getByRole('link', { name: 'Results' }));
    await user.click(within(await screen.findByTestId('unsaved-entry')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Results page')).toBeInTheDocument();
    await waitFor(() => expect(writes(calls).length).toBeGreaterThan(0));
    expect(writes(calls)[0]?.body).toMatchObject({ boulders: [{ boulderIndex: 0, zoneAttempts: 1, currentAttempt: 1 }] });
    await allStored();
  });
});
