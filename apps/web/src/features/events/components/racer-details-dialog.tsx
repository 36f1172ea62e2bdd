import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { currentLanguage } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/form-errors';
import { translateError } from '../../../lib/translate-error';
import type { OneTimeRacerDetails, Registration } from '../api/registrations';
import { unregisteredRegistrationBody, unregisteredRegistrationSchema, type UnregisteredRegistrationValues } from '../schemas/registration-schema';
import { UnregisteredRegistrationFields } from './unregistered-registration-fields';

/** The form's values from what the one-time registration holds. */
const valuesOf = (person: NonNullable<Registration['unregisteredUser']>): UnregisteredRegistrationValues => ({
  name: person.name,
  surname: person.surname,
  email: person.email ?? '',
  club: person.club ?? '',
  sex: person.sex,
  birthday: person.birthday,
  country: person.country,
  qualificationGroupId: null,
});

/**
 * The organiser corrects a one-time racer's details: name, sex, birthday, club, country, e-mail (a
 * racer with an account keeps them in the profile). A walkthrough's racer mis-tapped "Female" on the
 * phone form and was ranked among the women with no screen to put it right. The server's refusal
 * (a race or a climbing group for the other sex) stays in the dialog.
 */
export function RacerDetailsDialog({ registration, onClose, onSave }: { registration: Registration; onClose: () => void; onSave: (details: OneTimeRacerDetails) => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const form = useForm<UnregisteredRegistrationValues>({
    mode: 'controlled',
    initialValues: registration.unregisteredUser ? valuesOf(registration.unregisteredUser) : valuesOf({ name: '', surname: '', club: null, sex: null, country: null, birthday: null, email: null }),
    validate: schemaResolver(unregisteredRegistrationSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);
  const submit = form.onSubmit(async (values) => {
    setSending(true);
    setFailure(null);
    try {
      const { qualificationGroupId: _group, ...details } = unregisteredRegistrationBody(values);
      await onSave(details);
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      setFailure(translateError(error, currentLanguage(i18n), t));
    } finally {
      setSending(false);
    }
  });
  return (
    <Modal opened onClose={onClose} title={t('racers.editTitle', { number: registration.racerNumber, name: registration.fullName })} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {failure && (
            <Alert color="red" role="alert" data-testid="racer-details-failure">
              {failure}
            </Alert>
          )}
          <UnregisteredRegistrationFields field={field} groups={[]} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={sending}>
              {t('racers.saveDetails')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
