import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { buildRace } from '../testing/build-race';
import { RaceCard } from './race-card';

const render = (access: { canManage: boolean; canScore: boolean }) =>
  renderWithProviders(
    <MemoryRouter>
      <RaceCard race={buildRace({ id: 7 })} {...access} canRegister={false} onRegister={() => undefined} />
    </MemoryRouter>,
  );

describe('race card links by what the caller may do', () => {
  it('gives a judge of the organisation the scorecard, and nothing of the management', () => {
    render({ canManage: false, canScore: true });
    expect(screen.getByRole('link', { name: 'Scorecard' })).toHaveAttribute('href', '/races/7/scorecard');
    expect(screen.queryByRole('link', { name: 'Manage race' })).not.toBeInTheDocument();
  });

  it('gives the organiser the management, the scorecard and the rounds', () => {
    render({ canManage: true, canScore: true });
    expect(screen.getByRole('link', { name: 'Scorecard' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage race' })).toHaveAttribute('href', '/admin/races/7');
  });

  it('gives a visitor neither', () => {
    render({ canManage: false, canScore: false });
    expect(screen.queryByRole('link', { name: 'Scorecard' })).not.toBeInTheDocument();
  });
});
