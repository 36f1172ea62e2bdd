import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translation';

// The Barcode Detection API is not in TypeScript's DOM library yet.
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorInstance {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorInstance;

const barcodeDetector = (): BarcodeDetectorConstructor | null => {
  const candidate = (window as unknown as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  return typeof candidate === 'function' && typeof navigator.mediaDevices?.getUserMedia === 'function' ? candidate : null;
};

/** The same code seen again within this time is the same racer still in front of the camera. */
const REPEAT_MS = 3000;
const SCAN_INTERVAL_MS = 250;

interface QrScanDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Checks the racer in; resolves once the desk has answered. */
  onCode: (code: string) => Promise<void>;
}

/**
 * Scans racers' confirmation QR codes with the device camera (the back one on a tablet) where the
 * browser has the Barcode Detection API, one racer after another without closing; the code printed
 * under the QR can always be typed instead.
 */
export function QrScanDialog({ opened, onClose, onCode }: QrScanDialogProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [typed, setTyped] = useState('');
  const [cameraProblem, setCameraProblem] = useState<'unsupported' | 'denied' | null>(null);
  const detectorAvailable = barcodeDetector() !== null;

  useEffect(() => {
    if (!opened) return undefined;
    const Detector = barcodeDetector();
    if (Detector === null) {
      setCameraProblem('unsupported');
      return undefined;
    }
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let stopped = false;
    let busy = false;
    const recent = new Map<string, number>();
    const detector = new Detector({ formats: ['qr_code'] });
    void navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        if (stopped) {
          media.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = media;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = media;
        await video.play();
        timer = setInterval(() => {
          if (busy || video.readyState < 2) return;
          busy = true;
          void detector
            .detect(video)
            .then(async (codes) => {
              const code = codes[0]?.rawValue;
              const now = Date.now();
              if (!code || (recent.get(code) ?? 0) > now - REPEAT_MS) return;
              recent.set(code, now);
              await onCode(code);
            })
            .catch(() => undefined)
            .finally(() => {
              busy = false;
            });
        }, SCAN_INTERVAL_MS);
      })
      .catch(() => setCameraProblem('denied'));
    return () => {
      stopped = true;
      clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [opened, onCode]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() === '') return;
    await onCode(typed.trim());
    setTyped('');
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('desk.scanTitle')} size="lg">
      <Stack gap="sm">
        {detectorAvailable && cameraProblem === null && (
          <video ref={videoRef} muted playsInline aria-label={t('desk.cameraView')} style={{ width: '100%', maxHeight: 360, background: '#000', borderRadius: 8 }} />
        )}
        {cameraProblem !== null && (
          <Alert color="yellow" data-testid="camera-problem">
            {t(cameraProblem === 'unsupported' ? 'desk.cameraUnsupported' : 'desk.cameraDenied')}
          </Alert>
        )}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label={t('desk.typedCode')}
              description={t('desk.typedCodeHint')}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={64}
              style={{ flex: 1 }}
              data-autofocus
            />
            <Button type="submit" size="md">
              {t('desk.checkInCode')}
            </Button>
          </Group>
        </form>
        <Text size="xs" c="dimmed">
          {t('desk.scanHint')}
        </Text>
      </Stack>
    </Modal>
  );
}
