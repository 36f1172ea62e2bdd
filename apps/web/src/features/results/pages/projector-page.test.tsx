import { screen } from '@testing-library/react';
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
