import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { LiveStatusBadge } from './live-status-badge';

describe('LiveStatusBadge', () => {
  it('says "Live" while the race runs, and that it is finished once it is (a finished race looked live)', () => {
    const { unmount } = renderWithProviders(<LiveStatusBadge status="live" />);
    expect(screen.getByTestId('live-status')).toHaveTextContent('Live');
    unmount();
    renderWithProviders(<LiveStatusBadge status="live" finished />, 'sk');
    expect(screen.getByTestId('live-status')).toHaveTextContent('Ukončené');
    expect(screen.getByTestId('live-status')).toHaveAttribute('data-status', 'finished');
  });

  it('still says when the connection is lost, finished or not', () => {
    renderWithProviders(<LiveStatusBadge status="reconnecting" finished />);
    expect(screen.getByTestId('live-status')).toHaveTextContent('Reconnecting…');
  });
});
