import { ERROR_CATALOGUE, type Language } from './error-catalogue.ts';

/** What a RATE_LIMITED answer says about the limit it hit (`error.details`). */
export interface RateLimitDetails {
  /** How many calls the window allows. */
  limit?: number;
  /** The window's length. */
  windowSeconds?: number;
  /** When the caller may try again. */
  retryAfterSeconds?: number;
}

const positive = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined);

/** Seconds as the shortest readable span: "45 s", "3 min", "2 h" (units abbreviated, so no plural forms). */
const span = (seconds: number): string => {
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} min`;
  return `${Math.ceil(seconds / 3600)} h`;
};

/** The details of a RATE_LIMITED error body, whatever the server sent. */
export function rateLimitDetails(details: unknown): RateLimitDetails {
  if (details === null || typeof details !== 'object') return {};
  const raw = details as Record<string, unknown>;
  const result: RateLimitDetails = {};
  const limit = positive(raw.limit);
  const windowSeconds = positive(raw.windowSeconds);
  const retryAfterSeconds = positive(raw.retryAfterSeconds);
  if (limit !== undefined) result.limit = limit;
  if (windowSeconds !== undefined) result.windowSeconds = windowSeconds;
  if (retryAfterSeconds !== undefined) result.retryAfterSeconds = retryAfterSeconds;
  return result;
}

/**
 * RATE_LIMITED in words, with the limit that was hit and when to try again when the server said
 * so: "Too many requests, try again later. At most 10 per 60 min; try again in 3 min."
 */
export function rateLimitMessage(language: Language, details: unknown): string {
  const { limit, windowSeconds, retryAfterSeconds } = rateLimitDetails(details);
  const parts: string[] = [ERROR_CATALOGUE.RATE_LIMITED[language]];
  if (limit !== undefined && windowSeconds !== undefined) {
    parts.push(language === 'sk' ? `Najviac ${limit} za ${span(windowSeconds)}.` : `At most ${limit} per ${span(windowSeconds)}.`);
  }
  if (retryAfterSeconds !== undefined) {
    parts.push(language === 'sk' ? `Znova o ${span(retryAfterSeconds)}.` : `Try again in ${span(retryAfterSeconds)}.`);
  }
  return parts.join(' ');
}
