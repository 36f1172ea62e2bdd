import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { Sex } from '@climbing/domain';
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
import { onlySex, walkInGroups, walkInSexes } from '../model/walk-in-choices';
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
 * dialog's title and switch). Members already registered for the race are not offered. Only the
 * sexes the race takes are offered (the only one preselected), members of another sex are listed
 * but cannot be picked, and the groups offered fit the racer's sex.
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
  const sexChoices = walkInSexes(race);
  const form = useForm<UnregisteredRegistrationValues>({
    mode: 'controlled',
    initialValues: { ...emptyUnregisteredRegistration(), sex: onlySex(sexChoices) },
    validate: schemaResolver(unregisteredRegistrationSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const field = useFieldProps(form);
  const groupsFor = (sex: Sex | null | undefined) =>
    walkInGroups(race, sex).map((group) => ({
      value: String(group.id),
      label: group.state === 'OPEN_REGISTRATION' ? t('registration.groupName', { name: group.name }) : t('desk.groupRunning', { name: group.name }),
    }));
  // Another sex picked: a group chosen before that does not take it is let go (the server would refuse it).
  form.watch('sex', ({ value }) => {
    const chosen = form.getValues().qualificationGroupId;
    if (chosen !== null && !walkInGroups(race, value).some((group) => String(group.id) === chosen)) form.setFieldValue('qualificationGroupId', null);
  });
  const sexHint =
    sexChoices.limitedBy === 'RACE'
      ? t(`desk.raceOnlyFor.${race.raceGender}`)
      : sexChoices.limitedBy === 'GROUPS'
        ? t(`desk.groupsOnlyFor.${sexChoices.sexes[0] ?? 'M'}`)
        : undefined;
  const sexFits = (sex: Sex | null) => sex === null || sexChoices.sexes.includes(sex);
  const pickedMember = memberId === null ? undefined : members.data?.find((member) => String(member.userId) === memberId);
  // Members of a sex the race does not take stay in the list, so the desk sees why they cannot be picked.
  const memberOptions = (members.data ?? [])
    .filter((member) => member.state === 'ACTIVE' && !member.blocked && !registeredUsers.has(member.userId))
    .map((member) =>
      sexFits(member.user.sex)
        ? { value: String(member.userId), label: member.user.fullName }
        : { value: String(member.userId), label: t(sexChoices.limitedBy === 'GROUPS' ? 'desk.memberNoGroup' : 'desk.memberOtherSex', { name: member.user.fullName }), disabled: true },
    );

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
              <UnregisteredRegistrationFields field={field} groups={[]} sexes={sexChoices.sexes} sexHint={sexHint} />
              <Select {...field('qualificationGroupId')} label={t('registration.group')} placeholder={t('registration.anyGroup')} clearable data={groupsFor(form.values.sex)} />
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
                // A group chosen for the member before that does not take this member's sex is let go.
                const sex = members.data?.find((member) => String(member.userId) === id)?.user.sex;
                if (memberGroup !== null && sex && !walkInGroups(race, sex).some((group) => String(group.id) === memberGroup)) setMemberGroup(null);
              }}
              nothingFoundMessage={t('desk.noMember')}
            />
            <MemberProfileGaps race={race} member={pickedMember?.user} />
            <Select label={t('registration.group')} placeholder={t('registration.anyGroup')} clearable data={groupsFor(pickedMember?.user.sex)} value={memberGroup} onChange={setMemberGroup} />
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
