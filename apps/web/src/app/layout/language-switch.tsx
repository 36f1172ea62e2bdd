import { SegmentedControl } from '@mantine/core';
import { useTranslation } from '../../lib/translation';
import { currentLanguage, switchLanguage } from '../../lib/i18n';
import { SUPPORTED_LANGUAGES, isSupportedLanguage } from '../../lib/language';

/** SK/EN switch (the other catalogue is downloaded on the first switch); persisting and <html lang> follow the change (lib/i18n.ts). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('language.label')}
      value={currentLanguage(i18n)}
      onChange={(language) => {
        if (isSupportedLanguage(language)) void switchLanguage(i18n, language);
      }}
      data={SUPPORTED_LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
}
