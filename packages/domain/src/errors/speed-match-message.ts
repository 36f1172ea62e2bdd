import { ERROR_CATALOGUE, type Language } from './error-catalogue.ts';

/*
 * SPEED_NEXT_MATCH_STARTED names the later match a corrected winner would have raced
 * (`error.details`: `stage`, `stageIndex`, `racerA` / `racerB` with `racerNumber` and `fullName`),
 * so the judge and the organiser know which result stands in the way.
 */

const STAGE_NAMES: Record<Language, Record<string, string>> = {
  en: { EIGHTH_FINAL: '1/8 final', QUARTER_FINAL: 'quarter-final', HALF_FINAL: 'semi-final', SMALL_FINAL: 'small final', BIG_FINAL: 'big final' },
  sk: { EIGHTH_FINAL: 'osemfinále', QUARTER_FINAL: 'štvrťfinále', HALF_FINAL: 'semifinále', SMALL_FINAL: 'malé finále', BIG_FINAL: 'veľké finále' },
};

const TEXT: Record<Language, (match: string) => string> = {
  en: (match) =>
    `The correction changes the winner, but the next match it feeds (${match}) already has a result that the other winner raced, so the bracket cannot follow it. Only a correction that keeps the winner can be entered.`,
  sk: (match) =>
    `Oprava mení víťaza, ale nasledujúca dvojica (${match}) už má výsledok, ktorý liezol pôvodný víťaz, takže pavúk ju nemôže prevziať. Zadať sa dá len oprava, ktorá víťaza zachová.`,
};

const racerText = (value: unknown): string | null => {
  if (value === null || typeof value !== 'object') return null;
  const { racerNumber, fullName } = value as { racerNumber?: unknown; fullName?: unknown };
  if (typeof fullName !== 'string' || fullName.length === 0) return null;
  return typeof racerNumber === 'number' ? `${racerNumber} ${fullName}` : fullName;
};

/** The message of SPEED_NEXT_MATCH_STARTED, naming the later match when the details say it. */
export function speedNextMatchMessage(language: Language, details: unknown): string {
  if (details === null || typeof details !== 'object') return ERROR_CATALOGUE.SPEED_NEXT_MATCH_STARTED[language];
  const raw = details as Record<string, unknown>;
  const stage = typeof raw.stage === 'string' ? STAGE_NAMES[language][raw.stage] : undefined;
  if (stage === undefined) return ERROR_CATALOGUE.SPEED_NEXT_MATCH_STARTED[language];
  const numbered = typeof raw.stageIndex === 'number' && (raw.stage === 'EIGHTH_FINAL' || raw.stage === 'QUARTER_FINAL' || raw.stage === 'HALF_FINAL') ? `${stage} ${raw.stageIndex + 1}` : stage;
  const racers = [racerText(raw.racerA), racerText(raw.racerB)].filter((text): text is string => text !== null);
  return TEXT[language](racers.length === 2 ? `${numbered}: ${racers.join(' – ')}` : numbered);
}

const CLOSED_TEXT: Record<Language, (racers: string) => string> = {
  en: (racers) => `The rounds of this match are closed. To correct it, reopen the rounds of both racers (${racers}) on the rounds page, then enter the match again.`,
  sk: (racers) => `Kolá tejto dvojice sú uzavreté. Na jej opravu znovu otvorte kolá oboch pretekárov (${racers}) na stránke kôl a potom dvojicu zadajte znovu.`,
};

/** ROUND_CLOSED of a speed match (details with `matchId` and both racers): says whose rounds to reopen. */
export function closedMatchMessage(language: Language, details: unknown): string | null {
  if (details === null || typeof details !== 'object' || typeof (details as { matchId?: unknown }).matchId !== 'number') return null;
  const raw = details as Record<string, unknown>;
  const racers = [racerText(raw.racerA), racerText(raw.racerB)].filter((text): text is string => text !== null);
  return racers.length === 2 ? CLOSED_TEXT[language](racers.join(', ')) : null;
}
