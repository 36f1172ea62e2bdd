import { Title } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The opened racer's name, heading the scorecard. It takes the focus when a racer is opened, so a
 * screen reader says whom the judge now scores and the keyboard goes on from the card, not from
 * the top of the page.
 */
export function RacerHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Title ref={heading} order={2} size="h4" tabIndex={-1} data-testid="scorecard-racer" style={{ outlineOffset: 2 }}>
      {children}
    </Title>
  );
}
