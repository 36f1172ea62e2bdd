import { Alert, List, Text } from '@mantine/core';
import { racerProfileGaps } from '@climbing/domain';
import { useTranslation } from '../../../lib/translation';
import type { OrganizationMember } from '../api/organization-options';
import type { Race } from '../api/race';

/**
 * What the profile of the member an organiser picked lacks for the race (the domain's
 * racerProfileGaps, the rule of the server's RACER_PROFILE_INCOMPLETE), said before they are sent.
 * Only the member can complete their profile, so sending stays possible (the list may be older
 * than the profile); the server stays the authority. Nothing when nothing is missing.
 */
export function MemberProfileGaps({ race, member }: { race: Pick<Race, 'ageCategories'>; member: OrganizationMember['user'] | undefined }) {
  const { t } = useTranslation();
  const gaps = member ? racerProfileGaps(race, member) : [];
  if (!member || gaps.length === 0) return null;
  return (
    <Alert color="orange" title={t('racers.profileGapsTitle', { name: member.fullName })} data-testid="member-profile-gaps">
      <Text size="sm">{t('racers.profileGapsIntro')}</Text>
      <List size="sm" spacing={2} mt={4}>
        {gaps.map((gap) => (
          <List.Item key={gap}>{t(`racers.profileGap.${gap}`)}</List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        {t('racers.profileGapsAfter')}
      </Text>
    </Alert>
  );
}
