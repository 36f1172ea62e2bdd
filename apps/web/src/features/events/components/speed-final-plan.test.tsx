import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultDisciplineSettings } from '@climbing/domain';
import { renderWithProviders } from '../../../test/render-with-providers';
import { buildRace } from '../testing/build-race';
import { SpeedFinalPlan } from './speed-final-plan';

const speedRace = (state: 'QUALIFICATION_ONGOING' | 'FINALS_ONGOING' = 'QUALIFICATION_ONGOING') =>
  buildRace({ discipline: 'SPEED', state, ...defaultDisciplineSettings('SPEED') });

const bracketAnswer = (planned: { gender: string; size: number; racersWithTime: number }[]) => ({ raceId: 7, size: 0, stages: [], matches: [], brackets: [], planned });

describe('SpeedFinalPlan', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers to finish on the qualification ranking when no ranking can have a bracket, and does it after a confirmation', async () => {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/finish-on-qualification')) return new Response(JSON.stringify({ ...speedRace(), state: 'FINISHED', allowedActions: [], allowedStates: [] }), { status: 200 });
      expect(init?.method ?? 'GET').toBe('GET');
      return new Response(JSON.stringify(bracketAnswer([{ gender: 'WOMEN', size: 0, racersWithTime: 3 }, { gender: 'MEN', size: 0, racersWithTime: 2 }])), { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    renderWithProviders(<SpeedFinalPlan race={speedRace()} />);
    const plan = await screen.findByTestId('speed-final-plan');
    expect(within(plan).getByText(/Women: no bracket: 3 racers with a valid time/)).toBeInTheDocument();
    await user.click(within(plan).getByRole('button', { name: 'Finish on the qualification ranking' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Finish on the qualification ranking' }));
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('/api/race/7/finish-on-qualification') && init?.method === 'POST')).toBe(true);
    expect(await screen.findByText('The race is finished on its qualification ranking.')).toBeInTheDocument();
  });

  it('only tells the brackets when a final can run, and is silent outside the stage before the final', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(bracketAnswer([{ gender: 'MEN', size: 8, racersWithTime: 11 }])), { status: 200 })));
    const { unmount } = renderWithProviders(<SpeedFinalPlan race={speedRace()} />);
    expect(await screen.findByText(/Men: a bracket of 8 \(11 racers with a valid time\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finish on the qualification ranking' })).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<SpeedFinalPlan race={speedRace('FINALS_ONGOING')} />);
    expect(screen.queryByTestId('speed-final-plan')).not.toBeInTheDocument();
  });
});
