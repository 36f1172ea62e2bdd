import { Kbd, Stack, Switch } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from '../../../lib/translation';
import classes from './shortcut-settings.module.css';

/** The boulder scorecard's keys, as `eventForKey` (model/boulder-marks.ts) reads them. */
const SHORTCUTS = [
  { keys: ['A', '+', 'Space'], action: 'scorecard.addAttempt' },
  { keys: ['Z'], action: 'scorecard.zone' },
  { keys: ['T', '/'], action: 'scorecard.top' },
  { keys: ['U', 'Backspace'], action: 'scorecard.undo' },
] as const;

interface ShortcutSettingsProps {
  enabled: boolean;
  onChange: (enabled: boolean) => void;
}

/** The switch that turns the single-key shortcuts on or off on this device, with the keys listed while they are on. */
export function ShortcutSettings({ enabled, onChange }: ShortcutSettingsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" mt="sm" data-testid="scorecard-shortcuts">
      <Switch
        checked={enabled}
        onChange={(event) => onChange(event.currentTarget.checked)}
        label={t('scorecard.shortcutsSwitch')}
        description={t('scorecard.shortcutsHint')}
      />
      {enabled && (
        <table className={classes.table} aria-label={t('scorecard.shortcutsList')}>
          <tbody>
            {SHORTCUTS.map(({ keys, action }) => (
              <tr key={action}>
                <th scope="row">
                  {keys.map((key, index) => (
                    <Fragment key={key}>
                      {index > 0 && ` ${t('scorecard.shortcutOr')} `}
                      <Kbd>{key === 'Space' ? t('scorecard.keySpace') : key}</Kbd>
                    </Fragment>
                  ))}
                </th>
                <td>{t(action)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Stack>
  );
}
