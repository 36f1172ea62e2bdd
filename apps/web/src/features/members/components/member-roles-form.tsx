import { Button, Checkbox, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import type { Member, MemberRoles } from '../api/members';

/** Edit a member: the role flags admin, coach and judge. */
export function MemberRolesForm({ member, onSubmit }: { member: Member; onSubmit: (roles: MemberRoles) => Promise<void> }) {
  const { t } = useTranslation();
  const [roles, setRoles] = useState<MemberRoles>({ orgAdmin: member.orgAdmin, coach: member.coach, judge: member.judge });
  const [saving, setSaving] = useState(false);
  const toggle = (role: keyof MemberRoles) => (event: React.ChangeEvent<HTMLInputElement>) => setRoles({ ...roles, [role]: event.currentTarget.checked });
  return (
    <Stack gap="md">
      <Checkbox checked={roles.orgAdmin} onChange={toggle('orgAdmin')} label={t('members.roleAdmin')} />
      <Checkbox checked={roles.coach} onChange={toggle('coach')} label={t('members.roleCoach')} />
      <Checkbox checked={roles.judge} onChange={toggle('judge')} label={t('members.roleJudge')} />
      <Button
        loading={saving}
        onClick={() => {
          setSaving(true);
          void onSubmit(roles).finally(() => setSaving(false));
        }}
      >
        {t('common.save')}
      </Button>
    </Stack>
  );
}
