import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeTestSession } from '../../../test/session';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ScorecardPage } from '../pages/scorecard-page';
import { changesAfterOwnWrites, recordOwnWrite } from '../sync/undo-journal';

/*
 * "Another judge changed your entry" on the lead and speed scorecards: the same notice as the
 * bouldering card's, in the discipline's words, above the racer list or at the top of the open card.
 */

const JUDGE = 'judge:7';

const leadRoute = (id: number, routeIndex: number, hold: number | null, plus: boolean, version: number, time: number | null = null) => ({
  id,
  routeIndex,
  hold,
  plus,
  top: false,
  time,
  version,
});

const speedRun = (id: number, routeIndex: number, time: number | null, fall: boolean, version: number) => ({ id, routeIndex, attemptIndex: 0, time, fall, falseStart: false, version });

const round = (version: number, parts: { routes?: unknown[]; speedRoutes?: unknown[] }) => ({
  id: 55,
  racerId: 9,
  stage: 'QUALIFICATION',
  state: 'STARTED',
  startingNumber: 1,
  version,
  qualificationGroupId: null,
  boulders: [],
  routes: parts.routes ?? [],
  speedRoutes: parts.speedRoutes ?? [],
});

const horak = (rounds: unknown[]) => ({ id: 9, racerNumber: 14, fullName: 'Ľuboš Horák', birthYear: 2001, sex: 'M', country: 'SVK', club: null, qualificationGroup: null, rounds });

/** A server for race 3 of the discipline, with the racer list `list()` gives now, `write` answering PUTs, and a speed bracket. */
const serve = (discipline: 'LEAD' | 'SPEED', list: () => unknown[], write: (url: string) => { status: number; body: unknown } = () => ({ status: 404, body: null }), bracket: unknown = null) => {
  const calls: { url: string; method: string; body?: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, method: init?.method ?? 'GET', ...(init?.body ? { body: JSON.parse(String(init.body)) as Record<string, unknown> } : {}) });
      if (url.includes('/scoring-device/')) return new Response(null, { status: 204 });
      if (init?.method === 'PUT') {
        const answer = write(url);
        return new Response(JSON.stringify(answer.body), { status: answer.status });
      }
      if (url.startsWith('/api/token')) return new Response(JSON.stringify({ kind: 'JUDGE_ACCOUNT', eventId: null, judgeAccountId: 7 }));
      if (url === '/api/race/3') return new Response(JSON.stringify({ id: 3, eventId: null, name: 'Race', discipline, raceFormat: 'QUALIFICATION_FINAL', speed: discipline === 'SPEED' ? { type: 'WORLD_CUP' } : null }));
      if (url.startsWith('/api/racer/list')) return new Response(JSON.stringify(list()));
      if (url === '/api/race/3/speed-bracket' && bracket) return new Response(JSON.stringify(bracket));
      return new Response(JSON.stringify({ error: { code: 'RACE_NOT_FOUND', message: '' } }), { status: 404 });
    }),
  );
  return calls;
};

const render = (path: string, language: 'en' | 'sk' = 'en') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/races/:raceId/scorecard" element={<ScorecardPage />} />
      </Routes>
    </MemoryRouter>,
    language,
  );

describe('ChangedEntries on the lead and speed scorecards', () => {
  beforeEach(() => storeTestSession('judge-token'));
  afterEach(() => vi.unstubAllGlobals());

  it('tells a lead judge above the racer list that their 38+ is now 40; Open leads to that route, OK ends it', async () => {
    // The judge's "38+" on route 2 was stored at version 3; another judge stored "40" since (version 6).
    recordOwnWrite(JUDGE, { scope: 55, target: 'route:502' }, { hold: 38, plus: true, top: false, time: null }, 3);
    const stored = { hold: 40, plus: false, top: false, time: null };
    serve('LEAD', () => [horak([round(6, { routes: [leadRoute(501, 0, 12, false, 2), leadRoute(502, 1, 40, false, 6)] })])]);
    const user = userEvent.setup();
    render('/races/3/scorecard');

    const notice = await screen.findByTestId('changed-entries');
    expect(notice).toHaveTextContent('Another judge changed your entry');
    expect(within(notice).getByTestId('changed-entry')).toHaveTextContent('14 · Ľuboš Horák, Route 2: yours 38+, now 40.');
    // Above the racer list.
    expect(notice.compareDocumentPosition(screen.getByRole('list', { name: 'Racers' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(within(notice).getByRole('button', { name: 'Open' }));
    await screen.findByTestId('lead-scorecard');
    // The card of that route, its form filled from what is stored now; the notice at its top, nothing more to open.
    expect(screen.getByRole('radio', { name: 'R2 40' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Hold' })).toHaveValue('40');
    const onCard = within(screen.getByTestId('lead-scorecard')).getByTestId('changed-entries');
    expect(within(onCard).queryByRole('button', { name: 'Open' })).not.toBeInTheDocument();
    // Route 1 open instead: the change of route 2 can be opened from there.
    await user.click(screen.getByRole('radio', { name: 'R1 12' }));
    await waitFor(() => expect(within(screen.getByTestId('changed-entries')).getByRole('button', { name: 'Open' })).toBeInTheDocument());

    await user.click(within(screen.getByTestId('changed-entries')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('changed-entries')).not.toBeInTheDocument());
    expect(changesAfterOwnWrites(JUDGE, [{ scope: 55, target: 'route:502', value: stored, version: 6 }], () => false)).toEqual([]);
  });

  it('names a lead time only when the times differ', async () => {
    recordOwnWrite(JUDGE, { scope: 55, target: 'route:501' }, { hold: 38, plus: true, top: false, time: 83_250 }, 3);
    serve('LEAD', () => [horak([round(6, { routes: [leadRoute(501, 0, 38, true, 6, 81_500)] })])]);
    render('/races/3/scorecard', 'sk');
    expect(await screen.findByTestId('changed-entry')).toHaveTextContent('14 · Ľuboš Horák, Cesta 1: váš 38+ · 83,250, teraz 38+ · 81,500.');
  });

  it('tells a speed judge on the open card, in Slovak, when another judge turned their saved time into a fall; OK ends it', async () => {
    let stored = round(2, { speedRoutes: [speedRun(201, 0, null, false, 2), speedRun(202, 1, null, false, 2)] });
    serve(
      'SPEED',
      () => [horak([stored])],
      () => ({ status: 200, body: stored }),
    );
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
    render('/races/3/scorecard?racer=9', 'sk');
    await screen.findByTestId('speed-qualification-scorecard');
    // The judge saves 7,200 on lane A: stored at version 4, their own write.
    stored = round(4, { speedRoutes: [speedRun(201, 0, 7200, false, 4), speedRun(202, 1, null, false, 2)] });
    await user.type(screen.getByRole('textbox', { name: 'Čas' }), '7,2');
    await user.click(screen.getByRole('button', { name: 'Uložiť pokus' }));
    // Kept in the journal as this login's own write of the run.
    await waitFor(() => expect(changesAfterOwnWrites(JUDGE, [{ scope: 55, target: 'run:201', value: { time: 6500, fall: false, falseStart: false }, version: 9 }], () => false)).toHaveLength(1));
    expect(screen.queryByTestId('changed-entries')).not.toBeInTheDocument();

    // Another judge marks a fall on the same run; the live stream brings it.
    stored = round(5, { speedRoutes: [speedRun(201, 0, 7200, true, 5), speedRun(202, 1, null, false, 2)] });
    act(() => {
      for (const type of ['results', 'patch']) streams[0]!.dispatchEvent(new Event(type));
    });
    const notice = await screen.findByTestId('changed-entries');
    expect(notice).toHaveTextContent('Iný rozhodca zmenil váš zápis');
    expect(within(notice).getByTestId('changed-entry')).toHaveTextContent('14 · Ľuboš Horák, Dráha A: váš 7,200, teraz Pád (7,200).');
    // At the top of the open card, before the run's form; the card of that run needs no "Otvoriť".
    const card = screen.getByTestId('speed-qualification-scorecard');
    expect(within(card).getByTestId('changed-entries')).toBe(notice);
    expect(notice.compareDocumentPosition(within(card).getByRole('textbox', { name: 'Čas' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(notice).queryByRole('button', { name: 'Otvoriť' })).not.toBeInTheDocument();
    // The run's form, untouched since the save, shows the stored value, not the judge's old one.
    expect(within(card).getByRole('checkbox', { name: 'Pád' })).toBeChecked();

    await user.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('changed-entries')).not.toBeInTheDocument());

    // A later change is told again.
    stored = round(6, { speedRoutes: [speedRun(201, 0, 6990, false, 6), speedRun(202, 1, null, false, 2)] });
    act(() => {
      for (const type of ['results', 'patch']) streams[0]!.dispatchEvent(new Event(type));
    });
    expect(await screen.findByTestId('changed-entry')).toHaveTextContent('Dráha A: váš 7,200, teraz 6,990.');
  });

  it('does not tell a speed judge of a change they took over in a conflict ("Take theirs" is seeing it)', async () => {
    // The judge's 7.200 was stored at version 3; they correct it to 7.500 while another judge stored 7.123 (version 5).
    recordOwnWrite(JUDGE, { scope: 55, target: 'run:201' }, { time: 7200, fall: false, falseStart: false }, 3);
    const theirs = round(5, { speedRoutes: [speedRun(201, 0, 7123, false, 5), speedRun(202, 1, null, false, 2)] });
    let list = round(3, { speedRoutes: [speedRun(201, 0, 7200, false, 3), speedRun(202, 1, null, false, 2)] });
    vi.stubGlobal('EventSource', undefined);
    serve(
      'SPEED',
      () => [horak([list])],
      () => ({ status: 409, body: { error: { code: 'VERSION_CONFLICT', message: 'stale', details: { current: theirs } } } }),
    );
    const user = userEvent.setup();
    render('/races/3/scorecard?racer=9');
    await screen.findByTestId('speed-qualification-scorecard');
    const time = screen.getByRole('textbox', { name: 'Time' });
    await user.clear(time);
    await user.type(time, '7.5');
    await user.click(screen.getByRole('button', { name: 'Save run' }));
    const card = await screen.findByTestId('conflict-card');
    list = theirs;
    await user.click(within(card).getByRole('button', { name: 'Take theirs' }));
    await waitFor(() => expect(screen.queryByTestId('conflict-card')).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'Lane A · 7.123' })).toBeChecked();
    expect(screen.queryByTestId('changed-entries')).not.toBeInTheDocument();
    expect(changesAfterOwnWrites(JUDGE, [{ scope: 55, target: 'run:201', value: { time: 7123, fall: false, falseStart: false }, version: 5 }], () => false)).toEqual([]);
  });

  it('tells a speed final judge above the match choice which lane of their match another judge changed; Open selects it', async () => {
    const lane = (time: number | null, fall = false) => ({ time, fall, falseStart: false });
    const racerIn = (id: number, racerNumber: number, fullName: string, time: number | null, fall = false) => ({ id, roundId: null, racerNumber, fullName, country: null, run: lane(time, fall) });
    const match = (id: number, stageIndex: number, version: number, laneB: ReturnType<typeof racerIn>) => ({
      id,
      gender: 'MEN',
      stage: 'QUARTER_FINAL',
      stageIndex,
      state: 'STARTED',
      version,
      racerA: racerIn(id * 10, stageIndex + 1, `Racer ${stageIndex + 1}`, 6100),
      racerB: laneB,
      winnerRacerId: null,
    });
    // The judge's entry of quarter-final 2 (lane B 7.200) was stored at version 3; another judge made lane B a fall (version 6).
    recordOwnWrite(JUDGE, { scope: 'match:12', target: 'match' }, { racerA: lane(6100), racerB: lane(7200) }, 3);
    const matches = [match(11, 0, 2, racerIn(111, 8, 'Racer 8', 6900)), match(12, 1, 6, racerIn(121, 7, 'Racer 7', 7200, true))];
    serve('SPEED', () => [], undefined, { raceId: 3, size: 4, stages: ['QUARTER_FINAL'], matches });
    const user = userEvent.setup();
    render('/races/3/scorecard?stage=FINAL');

    const notice = await screen.findByTestId('changed-entries');
    expect(within(notice).getByTestId('changed-entry')).toHaveTextContent('2 · Racer 2 – 7 · Racer 7, Quarter-final 2: yours Lane B 7.200, now Lane B Fall (7.200).');
    const choice = screen.getByRole('combobox', { name: 'Match' });
    expect(notice.compareDocumentPosition(choice) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(choice).toHaveDisplayValue('Quarter-final 1: Racer 1 – Racer 8');

    await user.click(within(notice).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(choice).toHaveDisplayValue('Quarter-final 2: Racer 2 – Racer 7'));
    expect(within(notice).queryByRole('button', { name: 'Open' })).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByTestId('changed-entries')).not.toBeInTheDocument());
  });

  /** The score writes among the calls (the device's queue reports are PUTs too). */
  const writes = <C extends { url: string; method: string }>(calls: C[]) => calls.filter((call) => call.method === 'PUT' && call.url.startsWith('/api/racer/'));

  /** The live stream's EventSource, stubbed: its events make the page read the racer list again. */
  const stubStream = () => {
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
    return () =>
      act(() => {
        for (const type of ['results', 'patch']) streams[0]!.dispatchEvent(new Event(type));
      });
  };

  it('a lead judge who changed the form before another judge\'s value arrived saves on the version they saw: a conflict, not an overwrite', async () => {
    let stored = round(2, { routes: [leadRoute(501, 0, 30, false, 2)] });
    const calls = serve('LEAD', () => [horak([stored])], () => ({ status: 409, body: { error: { code: 'VERSION_CONFLICT', message: 'stale', details: { current: stored, conflicts: [] } } } }));
    const refresh = stubStream();
    const user = userEvent.setup();
    render('/races/3/scorecard?racer=9');
    const hold = await screen.findByRole('textbox', { name: 'Hold' });
    expect(hold).toHaveValue('30');
    // The judge types 35; meanwhile another judge stores 40 (version 5), which the stream brings.
    await user.clear(hold);
    await user.type(hold, '35');
    stored = round(5, { routes: [leadRoute(501, 0, 40, false, 5)] });
    refresh();
    await screen.findByRole('radio', { name: 'R1 40' });
    // The changed form is kept, and its save rests on version 2, the one the judge saw.
    expect(hold).toHaveValue('35');
    await user.click(screen.getByRole('button', { name: 'Save route' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ hold: 35, version: 2 });
  });

  it('an untouched lead form follows the stored value and saves on its version; after the judge\'s own save, the next rests on it', async () => {
    let stored = round(2, { routes: [leadRoute(501, 0, 30, false, 2)] });
    const calls = serve('LEAD', () => [horak([stored])], () => ({ status: 200, body: stored }));
    const refresh = stubStream();
    const user = userEvent.setup();
    render('/races/3/scorecard?racer=9');
    const hold = await screen.findByRole('textbox', { name: 'Hold' });
    stored = round(5, { routes: [leadRoute(501, 0, 40, false, 5)] });
    refresh();
    await waitFor(() => expect(hold).toHaveValue('40'));
    await user.clear(hold);
    await user.type(hold, '41');
    stored = round(6, { routes: [leadRoute(501, 0, 41, false, 6)] });
    await user.click(screen.getByRole('button', { name: 'Save route' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ hold: 41, version: 5 });
    // The save came back stored at version 6: the judge's next change rests on it.
    refresh();
    await screen.findByRole('radio', { name: 'R1 41' });
    await user.clear(hold);
    await user.type(hold, '42');
    await user.click(screen.getByRole('button', { name: 'Save route' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]!.body).toMatchObject({ hold: 42, version: 6 });
  });

  it('a speed judge who changed a lane before another judge\'s run arrived saves on the version they saw', async () => {
    let stored = round(2, { speedRoutes: [speedRun(201, 0, null, false, 2), speedRun(202, 1, null, false, 2)] });
    const calls = serve('SPEED', () => [horak([stored])], () => ({ status: 409, body: { error: { code: 'VERSION_CONFLICT', message: 'stale' } } }));
    const refresh = stubStream();
    const user = userEvent.setup();
    render('/races/3/scorecard?racer=9');
    await screen.findByTestId('speed-qualification-scorecard');
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '7.2');
    stored = round(4, { speedRoutes: [speedRun(201, 0, 6900, false, 4), speedRun(202, 1, null, false, 2)] });
    refresh();
    await waitFor(() => expect(calls.filter((call) => call.url.startsWith('/api/racer/list')).length).toBeGreaterThan(1));
    await user.click(screen.getByRole('button', { name: 'Save run' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ time: 7200, version: 2 });
  });
});
