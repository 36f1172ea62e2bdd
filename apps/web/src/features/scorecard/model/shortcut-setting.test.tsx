import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SHORTCUTS_STORAGE_KEY, useShortcutsEnabled } from './shortcut-setting';

describe('scorecard shortcut setting', () => {
  afterEach(() => window.localStorage.clear());

  it('is on until turned off, and remembers the choice on the device', () => {
    const first = renderHook(() => useShortcutsEnabled());
    expect(first.result.current[0]).toBe(true);
    act(() => first.result.current[1](false));
    expect(first.result.current[0]).toBe(false);
    expect(window.localStorage.getItem(SHORTCUTS_STORAGE_KEY)).toBe('off');
    first.unmount();
    const later = renderHook(() => useShortcutsEnabled());
    expect(later.result.current[0]).toBe(false);
    act(() => later.result.current[1](true));
    expect(later.result.current[0]).toBe(true);
  });
});
