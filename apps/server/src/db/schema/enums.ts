import { pgEnum } from 'drizzle-orm/pg-core';
import {
  CUP_TYPES,
  DISCIPLINES,
  FILE_KINDS,
  LANGUAGES,
  MIXED_RANKINGS,
  QUALIFICATION_GROUP_STATES,
  RACE_FORMATS,
  RACE_GENDERS,
  RACE_STATES,
  REGISTRATION_STATES,
  ROUND_STATES,
  SEXES,
  SOCIAL_LINK_TYPES,
  SPEED_STAGES,
  STAGES,
  STARTING_NUMBER_ORDERS,
} from '@climbing/domain';

/**
 * PostgreSQL enums, built from the domain's const arrays so the database, the zod schemas and the
 * UI pickers share one list. Adding a value later is an `ALTER TYPE ... ADD VALUE` migration.
 */
export const raceStateEnum = pgEnum('race_state', RACE_STATES);
export const qualificationGroupStateEnum = pgEnum('qualification_group_state', QUALIFICATION_GROUP_STATES);
/** Shared by rounds and speed elimination matches, as in the spec. */
export const roundStateEnum = pgEnum('round_state', ROUND_STATES);
export const registrationStateEnum = pgEnum('registration_state', REGISTRATION_STATES);
export const stageEnum = pgEnum('stage', STAGES);
export const speedStageEnum = pgEnum('speed_stage', SPEED_STAGES);
export const raceFormatEnum = pgEnum('race_format', RACE_FORMATS);
export const disciplineEnum = pgEnum('discipline', DISCIPLINES);
export const cupTypeEnum = pgEnum('cup_type', CUP_TYPES);
export const raceGenderEnum = pgEnum('race_gender', RACE_GENDERS);
export const mixedRankingEnum = pgEnum('mixed_ranking', MIXED_RANKINGS);
export const sexEnum = pgEnum('sex', SEXES);
export const startingNumberOrderEnum = pgEnum('starting_number_order', STARTING_NUMBER_ORDERS);
export const socialLinkTypeEnum = pgEnum('social_link_type', SOCIAL_LINK_TYPES);
export const languageEnum = pgEnum('language', LANGUAGES);
export const fileKindEnum = pgEnum('file_kind', FILE_KINDS);

/**
 * Values that exist only in storage, not in the spec's enumerations, so they live here rather than
 * in the domain package. APPLIED is a member's pending application; INVITED an admin's offer the
 * user has not accepted yet (adding an existing account needs its owner's consent); ACTIVE a
 * confirmed membership. Only ACTIVE gives rights.
 */
export const MEMBERSHIP_STATES = ['APPLIED', 'INVITED', 'ACTIVE'] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];
export const membershipStateEnum = pgEnum('membership_state', MEMBERSHIP_STATES);

/** What a score audit row records. */
export const SCORE_AUDIT_ACTIONS = [
  'BOULDERS_UPDATED',
  'LEAD_ROUTE_UPDATED',
  'SPEED_ROUTE_UPDATED',
  'ROUND_STATE_CHANGED',
  'ROUND_RESTARTED',
  'MATCH_UPDATED',
] as const;
export type ScoreAuditAction = (typeof SCORE_AUDIT_ACTIONS)[number];
export const scoreAuditActionEnum = pgEnum('score_audit_action', SCORE_AUDIT_ACTIONS);

/** Why an e-mail was queued; used for logs and for the demo mailbox. */
export const MAIL_KINDS = ['INVITATION', 'PASSWORD_RESET', 'SET_PASSWORD', 'EMAIL_CHANGE', 'CONTACT_MESSAGE', 'EVENT_UPDATE', 'REGISTRATION', 'OTHER'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];
export const mailKindEnum = pgEnum('mail_kind', MAIL_KINDS);
