import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a lazy page (or its data) may take to show its heading before the focus stays where it is. */
const WAIT_MS = 5000;

const headingIn = (container: HTMLElement): HTMLElement | null => container.querySelector<HTMLElement>('h1');

/**
 * After a client navigation (a new path; not the first page load, not a change of the query alone)
 * the focus moves to the new page's h1, so a screen reader announces the page and the keyboard goes
 * on from its top instead of from the body or a link that is gone. The heading is waited for:
 * pages are lazy and some head themselves with data they load. A field the user focused meanwhile
 * keeps the focus.
 */
export function useFocusHeadingOnNavigation(containerId: string): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const container = document.getElementById(containerId);
    if (!container) return;
    const startedWith = document.activeElement;
    const focus = (): boolean => {
      const heading = headingIn(container);
      if (!heading) return false;
      const active = document.activeElement;
      const userMovedOn = active !== startedWith && active !== document.body && active !== null && container.contains(active);
      if (!userMovedOn) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: true });
      }
      return true;
    };
    if (focus()) return;
    const observer = new MutationObserver(() => {
      if (focus()) stop();
    });
    const timer = window.setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(container, { childList: true, subtree: true });
    return stop;
  }, [pathname, containerId]);
}
