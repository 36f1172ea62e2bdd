import { Button, Group, Modal, SegmentedControl, Select, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { groupTakesLateEntries } from '@climbing/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useFieldProps } from '../../../components/ui/form/use-field-props';
import { useFormFailure } from '../../../components/ui/form/use-form-failure';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { organizationMembersQuery } from '../api/organization-options';
import type { Race } from '../api/race';
import { registerMember, registerUnregistered, type Registration } from '../api/registrations';
import {
  emptyUnregisteredRegistration,
  unregisteredRegistrationBody,
  unregisteredRegistrationSchema,
  type UnregisteredRegistrationValues,
} from '../schemas/registration-schema';
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
 * starting order), present at once. The server refuses what the rules refuse (age, sex, full race).
 */
export function DeskWalkInDialog({ race, organizationId, opened, onClose, onRegistered }: DeskWalkInDialogProps) {
  const { t } = useTranslation();
  const notifyError = useNotifyError();
  const formFailure = useFormFailure();
  const [kind, setKind] = useState<'ONE_TIME' | 'MEMBER'>('ONE_TIME');
  const [memberId, setMemberId] = useState<string | null>(null);
  const [memberGroup, setMemberGroup] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const members = useQuery({ ...organizationMembersQuery(organizationId), enabled: opened && kind === 'MEMBER' });
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
  const memberOptions = (members.data ?? []).filter((member) => member.state === 'ACTIVE' && !member.blocked).map((member) => ({ value: String(member.userId), label: member.user.fullName }));

  const finish = async (registration: Registration) => {
    form.reset();
    setMemberId(null);
    setMemberGroup(null);
    await onRegistered(registration);
  };

  const submitOneTime = form.onSubmit(async (values) => {
    setSending(true);
    try {
      await finish(await registerUnregistered(race.id, { ...unregisteredRegistrationBody(values), present: true }));
    } catch (error) {
      formFailure(form, error);
    } finally {
      setSending(false);
    }
  });

  const submitMember = async () => {
    if (memberId === null) return;
    setSending(true);
    try {
      await finish(await registerMember(race.id, Number(memberId), memberGroup === null ? null : Number(memberGroup), true));
    } catch (error) {
      notifyError(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('desk.walkInTitle', { race: race.name })} size="lg">
      <Stack gap="sm">
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value === 'MEMBER' ? 'MEMBER' : 'ONE_TIME')}
          data={[
            { value: 'ONE_TIME', label: t('desk.oneTimeRacer') },
            { value: 'MEMBER', label: t('desk.member') },
          ]}
        />
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
            <Select label={t('desk.chooseMember')} searchable data={memberOptions} value={memberId} onChange={setMemberId} nothingFoundMessage={t('desk.noMember')} />
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
