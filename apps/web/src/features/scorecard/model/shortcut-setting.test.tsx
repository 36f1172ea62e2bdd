import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHORTCUTS_STORAGE_KEY, useShortcutsEnabled } from './shortcut-setting';

/** A device whose pointers match these media queries, read at each call (jsdom has no pointer at all). */
const pointers = (matching: readonly string[] | (() => readonly string[])) => {
  const changes = new Set<() => void>();
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: (typeof matching === 'function' ? matching() : matching).includes(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: (_type: string, listener: () => void) => changes.add(listener),
      removeEventListener: (_type: string, listener: () => void) => changes.delete(listener),
      dispatchEvent: () => false,
    })),
  );
  return changes;
};

const PHONE = ['(pointer: coarse)', '(any-pointer: coarse)'];
const LAPTOP = ['(pointer: fine)', '(any-pointer: fine)'];
/** A touch screen laptop, or a tablet with a trackpad: a finger and a fine pointer. */
const TOUCH_LAPTOP = ['(pointer: fine)', '(any-pointer: fine)', '(any-pointer: coarse)'];

describe('scorecard shortcut setting', () => {
  afterEach(() => {
    window.localStorage.clear();
    vi.unstubAllGlobals();
  });

  it('is on until turned off, and remembers the choice on the device', () => {
    pointers(LAPTOP);
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

  it('is off on a touch screen without a mouse or trackpad, where a stray key would enter marks', () => {
    pointers(PHONE);
    expect(renderHook(() => useShortcutsEnabled()).result.current[0]).toBe(false);
    expect(window.localStorage.getItem(SHORTCUTS_STORAGE_KEY)).toBeNull();
  });

  it('is on where a fine pointer is there too', () => {
    pointers(TOUCH_LAPTOP);
    expect(renderHook(() => useShortcutsEnabled()).result.current[0]).toBe(true);
  });

  it('keeps the judge’s choice on a phone: turned on, they stay on', () => {
    pointers(PHONE);
    const first = renderHook(() => useShortcutsEnabled());
    act(() => first.result.current[1](true));
    expect(first.result.current[0]).toBe(true);
    first.unmount();
    expect(renderHook(() => useShortcutsEnabled()).result.current[0]).toBe(true);
  });

  it('keeps a choice made before this default: turned off on a laptop, they stay off', () => {
    window.localStorage.setItem(SHORTCUTS_STORAGE_KEY, 'off');
    pointers(LAPTOP);
    expect(renderHook(() => useShortcutsEnabled()).result.current[0]).toBe(false);
  });

  it('follows the device while the judge has not chosen: a mouse plugged into a tablet turns them on', () => {
    let matching = PHONE;
    const changes = pointers(() => matching);
    const hook = renderHook(() => useShortcutsEnabled());
    expect(hook.result.current[0]).toBe(false);
    matching = TOUCH_LAPTOP;
    act(() => {
      for (const change of changes) change();
    });
    expect(hook.result.current[0]).toBe(true);
  });
});
