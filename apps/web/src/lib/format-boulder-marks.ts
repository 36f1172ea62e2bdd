/** The marks of one boulder in the usual short form. */
export interface BoulderMarkValues {
  topAttempts: number | null;
  zoneAttempts: number | null;
}

/** "T2 Z1" (top on the 2nd attempt, zone on the 1st), "Z3", or "" when neither was reached. */
export const formatBoulderMarks = (boulder: BoulderMarkValues): string =>
  [boulder.topAttempts !== null ? `T${boulder.topAttempts}` : null, boulder.zoneAttempts !== null ? `Z${boulder.zoneAttempts}` : null]
    .filter((part) => part !== null)
    .join(' ');

/** "T2 Z1 (3)": the marks with the attempts made, or "– (0)". */
export const formatMarksWithAttempts = (value: BoulderMarkValues & { currentAttempt: number }): string => `${formatBoulderMarks(value) || '–'} (${value.currentAttempt})`;
