import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation';

/** How long the button says "Copied" (or that copying failed). */
const SHOWN_MS = 2000;

/**
 * Puts a text on the clipboard. The Clipboard API needs a secure context (https or localhost); a
 * server reached over plain http on the venue's network has none, so the older copy command of a
 * selected, off-screen text area is tried then. Answers whether the text was copied.
 */
export async function copyText(value: string): Promise<boolean> {
  try {
    if (window.isSecureContext && navigator.clipboard) {
      await navigator.clipboard.writeText(value);
      return true;
    }
  } catch {
    // Refused (no permission, the document not focused): the copy command below may still work.
  }
  const area = document.createElement('textarea');
  area.value = value;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.insetInlineStart = '-9999px';
  document.body.append(area);
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  focused?.focus({ preventScroll: true });
  return copied;
}

/**
 * An icon button that copies `value` (a judge's login, password or scorecard address). `label`
 * names what it copies, for screen readers and as its tooltip; "Copied" (or the failure, with the
 * advice to copy by hand) shows beside it and is read out. The Mantine CopyButton gives up without
 * the Clipboard API, so this one falls back to the copy command (see `copyText`).
 */
export function CopyValueButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (result === null) return;
    const timer = window.setTimeout(() => setResult(null), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [result]);
  const said = result === 'copied' ? t('event.copied') : result === 'failed' ? t('event.copyFailed') : '';
  return (
    <>
      {/* Beside the button: above it, the tooltip would cover the value in the row over it. */}
      <Tooltip label={said || label} opened={result === null ? undefined : true} position="right" withArrow>
        <ActionIcon
          variant="subtle"
          color={result === 'copied' ? 'teal' : result === 'failed' ? 'red' : 'gray'}
          size="lg"
          aria-label={label}
          onClick={() => void copyText(value).then((copied) => setResult(copied ? 'copied' : 'failed'))}
        >
          {result === 'copied' ? <IconCheck size={18} aria-hidden /> : result === 'failed' ? <IconX size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden role="status">{said}</VisuallyHidden>
    </>
  );
}
