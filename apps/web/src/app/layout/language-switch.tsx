import { useTranslation } from '../../lib/translation';
import { currentLanguage, switchLanguage } from '../../lib/i18n';
import { SUPPORTED_LANGUAGES } from '../../lib/language';
import { SegmentedRadios } from '../../components/ui/segmented-radios/segmented-radios';

/** SK/EN switch (the other catalogue is downloaded on the first switch); persisting and <html lang> follow the change (lib/i18n.ts). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedRadios
      size="xs"
      label={t('language.label')}
      value={currentLanguage(i18n)}
      onChange={(language) => void switchLanguage(i18n, language)}
      options={SUPPORTED_LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
    />
  );
}
