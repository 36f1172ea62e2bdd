import type { LeadStyle, Stage } from '../model/enums.ts';

/** The result style of each lead stage (spec 4 "Lead result styles: flash, on-sight"). */
export interface LeadStyles {
  qualificationStyle: LeadStyle;
  semifinalStyle: LeadStyle;
  finalStyle: LeadStyle;
}

/**
 * IFSC practice: qualification routes are shown (demonstrated) and climbed flash, semi-final and
 * final routes are climbed on-sight after an observation period.
 */
export const DEFAULT_LEAD_STYLES: LeadStyles = { qualificationStyle: 'FLASH', semifinalStyle: 'ON_SIGHT', finalStyle: 'ON_SIGHT' };

const FIELD_OF_STAGE: Record<Stage, keyof LeadStyles> = { QUALIFICATION: 'qualificationStyle', SEMIFINAL: 'semifinalStyle', FINAL: 'finalStyle' };

/** The style of a stage from a race's lead settings; settings saved before styles existed get the defaults. */
export const leadStyleOf = (settings: Partial<LeadStyles> | null | undefined, stage: Stage): LeadStyle =>
  settings?.[FIELD_OF_STAGE[stage]] ?? DEFAULT_LEAD_STYLES[FIELD_OF_STAGE[stage]];
