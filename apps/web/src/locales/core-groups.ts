/**
 * The groups of texts every page may need at once: the shell, the live pages and the judge's
 * scorecard (issue 14, item 5: a spectator's phone should not download the organiser's texts).
 * The build splits each catalogue into these groups and the rest (vite.config.ts,
 * catalogue-parts.ts); the rest is loaded before any other page is shown (app/router.tsx), and
 * a key the core does not have loads it too (lib/i18n.ts), so a text missing here costs a
 * moment, never a raw key for good.
 */
export const CORE_GROUPS: ReadonlySet<string> = new Set([
  'app',
  'auth',
  'common',
  'errors',
  'footer',
  'form',
  'judgeMenu',
  'language',
  'leadStyle',
  'live',
  'nav',
  'pwa',
  'raceGender',
  'relogin',
  'results',
  'rounds',
  'scorecard',
  'speed',
  'sync',
  'toast',
  'userMenu',
  'validation',
]);
