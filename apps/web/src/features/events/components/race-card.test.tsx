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

describe('race card of a race the viewer is registered for', () => {
  const renderRegistered = (myRegistration: { racerNumber: number; qualificationGroupName: string | null } | null, language: 'en' | 'sk' = 'en') =>
    renderWithProviders(
      <MemoryRouter>
        <RaceCard race={buildRace({ id: 7 })} canManage={false} canScore={false} canRegister onRegister={() => undefined} myRegistration={myRegistration} />
      </MemoryRouter>,
      language,
    );

  it('shows the number, the group and the board instead of the register button', () => {
    renderRegistered({ racerNumber: 12, qualificationGroupName: 'A' });
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
    expect(screen.getByTestId('my-registration')).toHaveTextContent('You are registered for this race');
    expect(screen.getByText('Racer number 12 · group A')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My board: your registration and check-in QR code' })).toHaveAttribute('href', '/my-board');
  });

  it('says it in Slovak, without a group when the registration has none', () => {
    renderRegistered({ racerNumber: 3, qualificationGroupName: null }, 'sk');
    expect(screen.getByText('Na tieto preteky ste zaregistrovaní')).toBeInTheDocument();
    expect(screen.getByText('Štartové číslo 3')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Registrovať sa' })).not.toBeInTheDocument();
  });

  it('keeps the register button for a viewer not registered', () => {
    renderRegistered(null);
    expect(screen.getByRole('button', { name: 'Register' })).toBeInTheDocument();
    expect(screen.queryByTestId('my-registration')).not.toBeInTheDocument();
  });
});
