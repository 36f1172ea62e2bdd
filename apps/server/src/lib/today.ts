import { toIsoDate, type IsoDate } from '@climbing/domain';

/** Today's calendar day (UTC), the one clock reading the date rules get; the domain reads no clock. */
export const today = (): IsoDate => toIsoDate(new Date());
