import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useRaceInfo } from '../../../lib/race-info';
import { renderWithProviders } from '../../../test/render-with-providers';
import { LiveOptions } from './live-options';

const races: Record<string, { id: number; name: string; raceFormat: string }> = {
  '/api/race/5': { id: 5, name: 'Muži', raceFormat: 'QUALIFICATION_FINAL' },
  '/api/race/6': { id: 6, name: 'Ženy', raceFormat: 'QUALIFICATION_SEMIFINAL_FINAL' },
};

const stubRaces = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => (races[url] ? Response.json(races[url]) : new Response(null, { status: 404 }))),
  );

type StageName = 'QUALIFICATION' | 'SEMIFINAL' | 'FINAL';

/** As on the live page: the race boards read the race infos, the options panel reads what they loaded. */
function Page({ racesParam, stages }: { racesParam: string | null; stages: StageName[] }) {
  const first = useRaceInfo(5);
  const second = useRaceInfo(6);
  if (first.isPending || (racesParam !== null && second.isPending)) return null;
  return <LiveOptions raceId={5} racesParam={racesParam} stages={stages} rotateSeconds={15} large={false} raceOptions={[]} set={() => undefined} />;
}

const render = (racesParam: string | null, stages: StageName[] = [], language: 'en' | 'sk' = 'en') => renderWithProviders(<Page racesParam={racesParam} stages={stages} />, language);

describe('LiveOptions stages: only those of the race format', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers no semifinal for a race of qualification and final (Slovak)', async () => {
    stubRaces();
    render(null, [], 'sk');
    expect(await screen.findByRole('checkbox', { name: 'Finále' })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Semifinále' })).toBeNull());
    expect(screen.getByRole('checkbox', { name: 'Kvalifikácia' })).toBeInTheDocument();
  });

  it('offers the semifinal when a rotated race has one', async () => {
    stubRaces();
    render('6');
    await vi.waitFor(() => expect(screen.getAllByRole('checkbox').map((chip) => chip.getAttribute('value'))).toEqual(['QUALIFICATION', 'SEMIFINAL', 'FINAL']));
  });

  it('keeps a stage already chosen in the address, so it can be unchosen', async () => {
    stubRaces();
    render(null, ['SEMIFINAL']);
    await vi.waitFor(() => expect(screen.getByRole('checkbox', { name: 'Semifinal' })).toBeChecked());
  });
});
