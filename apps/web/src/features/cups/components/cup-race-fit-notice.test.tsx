import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { CupRaceFitNotice } from './cup-race-fit-notice';

const men = { name: 'Muži', sex: 'M' as const, ageCategories: [{ id: 1, name: 'U18' }, { id: 2, name: 'Dospelí' }] };

describe('CupRaceFitNotice: the cup admin learns which racers of a race a category counts', () => {
  it('a mixed race in the men category: only its men count (English and Slovak)', () => {
    const race = { raceGender: 'MIXED' as const, ageCategories: [{ id: 1, name: 'U18' }] };
    const { unmount } = renderWithProviders(<CupRaceFitNotice category={men} race={race} />);
    expect(screen.getByTestId('cup-race-fit')).toHaveTextContent('Mixed race: only its men count in Muži.');
    unmount();
    renderWithProviders(<CupRaceFitNotice category={men} race={race} />, 'sk');
    expect(screen.getByTestId('cup-race-fit')).toHaveTextContent('Zmiešané preteky: v kategórii Muži sa započítajú iba ich muži.');
  });

  it('a women race in the men category: none counts', () => {
    renderWithProviders(<CupRaceFitNotice category={men} race={{ raceGender: 'WOMEN', ageCategories: [] }} />);
    expect(screen.getByTestId('cup-race-fit')).toHaveTextContent("A women's race: none of its racers count in Muži.");
  });

  it('a race with other age categories: names the counted and the others', () => {
    renderWithProviders(<CupRaceFitNotice category={men} race={{ raceGender: 'MEN', ageCategories: [{ id: 3, name: 'Deti' }, { id: 1, name: 'U18' }] }} />);
    expect(screen.getByTestId('cup-race-fit')).toHaveTextContent('Only racers of the age categories U18, Dospelí count in Muži, not those of Deti.');
  });

  it('says nothing when every racer of the race counts', () => {
    renderWithProviders(<CupRaceFitNotice category={men} race={{ raceGender: 'MEN', ageCategories: [{ id: 2, name: 'Dospelí' }] }} />);
    expect(screen.queryByTestId('cup-race-fit')).not.toBeInTheDocument();
  });
});
