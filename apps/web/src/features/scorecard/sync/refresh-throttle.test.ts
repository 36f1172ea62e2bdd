import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { refreshThrottle } from './refresh-throttle';

/** A reload whose end the test decides. */
const controlledReload = () => {
  const ends: (() => void)[] = [];
  const reload = vi.fn(() => new Promise<void>((resolve) => ends.push(resolve)));
  return { reload, finish: async () => { ends.shift()!(); await vi.advanceTimersByTimeAsync(0); } };
};

describe('the racer list refresh on live updates', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts the first reload at once', () => {
    const { reload } = controlledReload();
    refreshThrottle(reload, 1000).request();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('never cancels or doubles a slow reload: updates meanwhile make one more reload after it', async () => {
    const { reload, finish } = controlledReload();
    const throttle = refreshThrottle(reload, 1000);
    throttle.request();
    // Thirty updates while the list takes 3 s to arrive over a bad signal.
    for (let update = 0; update < 30; update += 1) {
      await vi.advanceTimersByTimeAsync(100);
      throttle.request();
    }
    expect(reload).toHaveBeenCalledTimes(1);
    await finish();
    expect(reload).toHaveBeenCalledTimes(2);
    await finish();
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('starts at most one reload per interval, the last update served by a reload after it', async () => {
    const { reload, finish } = controlledReload();
    const throttle = refreshThrottle(reload, 1000);
    throttle.request();
    await finish();
    await vi.advanceTimersByTimeAsync(200);
    throttle.request();
    throttle.request();
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(799);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('goes on after a failed reload and does nothing once stopped', async () => {
    const reload = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const throttle = refreshThrottle(reload, 1000);
    throttle.request();
    await vi.advanceTimersByTimeAsync(0);
    throttle.request();
    await vi.advanceTimersByTimeAsync(1000);
    expect(reload).toHaveBeenCalledTimes(2);
    throttle.request();
    throttle.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
