import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, readablePalette, theme } from './theme';

describe('theme colours', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#40c057', '#ffffff')).toBeCloseTo(2.36, 2);
  });

  it('gives white text on every filled colour and coloured text on white at least 4.5:1', () => {
    for (const [name, palette] of Object.entries(theme.colors ?? {})) {
      const shade6 = palette?.[6];
      expect(shade6, name).toBeDefined();
      expect(contrastRatio(shade6!, '#ffffff'), `${name}-6`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the light variant (shade 9 on shade 1) at least 4.5:1', () => {
    for (const [name, palette] of Object.entries(theme.colors ?? {})) {
      expect(contrastRatio(palette![9], palette![1]), name).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the light shades and the hue, and leaves dark enough shades alone', () => {
    const green = readablePalette(DEFAULT_THEME.colors.green);
    expect(green.slice(0, 6)).toEqual(DEFAULT_THEME.colors.green.slice(0, 6));
    expect(green[6]).not.toBe(DEFAULT_THEME.colors.green[6]);
    const gray = readablePalette(DEFAULT_THEME.colors.gray);
    expect(gray.slice(7)).toEqual(DEFAULT_THEME.colors.gray.slice(7));
  });
});
