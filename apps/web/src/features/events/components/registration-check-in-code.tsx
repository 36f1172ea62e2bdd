import { Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import { QrCode } from '../../../components/ui/qr-code';
import type { Registration } from '../api/registrations';

/**
 * The check-in code right after registering: the QR code the desk scans and the code to read out.
 * A racer without an account has no board to find it on later: the text says where it also went
 * (their e-mail) or that it is only here.
 */
export function RegistrationCheckInCode({ registration, code, withAccount }: { registration: Registration; code: string; withAccount: boolean }) {
  const { t } = useTranslation();
  const email = registration.unregisteredUser?.email ?? null;
  const where = withAccount ? t('registration.checkInCodeOnBoard') : email ? t('registration.checkInCodeMailed', { email }) : t('registration.checkInCodeOnlyHere');
  return (
    <Stack align="center" gap={4}>
      <Text fw={600}>{t('registration.checkInCodeTitle')}</Text>
      <QrCode value={code} size={200} label={t('myBoard.checkInQrLabel', { number: registration.racerNumber })} />
      <Text ff="monospace" fw={700} size="lg" data-testid="registration-check-in-code">
        {code}
      </Text>
      <Text size="sm" c="dimmed" ta="center">
        {t('myBoard.checkInQrHint')} {where}
      </Text>
    </Stack>
  );
}
