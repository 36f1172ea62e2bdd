import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { groupTakesLateEntries } from '@climbing/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { SegmentedRadios } from '../../../components/ui/segmented-radios/segmented-radios';
import { currentLanguage } from '../../../lib/i18n';
import { serverFieldErrors } from '../../../lib/form-errors';
import { translateError } from '../../../lib/translate-error';
import { organizationMembersQuery } from '../api/organization-options';
import type { Race } from '../api/race';
import { raceRegistrationsQuery, registerMember, registerUnregistered, type Registration } from '../api/registrations';
import {
  emptyUnregisteredRegistration,
  unregisteredRegistrationBody,
  unregisteredRegistrationSchema,
  type UnregisteredRegistrationValues,
} from '../schemas/registration-schema';
import { MemberProfileGaps } from './member-profile-gaps';
import { UnregisteredRegistrationFields } from './unregistered-registration-fields';

interface DeskWalkInDialogProps {
  race: Race;
  organizationId: number;
  opened: boolean;
  onClose: () => void;
  onRegistered: (registration: Registration) => Promise<void>;
}

/**
 * A racer who turns up without having registered: a one-time racer or a member of the
 * organisation, straight into a group (also one already climbing: the racer joins the end of its
 * starting order), present at once. The server refuses what the rules refuse (age, sex, full race);
 * its answer stays in the dialog, under the switch, until the next try (a toast covered the
 * dialog's title and switch). Members already registered for the race are not offered.
 */
export function DeskWalkInDialog({ race, organizationId, opened, onClose, onRegistered }: DeskWalkInDialogProps) {
  const { t, i18n } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [kind, setKind] = useState<'ONE_TIME' | 'MEMBER'>('ONE_TIME');
  const [memberId, setMemberId] = useState<string | null>(null);
  const [memberGroup, setMemberGroup] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const members = useQuery({ ...organizationMembersQuery(organizationId), enabled: opened && kind === 'MEMBER' });
  // The desk page holds the race's registrations already (the same query).
  const registrations = useQuery({ ...raceRegistrationsQuery(race.id), enabled: opened && kind === 'MEMBER' });
  const registeredUsers = useMemo(() => new Set((registrations.data ?? []).flatMap((registration) => (registration.user ? [registration.user.id] : []))), [registrations.data]);
  const form = useForm<UnregisteredRegistrationValues>({
    mode: 'controlled',
    initialValues: emptyUnregisteredRegistration(),
    validate: schemaResolver(unregisteredRegistrationSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);
  const groups = race.qualificationGroups
    .filter((group) => groupTakesLateEntries(group.state))
    .map((group) => ({
      value: String(group.id),
      label: group.state === 'OPEN_REGISTRATION' ? t('registration.groupName', { name: group.name }) : t('desk.groupRunning', { name: group.name }),
    }));
  const pickedMember = memberId === null ? undefined : members.data?.find((member) => String(member.userId) === memberId);
  const memberOptions = (members.data ?? []).filter((member) => member.state === 'ACTIVE' && !member.blocked && !registeredUsers.has(member.userId)).map((member) => ({ value: String(member.userId), label: member.user.fullName }));

  const fail = (error: unknown) => setFailure(translateError(error, currentLanguage(i18n), t));

  const finish = async (registration: Registration) => {
    setFailure(null);
    form.reset();
    setMemberId(null);
    setMemberGroup(null);
    await onRegistered(registration);
  };

  const submitOneTime = form.onSubmit(async (values) => {
    setSending(true);
    setFailure(null);
    try {
      await finish(await registerUnregistered(race.id, { ...unregisteredRegistrationBody(values), present: true }));
    } catch (error) {
      const fields = serverFieldErrors(error);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      fail(error);
    } finally {
      setSending(false);
    }
  });

  const submitMember = async () => {
    if (memberId === null) return;
    setSending(true);
    setFailure(null);
    try {
      await finish(await registerMember(race.id, Number(memberId), memberGroup === null ? null : Number(memberGroup), true));
    } catch (error) {
      fail(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('desk.walkInTitle', { race: race.name })} size="lg">
      <Stack gap="sm">
        <SegmentedRadios
          fullWidth
          label={t('desk.walkInKind')}
          value={kind}
          onChange={(value) => {
            setKind(value);
            setFailure(null);
          }}
          options={[
            { value: 'ONE_TIME', label: t('desk.oneTimeRacer') },
            { value: 'MEMBER', label: t('desk.member') },
          ]}
        />
        {failure && (
          <Alert color="red" role="alert" data-testid="walk-in-failure">
            {failure}
          </Alert>
        )}
        {kind === 'ONE_TIME' ? (
          <form onSubmit={submitOneTime} noValidate>
            <Stack gap="sm">
              <UnregisteredRegistrationFields field={field} groups={[]} />
              <Select {...field('qualificationGroupId')} label={t('registration.group')} placeholder={t('registration.anyGroup')} clearable data={groups} />
              <Group justify="flex-end">
                <Button type="submit" size="md" loading={sending}>
                  {t('desk.registerWalkIn')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <Stack gap="sm">
            <Select
              label={t('desk.chooseMember')}
              searchable
              data={memberOptions}
              value={memberId}
              onChange={(id) => {
                setMemberId(id);
                setFailure(null);
              }}
              nothingFoundMessage={t('desk.noMember')}
            />
            <MemberProfileGaps race={race} member={pickedMember?.user} />
            <Select label={t('registration.group')} placeholder={t('registration.anyGroup')} clearable data={groups} value={memberGroup} onChange={setMemberGroup} />
            <Group justify="flex-end">
              <Button size="md" loading={sending} disabled={memberId === null} onClick={() => void submitMember()}>
                {t('desk.registerWalkIn')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
