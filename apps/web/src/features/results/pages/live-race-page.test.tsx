import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { buildResultRow } from '../testing/build-result-row';
import { FakeEventSource } from '../testing/fake-event-source';
import { openEarlyStream } from '../../../lib/early-stream';
import { LiveRacePage } from './live-race-page';

const racer = (id: number, racerNumber: number, fullName: string) => ({ ...buildResultRow().racer, id, racerNumber, fullName });

const renderLivePage = (path = '/live/race/7?stages=QUALIFICATION') =>
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/live/race/:raceId" element={<LiveRacePage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('LiveRacePage', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    // The race details and the live list are not there: the page still works on the race id.
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'RACE_NOT_FOUND', message: '' } }), { status: 404 })));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('subscribes to the chosen stages and redraws the ranking on every pushed message', async () => {
    renderLivePage();
    const [source] = FakeEventSource.instances;
    expect(source?.url).toBe('/api/live/race/7?stages=QUALIFICATION');
    expect(await screen.findByText('#7')).toBeInTheDocument();
    expect(screen.getByTestId('live-status')).toHaveTextContent('Connecting…');

    source?.emit('open');
    expect(screen.getByTestId('live-status')).toHaveTextContent('Live');

    source?.emit('results', {
      raceId: 7,
      stage: 'QUALIFICATION',
      sentAt: 1_796_464_800_000,
      rows: [
        buildResultRow({ id: 1, rank: 1, racer: racer(1, 12, 'Anna Nová') }),
        buildResultRow({ id: 2, rank: 2, tieBreak: null, racer: racer(2, 3, 'Boris Malý'), boulders: [{ topAttempts: null, zoneAttempts: 1 }] }),
      ],
    });
    expect(screen.getByTestId('result-row-12')).toHaveAttribute('data-rank', '1');
    expect(screen.getByTestId('result-row-3')).toHaveAttribute('data-rank', '2');
    expect(within(screen.getByTestId('result-row-3')).getByText('Z1')).toBeInTheDocument();

    // Boris tops: the server pushes the stage again and the page follows without a reload.
    source?.emit('results', {
      raceId: 7,
      stage: 'QUALIFICATION',
      rows: [
        buildResultRow({ id: 2, rank: 1, racer: racer(2, 3, 'Boris Malý'), boulders: [{ topAttempts: 1, zoneAttempts: 1 }] }),
        buildResultRow({ id: 1, rank: 2, tieBreak: null, racer: racer(1, 12, 'Anna Nová') }),
      ],
    });
    expect(screen.getByTestId('result-row-3')).toHaveAttribute('data-rank', '1');
    expect(screen.getByTestId('result-row-3')).toHaveAttribute('data-podium', '1');
    expect(screen.getByTestId('result-row-12')).toHaveAttribute('data-rank', '2');
    const rows = screen.getAllByTestId(/^result-row-/);
    expect(rows.map((row) => row.dataset.testid)).toEqual(['result-row-3', 'result-row-12']);
  });

  it("says what put a racer ahead of the next one, and the racer's club, as the results page does", () => {
    renderLivePage();
    const [source] = FakeEventSource.instances;
    source?.emit('open');
    source?.emit('results', {
      raceId: 7,
      stage: 'QUALIFICATION',
      rows: [
        buildResultRow({ id: 1, rank: 1, tieBreak: 'TOPS', racer: { ...racer(1, 12, 'Anna Nová'), club: 'HK Žilina' } }),
        buildResultRow({ id: 2, rank: 2, tieBreak: null, racer: racer(2, 3, 'Boris Malý'), boulders: [{ topAttempts: null, zoneAttempts: 1 }] }),
      ],
    });
    const anna = screen.getByTestId('result-row-12');
    expect(anna).toHaveTextContent('HK Žilina');
    expect(anna).toHaveTextContent('more tops');
  });

  it('names each racer’s qualification group when several groups rank apart, and not with one group', () => {
    renderLivePage();
    const [source] = FakeEventSource.instances;
    source?.emit('open');
    const inGroup = (id: number, number: number, name: string, group: string) => ({ ...racer(id, number, name), qualificationGroup: group });
    source?.emit('results', {
      raceId: 7,
      stage: 'QUALIFICATION',
      rows: [buildResultRow({ id: 1, rank: 1, racer: inGroup(1, 12, 'Anna Nová', 'A') }), buildResultRow({ id: 2, rank: 1, racer: inGroup(2, 3, 'Boris Malý', 'B') })],
    });
    expect(screen.getByRole('columnheader', { name: 'Group' })).toBeInTheDocument();
    expect(within(screen.getByTestId('result-row-12')).getByRole('cell', { name: 'A' })).toBeInTheDocument();
    expect(within(screen.getByTestId('result-row-3')).getByRole('cell', { name: 'B' })).toBeInTheDocument();
    source?.emit('results', {
      raceId: 7,
      stage: 'QUALIFICATION',
      rows: [buildResultRow({ id: 1, rank: 1, racer: inGroup(1, 12, 'Anna Nová', 'A') }), buildResultRow({ id: 2, rank: 2, racer: inGroup(2, 3, 'Boris Malý', 'A') })],
    });
    expect(screen.queryByRole('columnheader', { name: 'Group' })).not.toBeInTheDocument();
  });

  it('says why groups share first places, and shows one qualification group alone when the spectator picks it', async () => {
    renderLivePage('/live/race/7');
    const [source] = FakeEventSource.instances;
    source?.emit('open');
    const inGroup = (id: number, number: number, name: string, group: string) => ({ ...racer(id, number, name), qualificationGroup: group });
    source?.emit('results', {
      raceId: 7,
      stage: 'QUALIFICATION',
      rows: [
        buildResultRow({ id: 1, rank: 1, racer: inGroup(1, 12, 'Anna Nová', 'A') }),
        buildResultRow({ id: 2, rank: 1, racer: inGroup(2, 3, 'Boris Malý', 'B') }),
        buildResultRow({ id: 3, rank: 2, racer: inGroup(3, 5, 'Cyril Pevný', 'A') }),
      ],
    });
    source?.emit('results', { raceId: 7, stage: 'FINAL', rows: [buildResultRow({ id: 4, stage: 'FINAL', rank: 1, racer: inGroup(2, 3, 'Boris Malý', 'B') })] });
    expect(screen.getByTestId('live-groups-rank-apart')).toHaveTextContent("Each qualification group is ranked on its own and the places are merged: the groups' 1st places share rank 1, their 2nd places the next rank, and so on.");
    const groups = screen.getByRole('radiogroup', { name: 'Group' });
    expect(within(groups).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['All groups', 'A', 'B']);

    await userEvent.setup().click(within(groups).getByRole('radio', { name: 'A' }));
    // Group A's racers alone, with their ranks in the whole qualification (the line still says why); the final still ranks everybody.
    expect(screen.getByTestId('live-groups-rank-apart')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Group' })).not.toBeInTheDocument();
    const qualification = screen.getAllByTestId('results-table')[1]!;
    expect(within(qualification).getAllByTestId(/^result-row-/).map((row) => row.dataset.testid)).toEqual(['result-row-12', 'result-row-5']);
    const final = screen.getAllByTestId('results-table')[0]!;
    expect(within(final).getByTestId('result-row-3')).toBeInTheDocument();
  });

  it('takes over the stream opened while the page loaded, with the results it already received', async () => {
    openEarlyStream('/api/live/race/7?stages=QUALIFICATION');
    const [early] = FakeEventSource.instances;
    early?.emit('open');
    early?.emit('results', { raceId: 7, stage: 'QUALIFICATION', version: 1, rows: [buildResultRow({ id: 1, rank: 1, racer: racer(1, 12, 'Anna Nová') })] });

    renderLivePage();
    expect(await screen.findByTestId('result-row-12')).toHaveAttribute('data-rank', '1');
    expect(screen.getByTestId('live-status')).toHaveTextContent('Live');
    expect(FakeEventSource.instances).toHaveLength(1);

    // Later events reach the page through the same stream.
    early?.emit('patch', { raceId: 7, stage: 'QUALIFICATION', base: 1, version: 2, count: 2, rows: [buildResultRow({ id: 2, rank: 2, tieBreak: null, racer: racer(2, 3, 'Boris Malý') })], at: [1], places: [], removed: [] });
    expect(screen.getByTestId('result-row-3')).toHaveAttribute('data-rank', '2');
  });

  it('closes a stream opened early for other stages and opens its own', () => {
    openEarlyStream('/api/live/race/7?stages=FINAL');
    renderLivePage();
    const [early, own] = FakeEventSource.instances;
    expect(early?.closed).toBe(true);
    expect(own?.url).toBe('/api/live/race/7?stages=QUALIFICATION');
  });

  it('applies patches to the table it holds, and opens a new stream when a version went missing', () => {
    renderLivePage();
    const [source] = FakeEventSource.instances;
    source?.emit('open');
    const anna = buildResultRow({ id: 1, rank: 1, racer: racer(1, 12, 'Anna Nová') });
    const boris = buildResultRow({ id: 2, rank: 2, tieBreak: null, racer: racer(2, 3, 'Boris Malý'), boulders: [{ topAttempts: null, zoneAttempts: 1 }] });
    source?.emit('results', { raceId: 7, stage: 'QUALIFICATION', version: 3, rows: [anna, boris] });

    // Boris tops: his row in full at the top, Anna one place down.
    const borisTops = { ...boris, rank: 1, tieBreak: null, boulders: [{ topAttempts: 1, zoneAttempts: 1 }] };
    source?.emit('patch', { raceId: 7, stage: 'QUALIFICATION', base: 3, version: 5, count: 2, rows: [borisTops], at: [0], places: [[1, 1, 2, null, null]], removed: [] });
    expect(screen.getAllByTestId(/^result-row-/).map((row) => row.dataset.testid)).toEqual(['result-row-3', 'result-row-12']);
    expect(screen.getByTestId('result-row-3')).toHaveAttribute('data-rank', '1');
    expect(screen.getByTestId('result-row-12')).toHaveAttribute('data-rank', '2');

    // An older patch changes nothing; one made from a version this page never had reconnects.
    source?.emit('patch', { raceId: 7, stage: 'QUALIFICATION', base: 2, version: 3, count: 0, rows: [], at: [], places: [], removed: [1, 2] });
    expect(screen.getAllByTestId(/^result-row-/)).toHaveLength(2);
    expect(FakeEventSource.instances).toHaveLength(1);
    source?.emit('patch', { raceId: 7, stage: 'QUALIFICATION', base: 6, version: 7, count: 1, rows: [], at: [], places: [], removed: [2] });
    expect(source?.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(screen.getAllByTestId(/^result-row-/)).toHaveLength(2);
  });

  it("draws a speed final's bracket from the stream and follows the matches a patch changes; a patch on a missed version reconnects", async () => {
    renderLivePage('/live/race/7?stages=FINAL');
    const [source] = FakeEventSource.instances;
    source?.emit('open');
    const lane = (id: number, racerNumber: number, fullName: string, time: number | null = null) => ({
      id,
      roundId: id * 10,
      racerNumber,
      fullName,
      country: 'SVK',
      run: time === null ? null : { time, fall: false, falseStart: false },
    });
    const match = (id: number, stageIndex: number, a: ReturnType<typeof lane>, b: ReturnType<typeof lane>, winner: number | null = null) => ({
      id,
      gender: 'MIXED',
      stage: 'HALF_FINAL',
      stageIndex,
      state: winner === null ? 'READY' : 'CLOSED',
      version: 0,
      racerA: a,
      racerB: b,
      winnerRacerId: winner,
    });
    const shapes = [{ gender: 'MIXED', size: 4, stages: ['HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'] }];
    source?.emit('results', { raceId: 7, stage: 'FINAL', version: 4, rows: [buildResultRow({ id: 1, stage: 'FINAL', rank: 1, racer: racer(1, 12, 'Anna Nová') })] });
    source?.emit('bracket', { raceId: 7, version: 4, brackets: shapes, matches: [match(1, 0, lane(1, 12, 'Anna Nová'), lane(4, 9, 'Dana Veľká')), match(2, 1, lane(2, 3, 'Boris Malý'), lane(3, 5, 'Cyril Rýchly'))] });
    expect(await screen.findByTestId('speed-brackets')).toBeInTheDocument();
    // Both semifinals, and the two finals to be decided.
    expect(screen.getAllByTestId('speed-match')).toHaveLength(4);
    // The bracket comes before the final's ranking while the race runs.
    expect(screen.getByTestId('speed-brackets').compareDocumentPosition(screen.getByTestId('result-row-12')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    // Anna wins her semifinal: only that match comes, and her time shows in bold.
    source?.emit('bracket', { raceId: 7, base: 4, version: 6, brackets: shapes, matches: [match(1, 0, lane(1, 12, 'Anna Nová', 6120), lane(4, 9, 'Dana Veľká', 6480), 1)], removed: [] });
    const winner = screen.getAllByTestId('speed-lane').find((each) => each.dataset.winner);
    expect(winner).toHaveTextContent('12 · Anna Nová (SVK)');
    expect(winner).toHaveTextContent('6.12');
    expect(screen.getAllByTestId('speed-match')).toHaveLength(4);
    expect(FakeEventSource.instances).toHaveLength(1);

    // A patch made from a version the page never had: a new stream, which starts with the whole bracket.
    source?.emit('bracket', { raceId: 7, base: 8, version: 9, brackets: shapes, matches: [], removed: [2] });
    expect(source?.closed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(screen.getAllByTestId('speed-match')).toHaveLength(4);
  });

  it('ignores messages of other races and malformed ones', () => {
    renderLivePage();
    const [source] = FakeEventSource.instances;
    source?.emit('results', { raceId: 8, stage: 'QUALIFICATION', rows: [buildResultRow()] });
    source?.emit('results', { raceId: 7, stage: 'NOPE', rows: [] });
    expect(screen.queryByTestId('result-row-12')).not.toBeInTheDocument();
  });

  it('shows "reconnecting" when the stream drops and opens a new one when the browser gave up', () => {
    vi.useFakeTimers();
    renderLivePage();
    const [first] = FakeEventSource.instances;
    first?.emit('open');
    if (first) first.readyState = FakeEventSource.CLOSED;
    first?.emit('error');
    expect(screen.getByTestId('live-status')).toHaveTextContent('Reconnecting…');
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(FakeEventSource.instances).toHaveLength(2);
    FakeEventSource.instances[1]?.emit('open');
    expect(screen.getByTestId('live-status')).toHaveTextContent('Live');
  });

  it('stops and says so when the server ends the stream because the viewer’s access ended', () => {
    vi.useFakeTimers();
    renderLivePage();
    const [first] = FakeEventSource.instances;
    first?.emit('open');
    first?.emit('ended', { reason: 'ACCESS_ENDED' });
    if (first) first.readyState = FakeEventSource.CLOSED;
    first?.emit('error');
    expect(screen.getByTestId('live-status')).toHaveTextContent('Access ended');
    expect(screen.getByTestId('live-access-ended')).toHaveTextContent('Log in again');
    act(() => {
      vi.advanceTimersByTime(20_000);
    });
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('rotates through several races every N seconds in large type', () => {
    vi.useFakeTimers();
    renderLivePage('/live/race/7?races=8&rotate=10&large=1');
    expect(FakeEventSource.instances.map((source) => source.url)).toEqual(['/api/live/race/7', '/api/live/race/8']);
    expect(screen.getByTestId('live-race-7')).toBeVisible();
    expect(screen.getByTestId('live-race-8')).not.toBeVisible();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(screen.getByTestId('live-race-8')).toBeVisible();
    expect(screen.getByTestId('live-race-7')).not.toBeVisible();
    expect(screen.getByTestId('live-rotation')).toHaveTextContent('Race 2 of 2, next in 10 s');
  });

  it('downloads the display options when first opened, and they set the page up', async () => {
    renderLivePage();
    expect(screen.queryByLabelText('Large type for a big screen or projector')).toBeNull();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Display options' }));
    // The first import of the panel's chunk is slow in a cold test run.
    const large = await screen.findByLabelText('Large type for a big screen or projector', {}, { timeout: 10_000 });
    expect(screen.getByLabelText('Switch every (seconds)')).toHaveValue('15');
    expect(large).not.toBeChecked();
    await user.click(large);
    expect(large).toBeChecked();
  });
});

/** A screen as wide as `width`: media queries with a max-width at or above it match. */
const screenWidth = (width: number) =>
  vi.stubGlobal('matchMedia', (query: string) => {
    const limit = /max-width:\s*([\d.]+)em/.exec(query);
    return {
      matches: limit ? width <= Number(limit[1]) * 16 : false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    };
  });

describe('LiveRacePage on a phone: the filters fold away and the groups line follows the results, so the results come first', () => {
  const inGroup = (id: number, number: number, name: string, group: string) => ({ ...racer(id, number, name), qualificationGroup: group });
  const inTwoGroups = [
    buildResultRow({ id: 1, rank: 1, racer: inGroup(1, 12, 'Anna Nová', 'A') }),
    buildResultRow({ id: 2, rank: 1, racer: inGroup(2, 3, 'Boris Malý', 'B') }),
    buildResultRow({ id: 3, rank: 3, racer: inGroup(3, 5, 'Cyril Pevný', 'A') }),
  ];
  const renderWithGroups = (width: number, language: 'en' | 'sk' = 'en') => {
    screenWidth(width);
    renderWithProviders(
      <MemoryRouter initialEntries={['/live/race/7']}>
        <Routes>
          <Route path="/live/race/:raceId" element={<LiveRacePage />} />
        </Routes>
      </MemoryRouter>,
      language,
    );
    const [source] = FakeEventSource.instances;
    source?.emit('open');
    source?.emit('results', { raceId: 7, stage: 'QUALIFICATION', rows: inTwoGroups });
  };
  const shownRows = () => screen.getAllByTestId(/^result-row-/).map((row) => row.dataset.testid);

  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'RACE_NOT_FOUND', message: '' } }), { status: 404 })));
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The summary a folded part opens with, and whether its details are open. */
  const fold = (summary: string) => {
    const element = screen.getByText(summary, { selector: 'summary' });
    return { summary: element, open: () => (element.closest('details') as HTMLDetailsElement).open };
  };

  it('folds the filters behind one button that opens them, applies a choice and says how many are in use', async () => {
    renderWithGroups(360);
    const user = userEvent.setup();
    const filters = fold('Filters');
    expect(filters.open()).toBe(false);
    expect(screen.getByRole('radiogroup', { name: 'Group' })).not.toBeVisible();
    expect(shownRows()).toEqual(['result-row-12', 'result-row-3', 'result-row-5']);

    await user.click(filters.summary);
    expect(filters.open()).toBe(true);
    const groups = screen.getByRole('radiogroup', { name: 'Group' });
    expect(groups).toBeVisible();
    await user.click(within(groups).getByRole('radio', { name: 'B' }));
    // Applied at once, still open; the button says how many filters are in use.
    expect(shownRows()).toEqual(['result-row-3']);
    expect(filters.summary).toHaveTextContent('Filters (1 in use)');

    // Folded again: the choice stays.
    await user.click(filters.summary);
    expect(filters.open()).toBe(false);
    expect(screen.getByRole('radiogroup', { name: 'Group' })).not.toBeVisible();
    expect(shownRows()).toEqual(['result-row-3']);

    // Back to every group: no count.
    await user.click(filters.summary);
    expect(filters.open()).toBe(true);
    await user.click(within(screen.getByRole('radiogroup', { name: 'Group' })).getByRole('radio', { name: 'All groups' }));
    expect(filters.summary).toHaveTextContent(/^Filters$/);
    expect(shownRows()).toEqual(['result-row-12', 'result-row-3', 'result-row-5']);
  });

  it('says why places repeat under the stage’s results rather than above them (Slovak)', () => {
    renderWithGroups(360, 'sk');
    const line = screen.getByTestId('live-groups-rank-apart');
    expect(line).toBeVisible();
    expect(line).toHaveTextContent('Každá kvalifikačná skupina má vlastné poradie a miesta sa zlučujú');
    // After the last result in the page's order, the heading and the results before it.
    const rows = screen.getAllByTestId(/^result-row-/);
    expect(rows.at(-1)!.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByText('Filtre', { selector: 'summary' })).toBeInTheDocument();
  });

  it('keeps the filters and the line shown as before on a tablet (768 px): the line above the results', () => {
    renderWithGroups(768);
    expect(document.querySelector('summary')).toBeNull();
    expect(screen.getByRole('radiogroup', { name: 'Group' })).toBeVisible();
    const line = screen.getByTestId('live-groups-rank-apart');
    expect(line).toBeVisible();
    expect(screen.getAllByTestId(/^result-row-/)[0]!.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
  });
});
