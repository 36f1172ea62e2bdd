import { Alert, Button, Group, List, Modal, Select, Stack, Text } from '@mantine/core';
import { racerProfileGaps } from '@climbing/domain';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { serverFieldErrors } from '../../../lib/form-errors';
import { currentLanguage } from '../../../lib/i18n';
import { translateError } from '../../../lib/translate-error';
import { ApiError } from '../../../lib/api-error';
import type { Session } from '../../auth/hooks/use-session';
import type { Race } from '../api/race';
import { registerUnregistered, registerUser, type Registration } from '../api/registrations';
import { groupOptions, openGroups } from '../model/open-groups';
import { registrationReturnPath } from '../model/registration-return';
import {
  emptyUnregisteredRegistration,
  unregisteredRegistrationBody,
  unregisteredRegistrationSchema,
  type UnregisteredRegistrationValues,
} from '../schemas/registration-schema';
import { UnregisteredRegistrationFields } from './unregistered-registration-fields';
import { raceSexes } from '../model/walk-in-choices';
import { RegistrationCheckInCode } from './registration-check-in-code';
import { formResolver } from '../../../lib/form-resolver';
import { withReturnPath } from '../../../lib/return-path';
import { focusFirstError } from '../../../components/ui/form/focus-first-error';

interface RegistrationDialogProps {
  race: Race;
  user: Session['user'];
  allowedUnregisteredUsers: boolean;
  onClose: () => void;
}

type Step = 'form' | 'confirm' | 'done';

const displayName = (user: NonNullable<Session['user']>): string =>
  user.fullName?.trim() || [user.name, user.surname].filter(Boolean).join(' ').trim() || user.email;

/** Registration to one race: details (or the group) first, then a confirmation step, then the racer number. */
export function RegistrationDialog({ race, user, allowedUnregisteredUsers, onClose }: RegistrationDialogProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('form');
  const [problem, setProblem] = useState<string | null>(null);
  /** The server refused because the account lacks birthday or sex: the way forward is the profile. */
  const [profileIncomplete, setProfileIncomplete] = useState(false);
  const [sending, setSending] = useState(false);
  const [registration, setRegistration] = useState<Registration | null>(null);
  const sexes = raceSexes(race);
  const onlyRaceSex = sexes.length === 1 ? (sexes[0] ?? null) : null;
  const form = useForm<UnregisteredRegistrationValues>({
    mode: 'controlled',
    // A race for one sex offers only that one, chosen already (a one-time racer picked "Female" for a men's race and was refused after the confirmation step).
    initialValues: { ...emptyUnregisteredRegistration(), sex: onlyRaceSex },
    validate: formResolver(unregisteredRegistrationSchema),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);
  const sex = user ? user.sex : form.values.sex;
  const groups = groupOptions(openGroups(race, sex), (name) => t('registration.groupName', { name }));
  const groupLabel = groups.find((group) => group.value === form.values.qualificationGroupId)?.label ?? t('registration.anyGroup');

  const confirm = async () => {
    setSending(true);
    setProblem(null);
    setProfileIncomplete(false);
    try {
      const groupId = form.values.qualificationGroupId ? Number(form.values.qualificationGroupId) : null;
      const created = user ? await registerUser(race.id, Number(user.id), groupId) : await registerUnregistered(race.id, unregisteredRegistrationBody(form.values));
      setRegistration(created);
      setStep('done');
      void queryClient.invalidateQueries({ queryKey: ['event', race.eventId] });
      void queryClient.invalidateQueries({ queryKey: ['races', race.id] });
      void queryClient.invalidateQueries({ queryKey: ['my-registrations'] });
    } catch (error) {
      setProblem(translateError(error, currentLanguage(i18n), t));
      setProfileIncomplete(user !== null && error instanceof ApiError && error.code === 'RACER_PROFILE_INCOMPLETE');
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) {
        form.setErrors(fields);
        setStep('form');
      }
    } finally {
      setSending(false);
    }
  };

  const next = () => {
    if (!user && form.validate().hasErrors) return;
    setProblem(null);
    setStep('confirm');
  };

  const who = user ? displayName(user) : `${form.values.name.trim()} ${form.values.surname.trim()}`;
  const back = registrationReturnPath(race);
  // What the account's profile lacks for this race, said before Confirm (which stays disabled until it is there).
  const gaps = user ? racerProfileGaps(race, user) : [];
  const completeProfile = withReturnPath('/profile', back);
  const signUp = (
    <Text size="sm">
      {t('registration.orSignUp')} <Link to={withReturnPath('/sign-up', back)}>{t('registration.signUpToRegister')}</Link>
    </Text>
  );
  return (
    <Modal opened onClose={onClose} title={t('registration.title', { race: race.name })} size="lg">
      <Stack gap="md">
        {problem !== null && (
          <Alert color="red" role="alert" title={t('registration.refused')}>
            {problem}
            {profileIncomplete && (
              <Button component={Link} to={completeProfile} display="block" mt="sm" variant="filled" color="red">
                {t('registration.completeProfile')}
              </Button>
            )}
          </Alert>
        )}
        {gaps.length > 0 && step !== 'done' && (
          <Alert color="orange" title={t('registration.profileGapsTitle')} data-testid="registration-profile-gaps">
            <Text size="sm">{t('registration.profileGapsIntro')}</Text>
            <List size="sm" spacing={2} mt={4}>
              {gaps.map((gap) => (
                <List.Item key={gap}>{t(`registration.profileGap.${gap}`)}</List.Item>
              ))}
            </List>
            <Text size="sm" mt="xs">
              {t('registration.profileGapsAfter')}
            </Text>
            <Button component={Link} to={completeProfile} mt="sm">
              {t('registration.completeProfile')}
            </Button>
          </Alert>
        )}
        {step === 'form' && !user && !allowedUnregisteredUsers && (
          <Stack gap="xs">
            <Text>
              {t('registration.loginNeeded')} <Link to={withReturnPath('/login', back)}>{t('auth.login')}</Link>
            </Text>
            {signUp}
          </Stack>
        )}
        {step === 'form' && !user && allowedUnregisteredUsers && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              next();
              focusFirstError(event.currentTarget);
            }}
            noValidate
          >
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                {t('registration.oneTimeIntro')} <Link to={withReturnPath('/login', back)}>{t('registration.loginInstead')}</Link>
              </Text>
              {signUp}
              <UnregisteredRegistrationFields field={field} groups={groups} sexes={sexes} sexHint={race.raceGender === 'MIXED' ? undefined : t(`desk.raceOnlyFor.${race.raceGender}`)} />
              <Button type="submit">{t('registration.continue')}</Button>
            </Stack>
          </form>
        )}
        {step === 'form' && user && (
          <Stack gap="md">
            <Text>{t('registration.asUser', { name: displayName(user) })}</Text>
            {groups.length > 1 && <Select {...field('qualificationGroupId')} label={t('registration.group')} placeholder={t('registration.anyGroup')} clearable data={groups} />}
            <Button onClick={next}>{t('registration.continue')}</Button>
          </Stack>
        )}
        {step === 'confirm' && (
          <Stack gap="md">
            <Text fw={600}>{t('registration.confirmQuestion')}</Text>
            <List spacing={4}>
              <List.Item>{t('registration.summaryRacer', { name: who })}</List.Item>
              <List.Item>{t('registration.summaryRace', { race: race.name })}</List.Item>
              <List.Item>{t('registration.summaryGroup', { group: groupLabel })}</List.Item>
              {/* Said back before sending: a wrong sex ranks the racer with the other sex. */}
              {(sex === 'F' || sex === 'M') && <List.Item>{t('registration.summarySex', { sex: t(sex === 'F' ? 'person.sexF' : 'person.sexM') })}</List.Item>}
              {!user && form.values.birthday && <List.Item>{t('registration.summaryBirthday', { date: form.values.birthday })}</List.Item>}
            </List>
            <Group>
              <Button variant="default" onClick={() => setStep('form')}>
                {t('registration.back')}
              </Button>
              <Button onClick={() => void confirm()} loading={sending} disabled={gaps.length > 0}>
                {t('registration.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
        {step === 'done' && registration && (
          <Stack gap="md">
            <Alert color="green" title={t('registration.doneTitle')}>
              {t('registration.done', { number: registration.racerNumber, group: registration.qualificationGroupName ?? '' })}
            </Alert>
            {registration.checkInCode && <RegistrationCheckInCode registration={registration} code={registration.checkInCode} withAccount={Boolean(user)} />}
            <Button onClick={onClose}>{t('registration.close')}</Button>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
