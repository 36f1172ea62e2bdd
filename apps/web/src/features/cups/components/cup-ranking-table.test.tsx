import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { CupRankingRow } from '../api/cup';
import { CupRankingTable } from './cup-ranking-table';

const result = (raceId: number, rank: number, points: number, counted: boolean) => ({
  cupCategory: { id: 1, name: 'Regional' },
  race: { id: raceId, name: `Race ${raceId}`, startingDate: '2026-05-01', discipline: 'BOULDERING' as const },
  rank,
  points,
  categoryLevel: 1,
  counted,
  provisional: false,
  racePublic: true,
});

const rows: CupRankingRow[] = [
  { racerKey: 'user:1', racerName: 'Jana Nováková', sex: 'F', birthYear: 2000, club: 'Club A', points: 1000, rank: 1, provisional: false, raceResults: [result(1, 1, 1000, true), result(2, 2, 747.5, false)] },
  { racerKey: 'name:eva:2001', racerName: 'Eva Malá', sex: 'F', birthYear: 2001, club: null, points: 747.5, rank: 2, provisional: false, raceResults: [result(2, 2, 747.5, true)] },
];
const races = [
  { raceId: 1, raceName: 'Race 1' },
  { raceId: 2, raceName: 'Race 2' },
];

describe('cup ranking table', () => {
  it('writes every figure of the points column and the race columns with 2 decimals, in Slovak with the decimal comma', () => {
    const shared: CupRankingRow[] = [
      { racerKey: 'user:1', racerName: 'Jana Nováková', sex: 'F', birthYear: 2000, club: null, points: 40, rank: 1, provisional: false, raceResults: [result(1, 1, 40, true)] },
      { racerKey: 'user:2', racerName: 'Eva Malá', sex: 'F', birthYear: 2001, club: null, points: 12.5, rank: 2, provisional: false, raceResults: [result(1, 2, 12.5, true)] },
      { racerKey: 'user:3', racerName: 'Ida Veľká', sex: 'F', birthYear: 2002, club: null, points: 701.66, rank: 3, provisional: false, raceResults: [result(1, 3, 701.66, true)] },
    ];
    renderWithProviders(<CupRankingTable rows={shared} races={[{ raceId: 1, raceName: 'Race 1' }]} />, 'sk');
    const [, ...bodyRows] = screen.getAllByRole('row');
    expect(bodyRows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['40,00', '12,50', '701,66']);
    expect(bodyRows.map((row) => within(row).getAllByRole('cell')[2]?.querySelector('strong')?.textContent)).toEqual(['40,00', '12,50', '701,66']);
  });

  it("pads a race column's places to its longest one with figure spaces, so the points above each other line up", () => {
    const places: CupRankingRow[] = [
      { racerKey: 'user:1', racerName: 'Jana Nováková', sex: 'F', birthYear: 2000, club: null, points: 1000, rank: 1, provisional: false, raceResults: [result(1, 1, 1000, true)] },
      { racerKey: 'user:2', racerName: 'Eva Malá', sex: 'F', birthYear: 2001, club: null, points: 230, rank: 2, provisional: false, raceResults: [result(1, 15, 230, true)] },
    ];
    renderWithProviders(<CupRankingTable rows={places} races={[{ raceId: 1, raceName: 'Race 1' }]} />);
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getAllByRole('cell')[2]?.textContent).toBe('1000\u2007(1.)');
    expect(within(second!).getAllByRole('cell')[2]?.textContent).toBe('230(15.)');
  });

  it('writes whole points without decimals where every figure of the table is whole, on the phone lines too', () => {
    const whole: CupRankingRow[] = [
      { racerKey: 'user:1', racerName: 'Jana Nováková', sex: 'F', birthYear: 2000, club: null, points: 1805, rank: 1, provisional: false, raceResults: [result(1, 1, 1000, true), result(2, 2, 805, true)] },
      { racerKey: 'user:2', racerName: 'Eva Malá', sex: 'F', birthYear: 2001, club: null, points: 1000, rank: 2, provisional: false, raceResults: [result(2, 1, 1000, true)] },
    ];
    renderWithProviders(<CupRankingTable rows={whole} races={races} />, 'sk');
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1.', '1805', '1000(1.)', '805(2.)']);
    expect(within(second!).getAllByRole('cell')[1]?.textContent).toBe('1000');
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Race 1: 1000 (1.)');
  });

  it('writes the points with 2 decimals and the English decimal point', () => {
    renderWithProviders(<CupRankingTable rows={rows} races={races} />);
    const [, first] = screen.getAllByRole('row');
    expect(within(first!).getAllByRole('cell')[1]).toHaveTextContent('1000.00');
  });

  it('shows rank, racer, total and per-race points, the counted ones emphasised', () => {
    renderWithProviders(<CupRankingTable rows={rows} races={races} />);
    const table = screen.getByRole('table', { name: 'Cup ranking' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Rank', 'Racer', 'Points', 'Race 1', 'Race 2']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('rowheader').firstChild?.textContent).toBe('Jana Nováková');
    expect(within(first!).getByText('Club A')).toBeInTheDocument();
    const firstCells = within(first!).getAllByRole('cell');
    expect(firstCells.map((cell) => cell.textContent)).toEqual(['1.', '1000.00', '1000.00(1.)', '747.50 (not counted)(2.)']);
    expect(firstCells[2]!.querySelector('strong')?.textContent).toBe('1000.00');
    expect(firstCells[3]!.querySelector('strong')).toBeNull();
    expect(firstCells[3]!.dataset.counted).toBe('false');
    const secondCells = within(second!).getAllByRole('cell');
    expect(secondCells[2]).toHaveAccessibleName('No result');
    expect(secondCells[3]!.querySelector('strong')?.textContent).toBe('747.50');
  });

  it('repeats each race the racer has points from under the name, for phones where the race columns give way', () => {
    renderWithProviders(<CupRankingTable rows={rows} races={races} />);
    const [, first, second] = screen.getAllByRole('row');
    const lines = (row: HTMLElement) => [...within(row).getByRole('rowheader').querySelectorAll('span > span')].filter((line) => line.textContent?.includes(':')).map((line) => line.textContent);
    expect(lines(first!)).toEqual(['Race 1: 1000.00 (1.)', 'Race 2: 747.50 (not counted) (2.)']);
    expect(within(first!).getByRole('rowheader').querySelector('strong')?.textContent).toBe('1000.00');
    expect(lines(second!)).toEqual(['Race 2: 747.50 (2.)']);
  });

  it('names the race beside its event on the phone lines when the cup has two races of one event (lead and speed of a weekend)', () => {
    const weekend = [
      { raceId: 1, raceName: 'Lead open', eventName: 'Autumn Cup' },
      { raceId: 2, raceName: 'Speed open', eventName: 'Autumn Cup' },
      { raceId: 3, raceName: 'Open', eventName: 'Winter Cup' },
    ];
    const jana: CupRankingRow[] = [{ ...rows[0]!, raceResults: [result(1, 1, 1000, true), result(2, 1, 1000, true), result(3, 2, 805, true)] }];
    renderWithProviders(<CupRankingTable rows={jana} races={weekend} />);
    const [, first] = screen.getAllByRole('row');
    const lines = [...within(first!).getByRole('rowheader').querySelectorAll('span > span')].filter((line) => line.textContent?.includes(':')).map((line) => line.textContent);
    expect(lines).toEqual(['Autumn Cup · Lead open: 1000 (1.)', 'Autumn Cup · Speed open: 1000 (1.)', 'Winter Cup: 805 (2.)']);
  });

  it('speaks Slovak', () => {
    renderWithProviders(<CupRankingTable rows={rows} races={races} />, 'sk');
    expect(screen.getByRole('table', { name: 'Poradie pohára' })).toBeInTheDocument();
    expect(screen.getAllByText('(nezapočítané)', { exact: false })).toHaveLength(2);
  });

  it('marks the points of a race not finished yet, and the totals they are in, as provisional', () => {
    const running = { ...result(2, 2, 747.5, false), provisional: true };
    renderWithProviders(<CupRankingTable rows={[{ ...rows[0]!, provisional: true, raceResults: [result(1, 1, 1000, true), running] }, rows[1]!]} races={races} />);
    const jana = screen.getByRole('row', { name: /Jana Nováková/ });
    expect(within(jana).getByText('provisional', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(jana.querySelector('[data-provisional]')).toHaveTextContent('(2., provisional)');
    const eva = screen.getByRole('row', { name: /Eva Malá/ });
    expect(within(eva).queryByText('provisional')).not.toBeInTheDocument();
  });

  it("names each race's event and day in its column heading, so races of the same name can be told apart", () => {
    const sameName = [
      { raceId: 1, raceName: 'Men', eventName: 'Spring Boulder', startingDate: '2026-04-11' },
      { raceId: 2, raceName: 'Men', eventName: 'Autumn Boulder', startingDate: '2026-11-27' },
    ];
    renderWithProviders(<CupRankingTable rows={rows} races={sameName} />, 'sk');
    const headers = screen.getAllByRole('columnheader').slice(3);
    expect(headers.map((cell) => cell.textContent)).toEqual(['Spring BoulderMen11. 4. 2026', 'Autumn BoulderMen27. 11. 2026']);
  });

  it('marks the column of a race that is not public', () => {
    renderWithProviders(<CupRankingTable rows={rows} races={[{ raceId: 1, raceName: 'Race 1', isPublic: false }, { raceId: 2, raceName: 'Race 2' }]} />);
    expect(screen.getByRole('columnheader', { name: /Race 1/ })).toHaveTextContent('not public');
    expect(screen.getByRole('columnheader', { name: /Race 2/ })).not.toHaveTextContent('not public');
  });
});
