import { Group, Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { STATUS_HEIGHT_VAR } from './sync-status';

/** The app's header above the sticky status bar (AppShell header height). */
const HEADER_PX = 60;

/**
 * Scrolls the page so that the element's top is just below what sticks at the top of the
 * scorecard (the app header, the status bar and the opened racer's name), not underneath them.
 */
export function revealBelowStickyBars(element: Element): void {
  const covered = Math.max(
    HEADER_PX,
    ...[...document.querySelectorAll('[data-testid="sync-status"], [data-testid="racer-card-header"]')].map((bar) => bar.getBoundingClientRect().bottom),
  );
  window.scrollBy({ top: element.getBoundingClientRect().top - covered - 8, behavior: 'instant' });
}

/**
 * The opened racer's name, heading the scorecard. It takes the focus when a racer is opened, so a
 * screen reader says whom the judge now scores and the keyboard goes on from the card, not from
 * the top of the page. When it opens low on the screen (a phone: the racer search and the stage
 * and boulder choices above it), the page scrolls it up under the status bar, so the mark buttons
 * are under the thumb without a scroll per racer.
 */
export function RacerHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const element = heading.current;
    if (!element) return;
    element.focus({ preventScroll: true });
    const top = element.getBoundingClientRect().top;
    if (top > window.innerHeight / 3 && document.documentElement.scrollHeight > window.innerHeight) {
      const status = document.querySelector('[data-testid="sync-status"]')?.getBoundingClientRect().height ?? 0;
      window.scrollTo({ top: window.scrollY + top - HEADER_PX - status - 8, behavior: 'instant' });
    }
  }, []);
  return (
    <Title ref={heading} order={2} size="h4" tabIndex={-1} data-testid="scorecard-racer" style={{ outlineOffset: 2 }}>
      {children}
    </Title>
  );
}

/**
 * The opened racer's name (and the round's state) heading a scorecard card. It sticks under the
 * status bar while the card scrolls, so on a phone the judge always sees whom the marks are for;
 * it must be a direct child of the card, which it sticks within. What else is said about the
 * racer (club, group) scrolls away below it.
 */
export function RacerCardHeader({ children, badge }: { children: ReactNode; badge: ReactNode }) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      align="flex-start"
      gap="xs"
      py={4}
      data-testid="racer-card-header"
      style={{
        position: 'sticky',
        top: `calc(${HEADER_PX}px + var(${STATUS_HEIGHT_VAR}, 0px))`,
        zIndex: 40,
        background: 'var(--mantine-color-body)',
        // A band of the page's colour under it: the sliver of a line scrolling beneath (the racer's
        // "club · country · group", a descender or a lone "·") is not left showing under the name.
        boxShadow: '0 6px 0 var(--mantine-color-body)',
      }}
    >
      <RacerHeading>{children}</RacerHeading>
      {badge}
    </Group>
  );
}
