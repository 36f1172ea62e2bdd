import { ERROR_CATALOGUE, type Language } from './error-catalogue.ts';

const TEXT: Record<Language, (race: string) => string> = {
  en: (race) => `This check-in code is of ${race}, another race of this event.`,
  sk: (race) => `Tento kód je z pretekov ${race}, iných pretekov tohto podujatia.`,
};

/** CHECK_IN_CODE_OTHER_RACE with the race the code is of (`details.raceName`): names it. */
export function otherRaceCheckInMessage(language: Language, details: unknown): string {
  const race = details !== null && typeof details === 'object' ? (details as Record<string, unknown>).raceName : undefined;
  return typeof race === 'string' && race !== '' ? TEXT[language](race) : ERROR_CATALOGUE.CHECK_IN_CODE_OTHER_RACE[language];
}
