import type { Page } from '@playwright/test';

/**
 * Texts of the main area drawn cut: an element that hides what overflows it (an ellipsis, or a
 * button's label clipped at its edge) while its text is wider than its box. Visually hidden texts
 * (1 px boxes for screen readers) do not count.
 */
export const cutTexts = (page: Page): Promise<string[]> =>
  page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => {
        const style = getComputedStyle(element);
        const hides = style.textOverflow === 'ellipsis' || style.overflowX === 'hidden' || style.overflowX === 'clip';
        const box = element.getBoundingClientRect();
        return hides && box.width > 1 && box.height > 1 && Boolean(element.textContent?.trim()) && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => `${element.className}: ${element.textContent?.trim().slice(0, 60)}`),
  );

/** How far the page reaches sideways (at most the window's width when nothing scrolls sideways). */
export const pageWidth = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollWidth);
