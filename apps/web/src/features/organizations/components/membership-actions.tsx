import { Badge, Button, Group } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { useSession } from '../../auth/hooks/use-session';
import { acceptMembershipOffer, myMembershipsQuery } from '../api/my-memberships';
import { applyForMembership, leaveOrganization } from '../api/organizations';

/** Apply for / leave an organization, or manage it for its admins; nothing for visitors. */
export function MembershipActions({ organizationId }: { organizationId: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const memberships = useQuery(myMembershipsQuery(user?.id));
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  if (user === null || memberships.data === undefined) return null;
  const membership = memberships.data.find((item) => item.organizationId === organizationId);

  const run = async (action: () => Promise<void>, message: string) => {
    setBusy(true);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: ['my-memberships'] });
      notify({ type: 'success', message });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="xs">
      {membership?.state === 'APPLIED' && <Badge color="yellow">{t('organizations.applied')}</Badge>}
      {membership?.state === 'INVITED' && (
        <Button size="xs" loading={busy} onClick={() => void run(() => acceptMembershipOffer(organizationId), t('myBoard.offerAcceptedShort'))}>
          {t('myBoard.acceptOffer')}
        </Button>
      )}
      {membership?.state === 'ACTIVE' && <Badge color="green">{t('organizations.member')}</Badge>}
      {membership?.blocked && <Badge color="red">{t('members.blocked')}</Badge>}
      {((membership?.state === 'ACTIVE' && membership.orgAdmin) || user.superAdmin) && (
        <Button component={Link} to={`/admin/organization/${organizationId}/members`} size="xs">
          {t('organizations.manage')}
        </Button>
      )}
      {membership === undefined ? (
        <Button size="xs" variant="light" loading={busy} onClick={() => void run(() => applyForMembership(organizationId), t('organizations.appliedDone'))}>
          {t('organizations.apply')}
        </Button>
      ) : (
        <Button size="xs" variant="subtle" color="red" loading={busy} onClick={() => void run(() => leaveOrganization(organizationId), t('organizations.leftDone'))}>
          {membership.state === 'APPLIED' ? t('organizations.withdraw') : membership.state === 'INVITED' ? t('myBoard.declineOffer') : t('organizations.leave')}
        </Button>
      )}
    </Group>
  );
}
