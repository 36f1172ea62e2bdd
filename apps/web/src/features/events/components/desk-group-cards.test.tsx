import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { buildRace, buildRegistration } from '../testing/build-race';
import { DeskGroupCards } from './desk-group-cards';

describe('check-in desk group cards', () => {
  it('counts a no-show apart from the missing racers, and offers "mark all present" only for missing ones', () => {
    const registrations = [
      buildRegistration({ id: 1, racerNumber: 1, qualificationGroupId: 11, state: 'PRESENT' }),
      buildRegistration({ id: 2, racerNumber: 2, qualificationGroupId: 11, state: null }),
      buildRegistration({ id: 3, racerNumber: 3, qualificationGroupId: 12, state: 'PRESENT' }),
      buildRegistration({ id: 4, racerNumber: 4, qualificationGroupId: 12, state: 'NOT_PRESENT' }),
    ];
    renderWithProviders(<DeskGroupCards race={buildRace()} registrations={registrations} busyGroupId={null} onMarkAll={vi.fn()} />);
    const groupA = within(screen.getByTestId('desk-group-A'));
    expect(groupA.getByTestId('desk-group-counts')).toHaveTextContent(/^2 registered1 present1 missing$/);
    expect(groupA.getByRole('button', { name: 'Mark all of group A present' })).toBeEnabled();
    const groupB = within(screen.getByTestId('desk-group-B'));
    expect(groupB.getByTestId('desk-group-counts')).toHaveTextContent(/^2 registered1 present0 missing1 not present$/);
    expect(groupB.getByRole('button', { name: 'Mark all of group B present' })).toBeDisabled();
  });

  it('says the no-shows in Slovak as the racer list does', () => {
    const registrations = [2, 3].map((id) => buildRegistration({ id, racerNumber: id, qualificationGroupId: 12, state: 'NOT_PRESENT' }));
    renderWithProviders(<DeskGroupCards race={buildRace()} registrations={registrations} busyGroupId={null} onMarkAll={vi.fn()} />, 'sk');
    expect(within(screen.getByTestId('desk-group-B')).getByTestId('desk-group-counts')).toHaveTextContent('2 nie sú tu');
  });
});
