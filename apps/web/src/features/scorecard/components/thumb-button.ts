/**
 * Props of a scorecard button at phone width: at least 48 px high for a thumb, and its label wraps
 * onto a second line instead of being cut ("Save correction", "Ďalší pretekár" at 360 px).
 */
export const thumbButton = { h: 'auto', mih: 48, py: 6, styles: { label: { whiteSpace: 'normal', textAlign: 'center' } } } as const;
