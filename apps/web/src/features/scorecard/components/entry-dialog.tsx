import { Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/translation';
import { thumbButton } from './thumb-button';

/** One answer of an entry dialog: a whole-width button, 48 px high for a thumb. */
export interface EntryChoice {
  label: string;
  onClick: () => void;
  variant?: 'filled' | 'light' | 'default';
  color?: string;
}

export interface EntryDialogProps {
  opened: boolean;
  title: string;
  text: string;
  /** Names the dialog's box for the tests (`speed-same-time`, `lead-clear-height`, `unsaved-entry`). */
  testId: string;
  choices: readonly EntryChoice[];
  /** The close button and Escape: the answer that changes nothing (stay, keep, correct). */
  onClose: () => void;
}

/**
 * The scorecard's questions about an entry (leaving a card with an unsaved value, the same time as
 * another racer's, clearing a stored height), as a dialog in the middle of the screen: a question
 * under the card's Save button sat at the bottom of a 360x740 phone, behind its keyboard. Opening
 * it takes the focus off the field, so the keyboard closes. The answers are stacked whole-width
 * buttons (Slovak words are not cut at 360 px); a tap beside the dialog answers nothing, since a
 * chalky double tap on the button that opened it would otherwise land there.
 */
export function EntryDialog({ opened, title, text, testId, choices, onClose }: EntryDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeOnClickOutside={false} closeButtonProps={{ 'aria-label': t('scorecard.dismiss') }}>
      <Stack gap="sm" data-testid={testId}>
        <Text>{text}</Text>
        {choices.map((choice, index) => (
          <Button key={choice.label} size="md" fullWidth {...thumbButton} variant={choice.variant ?? 'filled'} color={choice.color} onClick={choice.onClick} data-autofocus={index === 0 || undefined}>
            {choice.label}
          </Button>
        ))}
      </Stack>
    </Modal>
  );
}
