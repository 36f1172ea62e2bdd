import { Badge, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import type { Registration } from '../api/registrations';

export const sexOf = (registration: Registration) => registration.user?.sex ?? registration.unregisteredUser?.sex ?? null;

/** The racer's sex beside the name, short ("F", "Ž"), the whole word for screen readers: a mis-tapped sex ranks a racer with the other sex. */
export function SexMark({ registration }: { registration: Registration }) {
  const { t } = useTranslation();
  const sex = sexOf(registration);
  if (sex === null) return null;
  return (
    <Badge color={sex === 'F' ? 'grape' : 'blue'} variant="light" size="sm" ml={6} title={t(`person.sex${sex}`)} data-testid={`sex-${registration.id}`}>
      <span aria-hidden>{t(`racers.sexShort.${sex}`)}</span>
      <VisuallyHidden>{t(`person.sex${sex}`)}</VisuallyHidden>
    </Badge>
  );
}
