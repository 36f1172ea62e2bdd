import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../test/i18n';
import { renderWithProviders } from '../../../test/render-with-providers';
import type { RegistrationToCheck } from '../api/account';
import { profileSavedText, RegistrationsToCheckAlert } from './registrations-to-check';

const kept: RegistrationToCheck = { registrationId: 7, raceId: 3, raceName: 'Boulder', eventId: 2, eventName: 'Bratislavský pohár', ageCategoryName: 'Dospelí', reason: 'KEPT' };
const unfit: RegistrationToCheck = { registrationId: 8, raceId: 4, raceName: 'Muži', eventId: 5, eventName: 'Muži', ageCategoryName: null, reason: 'NO_LONGER_FITS' };

describe('the message after saving a profile whose birth date did not reach every registration', () => {
  it('says the profile was saved and names the registration that keeps its category, in English and Slovak', () => {
    expect(profileSavedText(createI18n('en').t, [kept])).toBe(
      'The profile has been saved. Your registration for Bratislavský pohár – Boulder keeps its category Dospelí: you are already in the qualification or the roster is closed. Tell the organiser.',
    );
    expect(profileSavedText(createI18n('sk').t, [kept])).toBe(
      'Profil bol uložený. Registrácia na Bratislavský pohár – Boulder si ponecháva kategóriu Dospelí: ste už v kvalifikácii alebo je súpiska uzavretá. Povedzte to organizátorovi.',
    );
  });

  it('stays silent beyond "saved" when every registration followed', () => {
    expect(profileSavedText(createI18n('en').t, [])).toBe('The profile has been saved.');
  });

  it('lists every registration to tell the organiser about on the page, the race once when the event has its name', () => {
    renderWithProviders(<RegistrationsToCheckAlert registrations={[kept, unfit]} />, 'sk');
    expect(screen.getByText('Tieto registrácie zostali bez zmeny')).toBeInTheDocument();
    expect(screen.getByText(/Registrácia na Bratislavský pohár – Boulder si ponecháva kategóriu Dospelí/)).toBeInTheDocument();
    expect(screen.getByText('Registrácia na Muži už nezodpovedá pretekom (vekovej kategórii alebo pohlaviu): povedzte to organizátorovi.')).toBeInTheDocument();
  });

  it('shows nothing when there is nothing to tell', () => {
    renderWithProviders(<RegistrationsToCheckAlert registrations={[]} />);
    expect(screen.queryByTestId('registrations-to-check')).not.toBeInTheDocument();
  });
});
