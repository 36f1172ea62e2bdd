/**
 * IFSC World Cup ranking points from 2022, places 1–80 (RULES.md section 4). Index 0 is 1st place.
 */
export const IFSC_POINTS_TABLE: readonly number[] = Object.freeze([
  1000, 805, 690, 610, 545, 495, 455, 415, 380, 350,
  325, 300, 280, 260, 240, 220, 205, 185, 170, 155,
  145, 130, 120, 105, 95, 84, 73, 63, 56, 48,
  42, 37, 33, 30, 27, 24, 21, 19, 17, 15,
  14, 13, 12, 11, 11, 10, 9, 9, 8, 8,
  7, 7, 7, 6, 6, 6, 5, 5, 5, 4,
  4, 4, 4, 3, 3, 3, 3, 3, 2, 2,
  2, 2, 2, 2, 1, 1, 1, 1, 1, 1,
]);

/** The UIAA/IFSC table used before 2022, places 1–30. */
export const IFSC_POINTS_TABLE_PRE_2022: readonly number[] = Object.freeze([
  100, 80, 65, 55, 51, 47, 43, 40, 37, 34,
  31, 28, 26, 24, 22, 20, 18, 16, 14, 12,
  10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
]);
