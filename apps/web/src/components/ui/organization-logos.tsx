import { Group, Image } from '@mantine/core';
import { imageUrl } from '../../lib/file-url';

interface OrganizationLogosProps {
  logo: string | null | undefined;
  secondaryLogo?: string | null | undefined;
  /** The organisation's name, the images' alternative text. */
  name: string;
  height?: number;
}

/** The organisation's logo and, when it has one, its secondary logo: event pages and printed lists. */
export function OrganizationLogos({ logo, secondaryLogo, name, height = 48 }: OrganizationLogosProps) {
  const ids = [logo, secondaryLogo].filter((id): id is string => typeof id === 'string');
  if (ids.length === 0) return null;
  return (
    <Group gap="sm" wrap="nowrap" data-testid="organization-logos">
      {ids.map((id) => (
        <Image key={id} src={imageUrl(id)} alt={name} h={height} w="auto" fit="contain" />
      ))}
    </Group>
  );
}
