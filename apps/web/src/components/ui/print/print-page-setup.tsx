import { Switch } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translation';
import { formatClockTime, formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import './print.css';

export type PaperOrientation = 'portrait' | 'landscape';

/**
 * The paper orientation kept in the address (`paper=landscape` or `paper=portrait`), so a print can be
 * bookmarked; without one, the page's own choice (`automatic`: landscape for a table too wide for portrait).
 */
export const paperOrientation = (value: string | null, automatic: PaperOrientation = 'portrait'): PaperOrientation =>
  value === 'landscape' || value === 'portrait' ? value : automatic;

/** The address value for a chosen orientation: none when it is what the page would choose anyway. */
export const paperParam = (orientation: PaperOrientation, automatic: PaperOrientation = 'portrait'): string | null => (orientation === automatic ? null : orientation);

/** A text as a CSS string literal: quotes, backslashes, control characters and `<` as CSS escapes. */
export const cssString = (value: string): string =>
  `"${[...value].map((character) => (character === '"' || character === '\\' || character === '<' || character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f ? `\\${character.charCodeAt(0).toString(16)} ` : character)).join('')}"`;

/** When the page is printed: the moment it was opened, refreshed as the browser starts printing. */
export function usePrintMoment(): Date {
  const [moment, setMoment] = useState(() => new Date());
  useEffect(() => {
    const refresh = () => setMoment(new Date());
    window.addEventListener('beforeprint', refresh);
    return () => window.removeEventListener('beforeprint', refresh);
  }, []);
  return moment;
}

/** "Printed 26 Nov 2026 10:42" in the page's language. */
export function usePrintedAtText(): string {
  const { t, i18n } = useTranslation();
  const moment = usePrintMoment();
  const language = currentLanguage(i18n);
  return t('print.printedAt', { date: formatDate(moment.toISOString().slice(0, 10), language), time: formatClockTime(moment, language) });
}

interface PrintPageSetupProps {
  orientation: PaperOrientation;
  /** What the printed page names at its foot: the event and what is printed. */
  title: string;
}

/**
 * The paper of a printed list: A4 in the chosen orientation, and at the foot of every page the
 * title with the print time (left) and "Page n / m" (right). The foot uses CSS page-margin boxes,
 * which Chromium draws since version 131; other browsers leave them out and print their own page
 * numbers when asked, so every print page also names the print time in its print-only header.
 */
export function PrintPageSetup({ orientation, title }: PrintPageSetupProps) {
  const { t } = useTranslation();
  const printedAt = usePrintedAtText();
  const foot = [title, printedAt].filter(Boolean).join(' · ');
  const css = `@page {
  size: A4 ${orientation};
  margin: 10mm 10mm 14mm;
  @bottom-left { content: ${cssString(foot)}; font: 8pt sans-serif; color: #444; }
  @bottom-right { content: ${cssString(`${t('print.page')} `)} counter(page) " / " counter(pages); font: 8pt sans-serif; color: #444; }
}`;
  return <style data-testid="print-page-setup">{css}</style>;
}

/**
 * The switch between portrait and landscape paper, for tables too wide for portrait. `chosenForWidth`:
 * the page turned the paper itself for a wide table, and says so.
 */
export function PaperOrientationSwitch({
  orientation,
  onChange,
  chosenForWidth = false,
}: {
  orientation: PaperOrientation;
  onChange: (orientation: PaperOrientation) => void;
  chosenForWidth?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Switch
      label={t('print.landscape')}
      description={t(chosenForWidth ? 'print.landscapeForWidth' : 'print.landscapeHint')}
      checked={orientation === 'landscape'}
      onChange={(event) => onChange(event.currentTarget.checked ? 'landscape' : 'portrait')}
    />
  );
}
