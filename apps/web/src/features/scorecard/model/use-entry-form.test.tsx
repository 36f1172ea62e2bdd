import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useEntryForm } from './use-entry-form';

/*
 * Two judges on one lead route: what the second judge's save is based on decides whether it is a
 * conflict shown with both values or a correction of what the judge saw on the card.
 */
interface Props {
  shown: string;
  version: number;
  waiting: boolean;
}

const same = (a: string, b: string) => a.trim() === b.trim();
const card = (initial: Props) => renderHook((props: Props) => useEntryForm(props.shown, props.version, props.waiting, same), { initialProps: initial });

describe('useEntryForm', () => {
  it('an untouched card follows the other judge’s newer value and saves on its version: a correction of what was shown', () => {
    const { result, rerender } = card({ shown: '', version: 0, waiting: false });
    rerender({ shown: '37', version: 1, waiting: false });
    expect(result.current.form).toBe('37');
    expect(result.current.base).toBe(1);
    act(() => result.current.setForm('38'));
    expect(result.current.base).toBe(1);
  });

  it('a card changed before the other judge’s value arrived keeps its value and its old base: the save is a conflict, not an overwrite', () => {
    const { result, rerender } = card({ shown: '', version: 0, waiting: false });
    act(() => result.current.setForm('38'));
    rerender({ shown: '37', version: 1, waiting: false });
    expect(result.current.form).toBe('38');
    expect(result.current.base).toBe(0);
    // Later values of the other judge do not move the base either, until the judge saves.
    rerender({ shown: '39', version: 2, waiting: false });
    expect(result.current.form).toBe('38');
    expect(result.current.base).toBe(0);
  });

  it('a typed value equal to the newer stored one follows it: nothing to tell the judge apart', () => {
    const { result, rerender } = card({ shown: '', version: 0, waiting: false });
    act(() => result.current.setForm('37'));
    rerender({ shown: '37', version: 1, waiting: false });
    expect(result.current.base).toBe(1);
  });

  it('ignores an older version read after a newer one, and versions while its own entry waits', () => {
    const { result, rerender } = card({ shown: '37', version: 3, waiting: false });
    rerender({ shown: '30', version: 2, waiting: false });
    expect(result.current.form).toBe('37');
    expect(result.current.base).toBe(3);
    act(() => result.current.setForm('41'));
    rerender({ shown: '41', version: 3, waiting: true });
    rerender({ shown: '41', version: 4, waiting: true });
    expect(result.current.base).toBe(3);
    // Its own save came back: the form rests on it.
    rerender({ shown: '41', version: 4, waiting: false });
    expect(result.current.base).toBe(4);
    expect(result.current.form).toBe('41');
  });
});
