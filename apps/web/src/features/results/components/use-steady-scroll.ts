import { useEffect, useLayoutEffect, useMemo } from 'react';

/** The app's fixed header (app-layout.module.css): what lies under it is not in view. */
const HEADER_PX = 60;
const ROW = '[data-testid^="result-row-"]';

/**
 * The row the reader last tapped (to open its boulders, say): the one they follow, while it is in
 * view. A tap, not a touch: a swipe to scroll starts on whatever row is under the thumb.
 */
let tapped: Element | null = null;
const noteTap = (event: Event) => {
  tapped = event.target instanceof Element ? event.target.closest(ROW) : null;
};

/** The results row (a card or a table row) the reader looks at, and where it is on the screen. */
const rowInView = (): { row: Element; top: number } | null => {
  if (typeof document === 'undefined' || window.scrollY === 0) return null;
  const box = tapped?.isConnected ? tapped.getBoundingClientRect() : null;
  const row = box && box.bottom > HEADER_PX && box.top < window.innerHeight ? tapped : document.elementFromPoint(window.innerWidth / 2, (HEADER_PX + window.innerHeight) / 2)?.closest(ROW);
  return row ? { row, top: row.getBoundingClientRect().top } : null;
};

/**
 * Keeps the results row a reader looks at (the one they last tapped while it is in view, else the
 * one in the middle of the screen) where it is on the screen when a live update re-orders or
 * resizes the rows: the row is noted while the page still shows the rows before the update (during
 * the render that brings it), and once the update is drawn the page scrolls by as much as the row
 * moved. A racer watched while climbing up the ranking stays in view. The browser's own scroll
 * anchoring is off for the rows (`overflow-anchor: none` on the board): it anchored on a row of its
 * choosing, and the watched row could end up under the header or far off the screen.
 */
export function useSteadyScroll(update: unknown): void {
  useEffect(() => {
    document.addEventListener('click', noteTap, { passive: true });
    return () => document.removeEventListener('click', noteTap);
  }, []);
  // Read once per update, before its rows are in the page (a read of the layout, the same on every call).
  const watched = useMemo(rowInView, [update]);
  useLayoutEffect(() => {
    if (!watched?.row.isConnected) return;
    const moved = watched.row.getBoundingClientRect().top - watched.top;
    if (Math.abs(moved) >= 1) window.scrollBy({ top: moved, behavior: 'instant' });
  }, [watched]);
}
