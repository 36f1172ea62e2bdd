/**
 * Formats milliseconds as seconds with 3 decimals, the entry and display format of spec
 * section 5: 5210 -> "5.210", 62500 -> "62.500". Integer arithmetic avoids float rounding.
 */
export const formatTime = (ms: number): string => {
  const whole = Math.round(ms);
  const seconds = Math.floor(whole / 1000);
  const milliseconds = whole - seconds * 1000;
  return `${seconds}.${String(milliseconds).padStart(3, '0')}`;
};
