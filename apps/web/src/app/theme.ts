import { DEFAULT_THEME, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import badgeClasses from './badge.module.css';

/*
 * The theme's colours, made readable (WCAG 2.1 AA, 4.5:1 for text) at their source instead of per
 * component. Mantine's default palettes are light: white on green-6 ("Top" on the scorecard) is
 * 2.36:1, white on blue-6 3.56:1, gray-6 ("dimmed" text) 3.32:1, and the light variant's text
 * (shade 9 on shade 1) of yellow, orange, lime and green is below 4.5:1 too. Each palette keeps its
 * light shades 0-5 (backgrounds, borders) and has its shades 6-9 darkened, keeping the hue, until
 * each reaches a contrast against white: shade 6 (filled buttons and badges with white text,
 * outlines, coloured text) at least 5.1:1, so it stays above 4.5:1 on the light grey of striped
 * and hovered rows; the darker shades a step more each, so shade 9 on shade 1 (the light
 * variant) is well above 4.5:1 as well.
 */

/** The least contrast against white for shades 6, 7, 8 and 9. */
const TARGETS = [5.1, 5.9, 6.8, 7.7] as const;

const channels = (hex: string): [number, number, number] => [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16)) as [number, number, number];

/** The relative luminance of a #rrggbb colour (WCAG 2.1). */
export const relativeLuminance = (hex: string): number => {
  const [red, green, blue] = channels(hex).map((value) => {
    const share = value / 255;
    return share <= 0.03928 ? share / 12.92 : ((share + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
};

/** The contrast ratio of two #rrggbb colours, 1 to 21. */
export const contrastRatio = (first: string, second: string): number => {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
};

const toHex = (values: number[]): string => `#${values.map((value) => Math.round(value).toString(16).padStart(2, '0')).join('')}`;

/** The colour scaled towards black, one percent at a time, until it has `target` contrast with white. */
const darkenTo = (hex: string, target: number): string => {
  const start = channels(hex);
  let factor = 1;
  let result = hex;
  while (contrastRatio(result, '#ffffff') < target && factor > 0) {
    factor -= 0.01;
    result = toHex(start.map((value) => value * factor));
  }
  return result;
};

/** A palette whose shades 6-9 reach the targets above; shades already dark enough stay as they are. */
export const readablePalette = (palette: readonly string[]): MantineColorsTuple =>
  palette.map((shade, index) => (index < 6 ? shade : darkenTo(shade, TARGETS[index - 6]!))) as unknown as MantineColorsTuple;

/** Every palette but `dark` (the dark scheme's surfaces, not used as a colour of this light app). */
const colors = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors)
    .filter(([name]) => name !== 'dark')
    .map(([name, palette]) => [name, readablePalette(palette)]),
);

/**
 * A table wider than the screen scrolls in its own box; the box takes the keyboard focus (WCAG
 * 2.1.1, axe's scrollable-region-focusable) so it can be scrolled with the arrow keys. The native
 * scroll box is the focusable element itself (Mantine's ScrollArea would scroll an inner viewport).
 */
const components = {
  // Positioned, so visually hidden header texts (absolutely placed) stay inside the box and never widen the page.
  // A plain object rather than TableScrollContainer.extend(): importing the component would put its
  // ScrollArea (and Floating UI through it) into every page's first download.
  TableScrollContainer: { defaultProps: { type: 'native', tabIndex: 0, pos: 'relative' } },
  // A badge's label wraps rather than ending in an ellipsis: a state or presence word is never cut.
  Badge: { classNames: { root: badgeClasses.root, label: badgeClasses.label } },
};

export const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md', colors, components });

/**
 * Two texts Mantine colours outside the palettes' shade 6: the placeholder (gray-5, 2.07:1) and
 * the disabled text. Placeholders only hint (every field has a label), yet they are read, so they
 * take the dimmed colour too.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
