import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { SUPPORTED_LANGUAGES } from '../../lib/language';

/** SK/EN switch; persisting and <html lang> follow the change (lib/i18n.ts). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      value={currentLanguage(i18n)}
      onChange={(language) => void i18n.changeLanguage(language)}
      data={SUPPORTED_LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
}
