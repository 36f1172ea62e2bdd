/**
 * The groups of texts every page may need at once: the shell and the live pages (issue 14, item 5:
 * a spectator's phone should not download the organiser's texts). The build splits each catalogue
 * into these groups, the judge's groups and the rest (vite.config.ts, catalogue-parts.ts); the
 * rest is loaded before any other page is shown (app/router.tsx), and a key the core does not have
 * loads its part too (lib/i18n.ts), so a text missing here costs a moment, never a raw key for good.
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
  'speed',
  'toast',
  'userMenu',
  'validation',
]);

/**
 * The judge's scorecard's own groups: a part of their own, which the scorecard loads beside its
 * code (and every other page with the rest), so the public live page does not download them
 * (about 1.4 KB compressed of its 150 KB budget).
 */
export const JUDGE_GROUPS: ReadonlySet<string> = new Set(['rounds', 'scorecard', 'sync']);
