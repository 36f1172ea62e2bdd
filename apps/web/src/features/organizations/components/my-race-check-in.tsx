import { Button, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { QrCode } from '../../../components/ui/qr-code';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNotifyError } from '../../../components/ui/toast/use-notify-error';
import { confirmPresence, type MyRegistration } from '../api/my-registrations';

/**
 * Race day on my board (the racer's status badge is the board's): "I am here" inside the race's self check-in window, and the QR code of the
 * registration confirmation that the check-in desk scans (with the code to type under it).
 */
export function MyRaceCheckIn({ registration }: { registration: MyRegistration }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const notifyError = useNotifyError();
  const { notify } = useToast();
  const [showing, setShowing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    setConfirming(true);
    try {
      await confirmPresence(registration.id);
      notify({ type: 'success', message: t('myBoard.presenceConfirmed') });
    } catch (error) {
      notifyError(error);
    } finally {
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: ['my-registrations'] });
    }
  };

  return (
    <>
      {registration.selfCheckInOpen && (
        <Button size="xs" color="green" loading={confirming} onClick={() => void confirm()}>
          {t('myBoard.confirmPresence')}
        </Button>
      )}
      {registration.checkInCode && (
        <Button size="xs" variant="light" onClick={() => setShowing(true)}>
          {t('myBoard.checkInQr')}
        </Button>
      )}
      <Modal opened={showing} onClose={() => setShowing(false)} title={t('myBoard.checkInQrTitle', { race: registration.race.name })} centered>
        {registration.checkInCode && (
          <Stack align="center" gap="xs">
            <QrCode value={registration.checkInCode} size={240} label={t('myBoard.checkInQrLabel', { number: registration.racerNumber })} />
            <Text ff="monospace" fw={700} size="lg" data-testid="check-in-code">
              {registration.checkInCode}
            </Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('myBoard.checkInQrHint')}
            </Text>
          </Stack>
        )}
      </Modal>
    </>
  );
}
