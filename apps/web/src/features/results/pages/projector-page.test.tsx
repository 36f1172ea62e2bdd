import { act, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { buildResultRow } from '../testing/build-result-row';
import { FakeEventSource } from '../testing/fake-event-source';
import { ProjectorPage } from './projector-page';

const inGroup = (id: number, racerNumber: number, fullName: string, qualificationGroup: string | null) => ({ ...buildResultRow().racer, id, racerNumber, fullName, qualificationGroup });

const renderProjector = (language: 'en' | 'sk' = 'en', path = '/live/race/7/projector') => {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/live/race/:raceId/projector" element={<ProjectorPage />} />
      </Routes>
    </MemoryRouter>,
    language,
  );
  const [source] = FakeEventSource.instances;
  source?.emit('open');
  return source;
};

const twoGroups = [
  buildResultRow({ id: 1, rank: 1, racer: inGroup(1, 12, 'Anna Nová', 'A') }),
  buildResultRow({ id: 2, rank: 1, racer: inGroup(2, 3, 'Boris Malý', 'B') }),
  buildResultRow({ id: 3, rank: 3, racer: inGroup(3, 5, 'Cyril Pevný', 'A') }),
];

describe('ProjectorPage: the qualification groups line', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'RACE_NOT_FOUND', message: '' } }), { status: 404 })));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says why the groups share first places when the qualification ran in groups, as the live page does', () => {
    const source = renderProjector();
    source?.emit('results', { raceId: 7, stage: 'QUALIFICATION', rows: twoGroups });
    expect(screen.getByTestId('projector-groups-rank-apart')).toHaveTextContent(
      "Each qualification group is ranked on its own and the places are merged: the groups' 1st places share rank 1, their 2nd places the next rank, and so on.",
    );
  });

  it('says it in Slovak', () => {
    const source = renderProjector('sk');
    source?.emit('results', { raceId: 7, stage: 'QUALIFICATION', rows: twoGroups });
    expect(screen.getByTestId('projector-groups-rank-apart')).toHaveTextContent('Každá kvalifikačná skupina má vlastné poradie a miesta sa zlučujú');
  });

  it('has no such line for a qualification in one group, nor for a later stage', () => {
    const source = renderProjector();
    source?.emit('results', {
      raceId: 7,
      stage: 'QUALIFICATION',
      rows: [buildResultRow({ id: 1, rank: 1, racer: inGroup(1, 12, 'Anna Nová', 'A') }), buildResultRow({ id: 2, rank: 2, racer: inGroup(2, 3, 'Boris Malý', 'A') })],
    });
    expect(screen.getByTestId('projector-row-12')).toBeInTheDocument();
    expect(screen.queryByTestId('projector-groups-rank-apart')).not.toBeInTheDocument();
    source?.emit('results', { raceId: 7, stage: 'QUALIFICATION', rows: twoGroups });
    source?.emit('results', { raceId: 7, stage: 'FINAL', rows: [buildResultRow({ id: 4, stage: 'FINAL', rank: 1, racer: inGroup(2, 3, 'Boris Malý', 'B') })] });
    // The projector shows the latest stage with racers: the final ranks everybody together.
    expect(screen.getByTestId('projector-subtitle')).toHaveTextContent('Final');
    expect(screen.queryByTestId('projector-groups-rank-apart')).not.toBeInTheDocument();
  });
});

/**
 * A laid-out projector, as jsdom has no layout: the rows of the page shown stand `ROW` px high one
 * under the other from y = 200, and the screen's body (the table's parent) ends at `bodyBottom`.
 * Its ResizeObserver reports a new size by hand.
 */
const ROW = 50;
let bodyBottom = 600;
const resizeCallbacks: ResizeObserverCallback[] = [];
class ResizeObserverByHand {
  constructor(callback: ResizeObserverCallback) {
    resizeCallbacks.push(callback);
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}
const resizeBody = (bottom: number) => {
  bodyBottom = bottom;
  const size = [{ inlineSize: 1200, blockSize: bottom - 180 }];
  act(() => {
    for (const callback of resizeCallbacks) callback([{ borderBoxSize: size, contentBoxSize: size, contentRect: new DOMRect(0, 0, 1200, bottom - 180) } as unknown as ResizeObserverEntry], {} as ResizeObserver);
    vi.advanceTimersByTime(20);
  });
};
const laidOut = (element: Element): DOMRect | null => {
  const table = document.querySelector('[data-testid="projector-table"]');
  if (element === table?.parentElement) return new DOMRect(0, 180, 1200, bodyBottom - 180);
  const rows = [...document.querySelectorAll('tbody[data-page-part] > tr')];
  const index = rows.indexOf(element);
  return index < 0 ? null : new DOMRect(0, 200 + index * ROW, 1200, ROW);
};

const racersNumbered = (count: number) =>
  Array.from({ length: count }, (_, index) => buildResultRow({ id: index + 1, rank: index + 1, tieBreak: null, racer: { ...buildResultRow().racer, id: index + 1, racerNumber: 101 + index, fullName: `Racer ${index + 1}` } }));
const numbersShown = () => screen.queryAllByTestId(/^projector-row-/).map((row) => Number(row.dataset.testid?.replace('projector-row-', '')));

/** A bracket of four's stages, and a semifinal of it as the live stream sends it (racer `a` with a time when given). */
const FOUR_STAGES = ['HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'];
const lane = (id: number, time: number | null = null) => ({ id, roundId: id * 10, racerNumber: 100 + id, fullName: `Racer ${id}`, country: null, run: time === null ? null : { time, fall: false, falseStart: false } });
const semifinal = (id: number, gender: string, stageIndex: number, a: number, b: number, timeA: number | null = null) => ({
  id,
  gender,
  stage: 'HALF_FINAL',
  stageIndex,
  state: 'READY',
  version: 0,
  racerA: lane(a, timeA),
  racerB: lane(b),
  winnerRacerId: null,
});

describe('ProjectorPage: as many rows a page as the screen holds', () => {
  beforeEach(() => {
    FakeEventSource.instances = [];
    resizeCallbacks.length = 0;
    bodyBottom = 600;
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.stubGlobal('ResizeObserver', ResizeObserverByHand);
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: { code: 'RACE_NOT_FOUND', message: '' } }), { status: 404 })));
    const original = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return laidOut(this) ?? original.call(this);
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('fills the space under the table heading with rows measured on the screen, and pages through every racer exactly once', () => {
    const source = renderProjector('en', '/live/race/7/projector?interval=5');
    source?.emit('results', { raceId: 7, stage: 'QUALIFICATION', rows: racersNumbered(20) });
    // 400 px under the first row's top, rows of 50 px: 8 a page, so 8, 8 and 4.
    expect(numbersShown()).toEqual([101, 102, 103, 104, 105, 106, 107, 108]);
    expect(screen.getByTestId('projector-page-number')).toHaveTextContent('Page 1 / 3');
    const seen = [...numbersShown()];
    for (const page of [2, 3]) {
      act(() => {
        vi.advanceTimersByTime(5_000);
      });
      expect(screen.getByTestId('projector-page-number')).toHaveTextContent(`Page ${page} / 3`);
      seen.push(...numbersShown());
    }
    expect(seen).toEqual(racersNumbered(20).map((row) => row.racer.racerNumber));
    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.getByTestId('projector-page-number')).toHaveTextContent('Page 1 / 3');
  });

  it('pages again when the screen is resized: fewer rows on a smaller one, more on a larger one', () => {
    const source = renderProjector('en', '/live/race/7/projector?interval=5');
    source?.emit('results', { raceId: 7, stage: 'QUALIFICATION', rows: racersNumbered(20) });
    expect(numbersShown()).toHaveLength(8);
    // 270 px under the first row: 5 rows of 50 px, none cut off.
    resizeBody(470);
    expect(numbersShown()).toEqual([101, 102, 103, 104, 105]);
    expect(screen.getByTestId('projector-page-number')).toHaveTextContent('Page 1 / 4');
    // Room for all 20.
    resizeBody(1200);
    expect(numbersShown()).toHaveLength(20);
    expect(screen.queryByTestId('projector-page-number')).not.toBeInTheDocument();
  });

  it("shows a speed final's bracket as the cycle's first page, then the ranking, and the bracket again at once when a match is entered", async () => {
    const source = renderProjector('en', '/live/race/7/projector?interval=5');
    const semi = (id: number, stageIndex: number, a: number, b: number, timeA: number | null = null) => semifinal(id, 'MIXED', stageIndex, a, b, timeA);
    const shapes = [{ gender: 'MIXED', size: 4, stages: FOUR_STAGES }];
    source?.emit('results', { raceId: 7, stage: 'FINAL', version: 3, rows: racersNumbered(4).map((row) => ({ ...row, stage: 'FINAL' })) });
    source?.emit('bracket', { raceId: 7, version: 3, brackets: shapes, matches: [semi(1, 0, 1, 4), semi(2, 1, 2, 3)] });
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    expect(screen.getByTestId('projector-bracket')).toBeInTheDocument();
    expect(screen.getAllByTestId('speed-match')).toHaveLength(4);
    expect(screen.queryByTestId('projector-table')).not.toBeInTheDocument();
    expect(screen.getByTestId('projector-page-number')).toHaveTextContent('Page 1 / 2');

    act(() => {
      vi.advanceTimersByTime(5_000);
    });
    expect(screen.queryByTestId('projector-bracket')).not.toBeInTheDocument();
    expect(numbersShown()).toEqual([101, 102, 103, 104]);
    expect(screen.getByTestId('projector-page-number')).toHaveTextContent('Page 2 / 2');

    // A run entered in the first semifinal: the bracket is back on the screen with the time.
    act(() => source?.emit('bracket', { raceId: 7, base: 3, version: 4, brackets: shapes, matches: [semi(1, 0, 1, 4, 6120)], removed: [] }));
    expect(screen.getByTestId('projector-bracket')).toHaveTextContent('6.12');
    expect(screen.getByTestId('projector-page-number')).toHaveTextContent('Page 1 / 2');
  });

  it('gives the women’s and the men’s bracket a page each, and shows the one whose match was entered', async () => {
    const source = renderProjector('en', '/live/race/7/projector?interval=5');
    const semi = semifinal;
    const stages = FOUR_STAGES;
    const shapes = [
      { gender: 'WOMEN', size: 4, stages },
      { gender: 'MEN', size: 4, stages },
    ];
    const matches = [semi(1, 'WOMEN', 0, 1, 4), semi(2, 'WOMEN', 1, 2, 3), semi(3, 'MEN', 0, 5, 8), semi(4, 'MEN', 1, 6, 7)];
    source?.emit('results', { raceId: 7, stage: 'FINAL', version: 3, rows: racersNumbered(8).map((row) => ({ ...row, stage: 'FINAL' })) });
    source?.emit('bracket', { raceId: 7, version: 3, brackets: shapes, matches });
    await act(async () => {
      await vi.dynamicImportSettled();
    });
    expect(screen.getByRole('region', { name: 'Elimination bracket · Women' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Elimination bracket · Men' })).not.toBeInTheDocument();
    expect(screen.getByTestId('projector-page-number')).toHaveTextContent(/^Page 1 \/ [3-9]/);

    // A run in a men's semifinal: the men's bracket is shown at once, with the time.
    act(() => source?.emit('bracket', { raceId: 7, base: 3, version: 4, brackets: shapes, matches: [semi(4, 'MEN', 1, 6, 7, 5980)], removed: [] }));
    expect(screen.getByRole('region', { name: 'Elimination bracket · Men' })).toHaveTextContent('5.98');
    expect(screen.getByTestId('projector-page-number')).toHaveTextContent(/^Page 2 \//);
  });
});
