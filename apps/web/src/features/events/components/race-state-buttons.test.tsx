import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { buildGroup, buildRace } from '../testing/build-race';
import { GroupStateButtons } from './race-state-buttons';

describe('group rows of race management', () => {
  it('count the racers who climb, not the registrations (the walkthrough saw "4 racers" while 2 climbed)', () => {
    renderWithProviders(
      <GroupStateButtons
        race={buildRace({
          state: 'QUALIFICATION_ONGOING',
          qualificationGroups: [
            buildGroup({ name: 'A', state: 'QUALIFICATION', racersCount: 4, climbingCount: 2, allowedStates: [] }),
            buildGroup({ id: 12, name: 'B', state: 'QUALIFICATION', racersCount: 3, climbingCount: 3, allowedStates: [] }),
          ],
        })}
      />,
    );
    expect(within(screen.getByTestId('group-A')).getByTestId('group-count')).toHaveTextContent('2 racers climb (4 registered)');
    expect(within(screen.getByTestId('group-B')).getByTestId('group-count')).toHaveTextContent(/^3 racers climb$/);
  });

  it('before the start say who would climb now, in Slovak too', () => {
    renderWithProviders(<GroupStateButtons race={buildRace({ qualificationGroups: [buildGroup({ racersCount: 5, climbingCount: 1 })] })} />, 'sk');
    expect(screen.getByTestId('group-count')).toHaveTextContent('bude liezť 1 pretekár (registrovaných: 5)');
  });
});
