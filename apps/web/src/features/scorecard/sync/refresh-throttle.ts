/**
 * Reloads on request, but never two at once and at most one start per `intervalMs`: a request
 * while a reload runs (or too soon after one started) is kept and served once, after it. On a
 * phone with bad signal a reload of the racer list may take seconds; the live stream asks for one
 * up to ten times a second, and a reload that each request cancels and starts again would never
 * finish.
 */
export function refreshThrottle(reload: () => Promise<unknown>, intervalMs: number): { request(): void; stop(): void } {
  let running = false;
  let wanted = false;
  let stopped = false;
  let lastStart = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const start = (): void => {
    timer = undefined;
    if (stopped) return;
    wanted = false;
    running = true;
    lastStart = Date.now();
    void reload()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (wanted) request();
      });
  };

  const request = (): void => {
    if (stopped) return;
    if (running || timer !== undefined) {
      wanted = wanted || running;
      return;
    }
    const wait = lastStart + intervalMs - Date.now();
    if (wait <= 0) start();
    else timer = setTimeout(start, wait);
  };

  return {
    request,
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}
