import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CupDetailPage } from './cup-detail-page';

const race = (raceId: number, eventName: string, eventDisplayName: string | null, startingDate: string) => ({
  id: raceId * 10,
  raceId,
  raceName: 'Muži',
  eventId: raceId,
  eventName,
  eventDisplayName,
  discipline: 'BOULDERING',
  startingDate,
  cupRankCategoryId: 1,
  cupRankCategoryName: 'IFSC',
  isPublic: true,
});

const cup = {
  id: 1,
  name: 'Pohár HKB v boulderingu 2026',
  displayName: 'Pohár HKB 2026',
  description: null,
  organizationId: 1,
  organizationName: 'HKB',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  state: 'ACTIVE',
  type: 'CLASSIC',
  openCup: true,
  isPublic: true,
  maxCountedResults: null,
  oneResultFromAllDisciplines: false,
  raceLevelTieBreak: false,
  disciplines: ['BOULDERING'],
  canManage: false,
  categories: [
    {
      id: 5,
      name: 'Muži',
      ageCategories: [],
      races: [race(1, 'Boulder Open Petržalka 2026', 'Boulder Open Petržalka', '2026-09-04'), race(2, 'Veľká cena Bratislavy v boulderingu 2026', 'VC Bratislavy 2026', '2026-11-27'), race(3, 'Jarný boulder', null, '2026-04-11')],
    },
  ],
};

const ranking = [
  {
    racerKey: 'u1',
    racerName: 'Tomáš Horváth',
    sex: 'M',
    birthYear: 1998,
    club: null,
    points: 180,
    rank: 1,
    raceResults: [1, 2].map((id) => ({ cupCategory: { id: 5, name: 'Muži' }, race: { id, name: 'Muži', startingDate: '2026-09-04', discipline: 'BOULDERING' }, rank: 1, points: 90, categoryLevel: 1, counted: true })),
  },
];

const renderCupPage = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/cups/1']}>
      <Routes>
        <Route path="/cups/:cupId" element={<CupDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('CupDetailPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names each race's event by its short name where the organiser gave one, in the links and the ranking's columns", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => Response.json(url.includes('/ranking') ? ranking : cup)),
    );
    renderCupPage();
    expect(await screen.findByRole('link', { name: 'VC Bratislavy 2026 – Muži' })).toHaveAttribute('href', '/races/2/results');
    expect(screen.getByRole('link', { name: 'Boulder Open Petržalka – Muži' })).toBeInTheDocument();
    // No short name: the full one.
    expect(screen.getByRole('link', { name: 'Jarný boulder – Muži' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(expect.arrayContaining([expect.stringContaining('VC Bratislavy 2026')]));
    expect(table).not.toHaveTextContent('Veľká cena Bratislavy');
  });
  it('exports every category\'s ranking in one CSV file named after the cup', async () => {
    const women = { id: 6, name: 'Ženy', ageCategories: [], races: [] };
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        fetched.push(url);
        if (url.includes('/ranking')) return Response.json(url.endsWith('category=5') ? ranking : []);
        return Response.json({ ...cup, categories: [...cup.categories, women] });
      }),
    );
    let saved: Blob | null = null;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((saved = blob), 'blob:cup'), revokeObjectURL: () => undefined }));
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = userEvent.setup();
    renderCupPage();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await vi.waitFor(() => expect(names).toEqual(['pohar-hkb-2026-cup-ranking.csv']));
    expect(fetched).toContain('/api/cup/1/ranking?category=6');
    const text = await (saved as unknown as Blob).text();
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(0, 3)).toEqual([
      'Muži',
      'Rank;Racer;Birth year;Club;Points;"Boulder Open Petržalka – Muži (Sep 4, 2026)";"VC Bratislavy 2026 – Muži (Nov 27, 2026)";"Jarný boulder – Muži (Apr 11, 2026)"',
      '1;Tomáš Horváth;1998;;180;90 (1.);90 (1.);',
    ]);
    expect(lines).toContain('Ženy');
    click.mockRestore();
  });
});
