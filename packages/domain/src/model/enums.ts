/**
 * Enumerations of spec section 4, as const arrays so that the database schema, the zod schemas
 * and the UI pickers are all generated from one list.
 */
export const RACE_STATES = [
  'HIDDEN',
  'UPCOMING',
  'OPEN_REGISTRATION',
  'QUALIFICATION',
  'QUALIFICATION_ONGOING',
  'SEMIFINALS',
  'SEMIFINALS_ONGOING',
  'FINALS',
  'FINALS_ONGOING',
  'FINISHED',
] as const;
export type RaceState = (typeof RACE_STATES)[number];

export const QUALIFICATION_GROUP_STATES = ['OPEN_REGISTRATION', 'READY_FOR_QUALIFICATION', 'QUALIFICATION', 'QUALIFICATION_CLOSED'] as const;
export type QualificationGroupState = (typeof QUALIFICATION_GROUP_STATES)[number];

/** Round state and speed elimination match state. */
export const ROUND_STATES = ['READY', 'STARTED', 'CLOSED'] as const;
export type RoundState = (typeof ROUND_STATES)[number];

export const REGISTRATION_STATES = ['PRESENT', 'NOT_PRESENT'] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

export const STAGES = ['QUALIFICATION', 'SEMIFINAL', 'FINAL'] as const;
export type Stage = (typeof STAGES)[number];

/**
 * The stages of a comma-separated list as people type them in a link ("final", " SEMIFINAL ,final"):
 * known ones in the order given, each once; anything else left out. The live page and the live
 * stream read their `stages` parameter with it, so both see the same stages.
 */
export const parseStageList = (value: string | null | undefined): Stage[] => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((part) => part.trim().toUpperCase())
      .filter((part): part is Stage => (STAGES as readonly string[]).includes(part)),
  ),
];

/** Speed elimination stages, in the order they are climbed. */
export const SPEED_STAGES = ['EIGHTH_FINAL', 'QUARTER_FINAL', 'HALF_FINAL', 'SMALL_FINAL', 'BIG_FINAL'] as const;
export type SpeedStage = (typeof SPEED_STAGES)[number];

export const RACE_FORMATS = ['QUALIFICATION', 'QUALIFICATION_SEMIFINAL_FINAL', 'QUALIFICATION_FINAL'] as const;
export type RaceFormat = (typeof RACE_FORMATS)[number];

const STAGES_BY_FORMAT: Record<RaceFormat, readonly Stage[]> = {
  QUALIFICATION: ['QUALIFICATION'],
  QUALIFICATION_FINAL: ['QUALIFICATION', 'FINAL'],
  QUALIFICATION_SEMIFINAL_FINAL: ['QUALIFICATION', 'SEMIFINAL', 'FINAL'],
};

/**
 * The stages a race of this format runs, in order (the advancing rules build on it). Beside the
 * formats: the live page's options offer these stages from the module the page already loads.
 */
export const stagesOf = (format: RaceFormat): readonly Stage[] => STAGES_BY_FORMAT[format];

export const SCORING_TYPES = ['TOPS_ZONES', 'IFSC_POINTS', 'CLASSIC'] as const;
export type ScoringType = (typeof SCORING_TYPES)[number];

export const DISCIPLINES = ['BOULDERING', 'LEAD', 'SPEED'] as const;
export type Discipline = (typeof DISCIPLINES)[number];

export const CUP_TYPES = ['WORLD_CUP', 'NOMINATION', 'CLASSIC'] as const;
export type CupType = (typeof CUP_TYPES)[number];

/** Speed settings type: world cup (2 runs in qualification, 1 in the others) or nomination (from settings). */
export const SPEED_TYPES = ['WORLD_CUP', 'NOMINATION'] as const;
export type SpeedType = (typeof SPEED_TYPES)[number];

export const RACE_GENDERS = ['MEN', 'WOMEN', 'MIXED'] as const;
export type RaceGender = (typeof RACE_GENDERS)[number];

export const SEXES = ['M', 'F'] as const;
export type Sex = (typeof SEXES)[number];

/**
 * How a MIXED race ranks its racers: SEPARATE (the default) ranks women and men apart in every
 * stage, with the advancing quotas per sex and one speed bracket per sex; TOGETHER keeps one list.
 */
export const MIXED_RANKINGS = ['SEPARATE', 'TOGETHER'] as const;
export type MixedRanking = (typeof MIXED_RANKINGS)[number];

/** Lead result styles (spec 4): a flash after a demonstration, or an on-sight without one. */
export const LEAD_STYLES = ['FLASH', 'ON_SIGHT'] as const;
export type LeadStyle = (typeof LEAD_STYLES)[number];

export const STARTING_NUMBER_ORDERS = ['RANDOM', 'BY_RACER_NUMBER'] as const;
export type StartingNumberOrder = (typeof STARTING_NUMBER_ORDERS)[number];

export const SOCIAL_LINK_TYPES = ['TWITTER', 'INSTAGRAM', 'FACEBOOK', 'YOUTUBE', 'WEBPAGE', 'OTHER'] as const;
export type SocialLinkType = (typeof SOCIAL_LINK_TYPES)[number];

export const LANGUAGES = ['SK', 'EN'] as const;
export type LanguageCode = (typeof LANGUAGES)[number];

export const ROLES = ['VISITOR', 'USER', 'COACH', 'JUDGE', 'ADMIN', 'SUPER_ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const FILE_KINDS = ['POSTER', 'ATTACHMENT', 'LOGO', 'PROFILE_PHOTO'] as const;
export type FileKind = (typeof FILE_KINDS)[number];
