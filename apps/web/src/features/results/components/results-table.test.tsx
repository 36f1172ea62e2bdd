import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render-with-providers';
import { COLUMN_GROUPS, resultColumns } from '../model/result-columns';
import { buildResultRow } from '../testing/build-result-row';
import { ResultsTable } from './results-table';

/** A screen as wide as `width`: media queries with a max-width below it match. */
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

const rows = [buildResultRow(), buildResultRow({ id: 2, rank: 2, tieBreak: null, racer: { ...buildResultRow().racer, id: 2, racerNumber: 3, fullName: 'Adam Nový' } })];
const columns = resultColumns(rows, new Set(COLUMN_GROUPS), createI18n('en').t, 'en');
const shown = rows.map((row) => ({ key: String(row.id), row }));

describe('ResultsTable', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a table on a laptop', () => {
    screenWidth(1366);
    renderWithProviders(<ResultsTable rows={shown} columns={columns} podium />);
    expect(screen.getByTestId('results-table')).toBeInTheDocument();
    expect(screen.queryByTestId('results-cards')).toBeNull();
  });

  it('is a card per racer on a phone, with the figures in view and the boulders behind a button', async () => {
    screenWidth(360);
    renderWithProviders(<ResultsTable rows={shown} columns={columns} podium />);
    const card = screen.getByTestId('result-row-12');
    expect(card).toHaveAttribute('data-rank', '1');
    expect(card).toHaveAttribute('data-podium', '1');
    expect(within(card).getByText('No. 12 · BCB; Bratislava · SVK · Group A')).toBeVisible();
    const figures = within(card).getByTestId('result-figures');
    expect([...figures.querySelectorAll('[data-column]')].map((figure) => figure.textContent)).toEqual(['Tops1', 'Zones2', 'Top att.2', 'Zone att.3', 'Score59.8']);
    expect(within(card).getByText('Ahead of next: more tops')).toBeVisible();

    const toggle = within(card).getByRole('button', { name: 'Show each boulder' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(within(card).getByRole('button', { name: 'Hide each boulder' })).toHaveAttribute('aria-expanded', 'true');
    const detail = within(card).getByTestId('result-detail');
    expect([...detail.querySelectorAll('[data-column]')].map((figure) => figure.textContent)).toEqual(['B1T2 Z1', 'B2Z2']);
  });

  it.each([1366, 360])('gives a racer still in the speed bracket no podium colour and no rank at %i px', (width) => {
    screenWidth(width);
    const speed = { stage: 'FINAL' as const, tops: null, zones: null, topAttempts: null, zoneAttempts: null, score: null, tieBreak: null, boulders: null };
    const bracket = [
      buildResultRow({ ...speed, speedFinal: { stage: 'HALF_FINAL', decided: false, run: null, bestTime: null } }),
      buildResultRow({ ...speed, id: 2, rank: 5, racer: { ...buildResultRow().racer, id: 2, racerNumber: 3 }, speedFinal: { stage: 'QUARTER_FINAL', decided: true, run: { time: 6900, fall: false, falseStart: false }, bestTime: 6500 } }),
    ];
    const bracketColumns = resultColumns(bracket, new Set(COLUMN_GROUPS), createI18n('en').t, 'en');
    renderWithProviders(<ResultsTable rows={bracket.map((row) => ({ key: String(row.id), row }))} columns={bracketColumns} podium />);
    const racing = screen.getByTestId('result-row-12');
    expect(racing).not.toHaveAttribute('data-podium');
    expect(racing).toHaveTextContent('Still racing: Semi-final');
    expect(racing.querySelector('[data-column="rank"], [aria-label="Rank"]')?.textContent).toMatch(/^–?$/);
    expect(screen.getByTestId('result-row-3')).toHaveTextContent('6.90 (6.50)');
  });

  it.each([
    ['en', 'Still racing: Semi-final', 'Time', '6.90 (6.50)'],
    ['sk', 'Ešte preteká: Semifinále', 'Čas', '6,90 (6,50)'],
  ] as const)('shows a racer still in the speed bracket on a phone card as a line of its own, without the time label (%s)', (language, status, timeLabel, decided) => {
    screenWidth(360);
    const speed = { stage: 'FINAL' as const, tops: null, zones: null, topAttempts: null, zoneAttempts: null, score: null, tieBreak: null, boulders: null };
    const bracket = [
      buildResultRow({ ...speed, speedFinal: { stage: 'HALF_FINAL', decided: false, run: null, bestTime: null } }),
      buildResultRow({ ...speed, id: 2, rank: 5, racer: { ...buildResultRow().racer, id: 2, racerNumber: 3 }, speedFinal: { stage: 'QUARTER_FINAL', decided: true, run: { time: 6900, fall: false, falseStart: false }, bestTime: 6500 } }),
    ];
    const bracketColumns = resultColumns(bracket, new Set(COLUMN_GROUPS), createI18n(language).t, language);
    renderWithProviders(<ResultsTable rows={bracket.map((row) => ({ key: String(row.id), row }))} columns={bracketColumns} podium />, language);
    const racing = screen.getByTestId('result-row-12');
    expect(within(racing).getByTestId('result-status')).toHaveTextContent(new RegExp(`^${status}$`));
    // No "Time" label glued before it ("Čas ešte preteká: …"), and no empty figure in its place.
    expect(within(racing).queryByText(timeLabel)).toBeNull();
    expect(racing.textContent).not.toContain(`${timeLabel}${status}`);
    // A decided place keeps its labelled time.
    const decidedFigures = within(screen.getByTestId('result-row-3')).getByTestId('result-figures');
    expect([...decidedFigures.querySelectorAll('[data-column]')].map((figure) => figure.textContent)).toEqual([`${timeLabel}${decided}`]);
  });
});
