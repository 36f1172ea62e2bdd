import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { useToast } from './toast-context';
import type { ToastMessage } from './toast-types';

function Trigger({ toasts }: { toasts: ToastMessage[] }) {
  const { notify } = useToast();
  return (
    <button type="button" onClick={() => toasts.forEach(notify)}>
      raise
    </button>
  );
}

const raise = (toasts: ToastMessage[], language: 'en' | 'sk' = 'en') => {
  renderWithProviders(<Trigger toasts={toasts} />, language);
  fireEvent.click(screen.getByRole('button', { name: 'raise' }));
};

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('toast queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows queued toasts one at a time, each for the default 5000 ms', () => {
    raise([
      { type: 'error', message: 'first' },
      { type: 'success', message: 'second' },
    ]);
    expect(screen.getByText('first')).toBeInTheDocument();
    expect(screen.queryByText('second')).not.toBeInTheDocument();

    advance(4999);
    expect(screen.getByText('first')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('first')).not.toBeInTheDocument();
    expect(screen.getByText('second')).toBeInTheDocument();

    // The second toast's timer starts when it appears, not when it was queued.
    advance(4999);
    expect(screen.getByText('second')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('second')).not.toBeInTheDocument();
  });

  it('replaces a shown toast of the same kind at once, with a fresh timer', () => {
    renderWithProviders(<Trigger toasts={[{ type: 'success', message: 'Presence confirmed.' }]} />);
    fireEvent.click(screen.getByRole('button', { name: 'raise' }));
    advance(3000);
    fireEvent.click(screen.getByRole('button', { name: 'raise' }));
    // The same text again: one toast, its timer started anew.
    expect(screen.getAllByText('Presence confirmed.')).toHaveLength(1);
    advance(4999);
    expect(screen.getByText('Presence confirmed.')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Presence confirmed.')).not.toBeInTheDocument();
  });

  it('replaces waiting toasts of the same kind and keeps the other kinds in order', () => {
    raise([
      { type: 'error', message: 'failed' },
      { type: 'success', message: 'stale' },
      { type: 'warning', message: 'careful' },
      { type: 'success', message: 'fresh' },
      { type: 'success', kind: 'group', message: 'group moved' },
    ]);
    expect(screen.getByText('failed')).toBeInTheDocument();
    advance(5000);
    expect(screen.getByText('careful')).toBeInTheDocument();
    advance(5000);
    expect(screen.getByText('fresh')).toBeInTheDocument();
    advance(5000);
    expect(screen.getByText('group moved')).toBeInTheDocument();
    advance(5000);
    expect(screen.queryByText('stale')).not.toBeInTheDocument();
  });

  it('honours a per-message timer', () => {
    raise([{ type: 'warning', message: 'short', timer: 1000 }]);
    advance(999);
    expect(screen.getByText('short')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('short')).not.toBeInTheDocument();
  });

  it('stays open past its timer while hovered and closes when the mouse leaves', () => {
    raise([
      { type: 'error', message: 'hovered' },
      { type: 'success', message: 'next' },
    ]);
    const toast = screen.getByRole('alert');
    advance(1000);
    fireEvent.mouseEnter(toast);
    advance(20_000);
    expect(screen.getByText('hovered')).toBeInTheDocument();
    expect(screen.queryByText('next')).not.toBeInTheDocument();

    fireEvent.mouseLeave(toast);
    expect(screen.queryByText('hovered')).not.toBeInTheDocument();
    expect(screen.getByText('next')).toBeInTheDocument();
  });

  it('titles a toast with its translated type unless a title is given, and marks errors as alerts', () => {
    raise(
      [
        { type: 'error', message: 'broken' },
        { type: 'warning', title: 'Own title', message: 'careful' },
      ],
      'sk',
    );
    const error = screen.getByRole('alert');
    expect(error).toHaveTextContent('Chyba');
    expect(error).toHaveAttribute('data-toast-type', 'error');
    expect(error.querySelector('svg')).not.toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Zavrieť oznámenie' }));
    expect(screen.getByRole('status')).toHaveTextContent('Own title');
  });

  it('shows success without an icon', () => {
    raise([{ type: 'success', message: 'done' }]);
    const toast = screen.getByRole('status');
    expect(toast).toHaveTextContent('Success');
    expect(toast.querySelector('svg:not(button svg)')).toBeNull();
  });
});
