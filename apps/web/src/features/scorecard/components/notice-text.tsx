import { detailedErrorMessage } from '@climbing/domain';
import { useTranslation } from '../../../lib/translation';
import { isErrorCode } from '../../../lib/api-error';
import { currentLanguage } from '../../../lib/i18n';
import type { ScorecardNotice } from '../model/boulder-marks';

/** The scorecard's notice in words: catalogue messages by code, the network text otherwise. */
export function NoticeText({ notice }: { notice: ScorecardNotice }) {
  const { t, i18n } = useTranslation();
  if (notice.kind === 'saved') return <>{t('scorecard.saved')}</>;
  const code = notice.kind === 'conflict' ? 'VERSION_CONFLICT' : notice.code;
  if (code === 'NETWORK') return <>{t('errors.network')}</>;
  // The server's words from the code and its details (a refused speed correction names the later match).
  return <>{detailedErrorMessage(isErrorCode(code) ? code : 'UNEXPECTED_ERROR', currentLanguage(i18n), notice.kind === 'refused' ? notice.details : undefined)}</>;
}
