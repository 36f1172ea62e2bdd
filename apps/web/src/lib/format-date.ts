import type { Language } from '@climbing/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/sk';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(localizedFormat);

/** A calendar date (the API sends YYYY-MM-DD) in the reader's language, e.g. "12. 5. 2026". */
export const formatDate = (isoDate: string, language: Language): string =>
  dayjs(isoDate).locale(language).format('ll');

/** A moment's time of day in the reader's language, e.g. "10:42" (with seconds: "10:42:07"). */
export const formatClockTime = (moment: string | number | Date, language: Language, withSeconds = false): string =>
  dayjs(moment).locale(language).format(withSeconds ? 'LTS' : 'LT');
