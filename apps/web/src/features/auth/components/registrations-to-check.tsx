import { Alert, List } from '@mantine/core';
import { useTranslation, type TFunction } from '../../../lib/translation';
import type { RegistrationToCheck } from '../api/account';

/** The race as the racer knows it: the event and the race, once when they share the name. */
const raceLabel = (item: RegistrationToCheck): string => (item.raceName === item.eventName ? item.raceName : `${item.eventName} – ${item.raceName}`);

/** One sentence per registration a profile change did not reach or that fits its race no more. */
export function registrationToCheckText(t: TFunction, item: RegistrationToCheck): string {
  const race = raceLabel(item);
  if (item.reason === 'NO_LONGER_FITS') return t('profile.registrationNoLongerFits', { race });
  if (item.ageCategoryName === null) return t('profile.registrationKeptDetails', { race });
  return t('profile.registrationKept', { race, category: item.ageCategoryName });
}

/** The message after saving the profile: saved, and which registrations the organiser must correct. */
export function profileSavedText(t: TFunction, registrationsToCheck: readonly RegistrationToCheck[]): string {
  return [t('profile.saved'), ...registrationsToCheck.map((item) => registrationToCheckText(t, item))].join(' ');
}

/** Stays on the profile page after the toast is gone: the racer still has to tell the organiser. */
export function RegistrationsToCheckAlert({ registrations }: { registrations: readonly RegistrationToCheck[] }) {
  const { t } = useTranslation();
  if (registrations.length === 0) return null;
  return (
    <Alert color="yellow" title={t('profile.registrationsToCheckTitle')} data-testid="registrations-to-check">
      <List size="sm" spacing={4}>
        {registrations.map((item) => (
          <List.Item key={item.registrationId}>{registrationToCheckText(t, item)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
