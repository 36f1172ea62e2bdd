import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { EventSummary } from '../api/get-events';
import { EventList } from './event-list';

const event = (id: number, name: string, states: string[]): EventSummary => ({
  id,
  name,
  startingDate: '2026-11-28',
  races: states.map((state, index) => ({ id: id * 10 + index, name: `Race ${index + 1}`, discipline: 'BOULDERING', raceGender: 'MIXED', state })),
});

describe('the events list', () => {
  it('says which event is live, with a link to its live results, which takes registrations and which is over, in Slovak too', () => {
    renderWithProviders(
      <MemoryRouter>
        <EventList events={[event(1, 'Final day', ['FINISHED', 'FINALS_ONGOING']), event(2, 'Spring open', ['OPEN_REGISTRATION']), event(3, 'Autumn open', ['FINISHED']), event(4, 'Winter open', ['UPCOMING'])]} />
      </MemoryRouter>,
      'sk',
    );
    const [live, registration, finished, upcoming] = screen.getAllByRole('listitem');
    expect(within(live!).getByTestId('event-status')).toHaveTextContent('Naživo');
    expect(within(live!).getByRole('link', { name: 'Výsledky naživo' })).toHaveAttribute('href', '/live/race/11');
    expect(within(registration!).getByTestId('event-status')).toHaveTextContent('Registrácia otvorená');
    expect(within(finished!).getByTestId('event-status')).toHaveTextContent('Skončené');
    expect(within(upcoming!).queryByTestId('event-status')).not.toBeInTheDocument();
    expect(within(registration!).queryByRole('link', { name: 'Výsledky naživo' })).not.toBeInTheDocument();
  });
});
