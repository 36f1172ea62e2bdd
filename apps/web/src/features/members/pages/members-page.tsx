import { ActionIcon, Badge, Button, Group, Menu, Modal, SegmentedControl, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { useParams } from 'react-router';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { currentLanguage } from '../../../lib/i18n';
import { translateError } from '../../../lib/translate-error';
import { inviteMember } from '../api/invitations';
import { addExistingMember, createMember, membersQuery, removeMember, runMemberAction, sendPasswordLink, updateMemberRoles, type Member, type MemberAction } from '../api/members';
import { ExistingMemberForm } from '../components/existing-member-form';
import { InviteMemberForm } from '../components/invite-member-form';
import { MemberRolesForm } from '../components/member-roles-form';
import { NewMemberForm } from '../components/new-member-form';

type Dialog = { kind: 'invite' } | { kind: 'add' } | { kind: 'edit'; member: Member } | { kind: 'remove'; member: Member } | null;

/**
 * Organization management: members (invite, offer to an existing account, create, edit, block,
 * remove, accept applications). The table shows what members share: contact details only when
 * they choose to (docs/security.md); an account is never (de)activated from here.
 */
export function MembersPage() {
  const { t, i18n } = useTranslation();
  const organizationId = Number(useParams().organizationId);
  const members = useQuery(membersQuery(organizationId));
  const queryClient = useQueryClient();
  const { notify } = useToast();
  const notifyError = useNotifyError();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [addMode, setAddMode] = useState<'existing' | 'new'>('existing');

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['organizations', organizationId] });
  const done = async (message: string) => {
    setDialog(null);
    await refresh();
    notify({ type: 'success', message });
  };
  const act = async (member: Member, action: MemberAction) => {
    try {
      await runMemberAction(organizationId, member.userId, action);
      await done(t(`members.done.${action}`, { name: member.user.fullName }));
    } catch (error) {
      notifyError(error);
    }
  };

  const resendPasswordLink = async (member: Member) => {
    try {
      await sendPasswordLink(organizationId, member.userId);
      notify({ type: 'success', message: t('members.passwordLinkSent', { name: member.user.fullName }) });
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text c="dimmed" size="sm">
          {members.data ? t('members.count', { count: members.data.length }) : t('app.loading')}
        </Text>
        <Group gap="xs">
          <Button onClick={() => setDialog({ kind: 'invite' })}>{t('members.invite')}</Button>
          <Button variant="light" onClick={() => setDialog({ kind: 'add' })}>
            {t('members.add')}
          </Button>
        </Group>
      </Group>
      {members.isError && <Text c="red">{translateError(members.error, currentLanguage(i18n), t)}</Text>}
      {members.data?.length === 0 && <Text c="dimmed">{t('members.empty')}</Text>}
      {members.data !== undefined && members.data.length > 0 && (
        <div style={{ overflowX: 'auto' }}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('members.name')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('members.contact')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('members.roles')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('members.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.data.map((member) => (
                <Table.Tr key={member.id}>
                  <Table.Td>
                    <Text size="sm">{member.user.fullName}</Text>
                    {member.state !== 'INVITED' && (
                      <Text size="xs" c="dimmed">
                        {[member.user.club, member.user.birthYear, member.user.country].filter((part) => part !== null && part !== '').join(' · ')}
                      </Text>
                    )}
                    {/* On a phone the contact and roles columns give way: the actions stay on screen. */}
                    <Stack gap={4} mt={4} hiddenFrom="sm">
                      <MemberContact member={member} sharedOnly />
                      <MemberBadges member={member} />
                    </Stack>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <MemberContact member={member} />
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <MemberBadges member={member} />
                  </Table.Td>
                  <Table.Td>
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" aria-label={`${t('members.actions')}: ${member.user.fullName}`}>
                          <IconDots size={18} aria-hidden />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {member.state === 'APPLIED' && <Menu.Item onClick={() => void act(member, 'accept')}>{t('members.accept')}</Menu.Item>}
                        <Menu.Item onClick={() => setDialog({ kind: 'edit', member })}>{t('members.edit')}</Menu.Item>
                        {member.passwordPending && <Menu.Item onClick={() => void resendPasswordLink(member)}>{t('members.sendPasswordLink')}</Menu.Item>}
                        {member.state !== 'INVITED' && (
                          <Menu.Item onClick={() => void act(member, member.blocked ? 'unblock' : 'block')}>
                            {member.blocked ? t('members.unblock') : t('members.block')}
                          </Menu.Item>
                        )}
                        <Menu.Item color="red" onClick={() => setDialog({ kind: 'remove', member })}>
                          {member.state === 'INVITED' ? t('members.withdrawOffer') : t('members.remove')}
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      )}

      <Modal opened={dialog?.kind === 'invite'} onClose={() => setDialog(null)} title={t('members.invite')}>
        <InviteMemberForm
          onSubmit={async (body) => {
            await inviteMember(organizationId, body);
            await done(t('members.invited', { email: body.email }));
          }}
        />
      </Modal>
      <Modal opened={dialog?.kind === 'add'} onClose={() => setDialog(null)} title={t('members.add')} size="lg">
        <Stack gap="md">
          <SegmentedControl
            fullWidth
            value={addMode}
            onChange={(value) => setAddMode(value === 'new' ? 'new' : 'existing')}
            aria-label={t('members.addMode')}
            data={[
              { value: 'existing', label: t('members.addExisting') },
              { value: 'new', label: t('members.addNew') },
            ]}
          />
          {addMode === 'existing' ? (
            <ExistingMemberForm
              organizationId={organizationId}
              onSubmit={async (body, user) => {
                const member = await addExistingMember(organizationId, body);
                await done(t(member.state === 'INVITED' ? 'members.offerSent' : 'members.added', { name: user.fullName }));
              }}
            />
          ) : (
            <NewMemberForm
              onSubmit={async (body) => {
                await createMember(organizationId, body);
                await done(t('members.createdWithLink', { name: `${body.name} ${body.surname}`, email: body.email }));
              }}
            />
          )}
        </Stack>
      </Modal>
      <Modal opened={dialog?.kind === 'edit'} onClose={() => setDialog(null)} title={t('members.edit')}>
        {dialog?.kind === 'edit' && (
          <MemberRolesForm
            member={dialog.member}
            onSubmit={async (roles) => {
              try {
                await updateMemberRoles(organizationId, dialog.member.userId, roles);
                await done(t('members.saved'));
              } catch (error) {
                notifyError(error);
              }
            }}
          />
        )}
      </Modal>
      <Modal opened={dialog?.kind === 'remove'} onClose={() => setDialog(null)} title={t('members.remove')}>
        {dialog?.kind === 'remove' && (
          <Stack>
            <Text>{t('members.removeConfirm', { name: dialog.member.user.fullName })}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {t('common.cancel')}
              </Button>
              <Button
                color="red"
                onClick={() =>
                  void removeMember(organizationId, dialog.member.userId)
                    .then(() => done(t('members.removed', { name: dialog.member.user.fullName })))
                    .catch(notifyError)
                }
              >
                {t('members.remove')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

/** The contact a member shares with the organization; on a phone only a shared one is shown. */
function MemberContact({ member, sharedOnly = false }: { member: Member; sharedOnly?: boolean }) {
  const { t } = useTranslation();
  if (member.user.contactShared) return <Text size="sm">{[member.user.email, member.user.phoneNumber].filter(Boolean).join(', ')}</Text>;
  if (sharedOnly) return null;
  return (
    <Text size="sm" c="dimmed">
      {t('members.contactNotShared')}
    </Text>
  );
}

function MemberBadges({ member }: { member: Member }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {member.state === 'APPLIED' && <Badge color="yellow">{t('members.applicant')}</Badge>}
      {member.state === 'INVITED' && <Badge color="orange">{t('members.offered')}</Badge>}
      {member.orgAdmin && <Badge>{t('members.roleAdmin')}</Badge>}
      {member.coach && <Badge color="grape">{t('members.roleCoach')}</Badge>}
      {member.judge && <Badge color="teal">{t('members.roleJudge')}</Badge>}
      {member.blocked && <Badge color="red">{t('members.blocked')}</Badge>}
      {!member.user.active && <Badge color="gray">{t('members.deactivated')}</Badge>}
      {member.passwordPending && <Badge color="gray">{t('members.passwordPending')}</Badge>}
    </Group>
  );
}
