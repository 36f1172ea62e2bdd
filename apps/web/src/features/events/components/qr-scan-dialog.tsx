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

/** The desk's answer to a code, in words: the racer checked in, or why not. */
export interface ScanOutcome {
  ok: boolean;
  message: string;
}

interface QrScanDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Checks the racer in; resolves with the desk's answer, which the dialog shows in itself. */
  onCode: (code: string) => Promise<ScanOutcome>;
}

/**
 * Scans racers' confirmation QR codes with the device camera (the back one on a tablet) where the
 * browser has the Barcode Detection API, one racer after another without closing; the code printed
 * under the QR can always be typed instead. The answer shows in the dialog, not in a toast (which
 * covered the dialog's title): a wrong typed code stays in the field, selected, with the error under
 * it, so the desk corrects a typo instead of typing all of it again.
 */
export function QrScanDialog({ opened, onClose, onCode }: QrScanDialogProps) {
  const { t } = useTranslation();
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [typed, setTyped] = useState('');
  /** The last answer, and whether it was to the typed code (its error goes under the field). */
  const [outcome, setOutcome] = useState<(ScanOutcome & { fromField: boolean }) | null>(null);
  const field = useRef<HTMLInputElement>(null);
  // Opened again: a clean dialog, not the last racer's answer.
  const [shown, setShown] = useState(opened);
  if (shown !== opened) {
    setShown(opened);
    if (opened) {
      setOutcome(null);
      setTyped('');
    }
  }
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
              setOutcome({ ...(await onCode(code)), fromField: false });
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
    const answer = await onCode(typed.trim());
    setOutcome({ ...answer, fromField: true });
    if (answer.ok) setTyped('');
    else {
      field.current?.focus();
      field.current?.select();
    }
  };
  const typedError = outcome?.fromField && !outcome.ok ? outcome.message : null;

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
        {outcome && !outcome.fromField && !outcome.ok && (
          <Alert color="red" role="alert" data-testid="scan-error">
            {outcome.message}
          </Alert>
        )}
        <form onSubmit={(event) => void submit(event)} noValidate>
          <TextInput
            ref={field}
            label={t('desk.typedCode')}
            description={t('desk.typedCodeHint')}
            error={typedError}
            size="md"
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              if (typedError) setOutcome(null);
            }}
            autoCapitalize="characters"
            autoComplete="off"
            maxLength={64}
            data-autofocus
            // The field's gaps to the hint and the error go round the row, so the button is level with the field.
            styles={{ wrapper: { marginTop: 0, marginBottom: 0 } }}
            inputContainer={(input) => (
              <Group gap="xs" wrap="nowrap" align="center" mt={5} mb={typedError ? 5 : 0}>
                <div style={{ flex: 1 }}>{input}</div>
                <Button type="submit" size="md">
                  {t('desk.checkInCode')}
                </Button>
              </Group>
            )}
          />
        </form>
        {outcome?.ok && (
          <Text c="green.9" fw={600} role="status" data-testid="scan-checked-in">
            {outcome.message}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t('desk.scanHint')}
        </Text>
      </Stack>
    </Modal>
  );
}
