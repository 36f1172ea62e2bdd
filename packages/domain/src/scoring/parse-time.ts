const SECONDS_PATTERN = /^(?:(\d+):)?(\d+)(?:[.,](\d{1,3}))?$/;

/**
 * Parses a time typed by a judge into milliseconds (spec section 5): seconds ("5.21" -> 5210),
 * or minutes:seconds ("1:02.5" -> 62500). A comma is accepted as the decimal separator, as Slovak
 * keyboards type it. Anything else, including more than 3 decimals (finer than the timing
 * system), seconds of 60 or more after minutes, or an empty text, gives null.
 *
 * Digits are combined as integers so that "5.21" is exactly 5210, not 5209.999.
 */
export const parseTime = (text: string): number | null => {
  const match = SECONDS_PATTERN.exec(text.trim());
  if (match === null) return null;
  const [, minutesText, secondsText = '0', fractionText = ''] = match;
  const minutes = minutesText === undefined ? 0 : Number.parseInt(minutesText, 10);
  const seconds = Number.parseInt(secondsText, 10);
  if (minutesText !== undefined && seconds >= 60) return null;
  const milliseconds = Number.parseInt(fractionText.padEnd(3, '0'), 10);
  return (minutes * 60 + seconds) * 1000 + milliseconds;
};
