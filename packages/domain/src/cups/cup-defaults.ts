import type { Discipline } from '../model/enums.ts';
import { addDays, compareDates, type IsoDate } from '../rules/iso-date.ts';

export interface NewCupDefaults {
  name: string;
  displayName: string;
  description: string;
  startDate: IsoDate;
  endDate: IsoDate;
  disciplines: Discipline[];
  isPublic: boolean;
  openCup: boolean;
  maxCountedResults: number | null;
  oneResultFromAllDisciplines: boolean;
  raceLevelTieBreak: boolean;
}

/** Spec section 9: all three disciplines, ends one day after it starts, public, open; every result counts. */
export const newCupDefaults = (startDate: IsoDate | Date): NewCupDefaults => {
  const start = addDays(startDate, 0);
  return {
    name: '',
    displayName: '',
    description: '',
    startDate: start,
    endDate: addDays(start, 1),
    disciplines: ['BOULDERING', 'LEAD', 'SPEED'],
    isPublic: true,
    openCup: true,
    maxCountedResults: null,
    oneResultFromAllDisciplines: false,
    raceLevelTieBreak: false,
  };
};

export type CupDisplayState = 'INACTIVE' | 'ACTIVE' | 'FINISHED';

/** Inactive before startDate, finished after endDate, active on both boundary days and between. */
export const cupDisplayState = (cup: { startDate: IsoDate | null; endDate: IsoDate | null }, today: IsoDate | Date): CupDisplayState => {
  if (cup.startDate && compareDates(today, cup.startDate) < 0) return 'INACTIVE';
  if (cup.endDate && compareDates(today, cup.endDate) > 0) return 'FINISHED';
  return 'ACTIVE';
};
