import { Anchor, Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { Link } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { acceptMembershipOffer, setContactShared, type MyMembership } from '../api/my-memberships';
import { leaveOrganization } from '../api/organizations';

/**
 * One of my organizations on my board: an offer to accept or decline, and for memberships whether
 * the organization sees my e-mail and phone number (off until I switch it on).
 */
export function MyMembershipRow({ membership }: { membership: MyMembership }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const [busy, setBusy] = useState(false);
  const name = membership.organizationName;

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
    <Stack component="li" gap={4}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor component={Link} to={`/organizations/${membership.organizationId}`} fw={600}>
          {name}
        </Anchor>
        <Group gap={4}>
          {membership.state === 'APPLIED' && <Badge color="yellow">{t('organizations.applied')}</Badge>}
          {membership.state === 'INVITED' && <Badge color="orange">{t('myBoard.offer')}</Badge>}
          {membership.orgAdmin && <Badge>{t('members.roleAdmin')}</Badge>}
          {membership.coach && <Badge color="grape">{t('members.roleCoach')}</Badge>}
          {membership.judge && <Badge color="teal">{t('members.roleJudge')}</Badge>}
          {membership.blocked && <Badge color="red">{t('members.blocked')}</Badge>}
          {membership.state === 'ACTIVE' && membership.orgAdmin && !membership.blocked && (
            <Button component={Link} to={`/admin/organization/${membership.organizationId}/members`} size="xs" variant="subtle">
              {t('organizations.manage')}
            </Button>
          )}
        </Group>
      </Group>
      {membership.state === 'INVITED' && (
        <Group gap="xs" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('myBoard.offerText', { organization: name })}
          </Text>
          <Button size="xs" loading={busy} onClick={() => void run(() => acceptMembershipOffer(membership.organizationId), t('myBoard.offerAccepted', { organization: name }))}>
            {t('myBoard.acceptOffer')}
          </Button>
          <Button size="xs" variant="subtle" color="red" disabled={busy} onClick={() => void run(() => leaveOrganization(membership.organizationId), t('myBoard.offerDeclined', { organization: name }))}>
            {t('myBoard.declineOffer')}
          </Button>
        </Group>
      )}
      {membership.state !== 'INVITED' && (
        <Switch
          size="sm"
          checked={membership.contactShared}
          disabled={busy}
          label={t('myBoard.shareContact', { organization: name })}
          onChange={(event) => {
            const shared = event.currentTarget.checked;
            void run(() => setContactShared(membership.organizationId, shared), t(shared ? 'myBoard.contactShared' : 'myBoard.contactHidden', { organization: name }));
          }}
        />
      )}
    </Stack>
  );
}
