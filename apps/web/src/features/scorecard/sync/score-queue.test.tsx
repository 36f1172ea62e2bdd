import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEND_TIMEOUT_MS, sendWithFetch } from './score-queue';

const request = { method: 'PUT' as const, path: '/api/racer/9/round/55', key: 'key-12345678', body: { boulders: [] } };

describe('sending one entry', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('gives a request up after the time limit, so the entry is sent again and later ones are not held', async () => {
    const limit = new AbortController();
    const timeout = vi.spyOn(AbortSignal, 'timeout').mockReturnValue(limit.signal);
    // The hall's network swallows the request: no answer until the signal ends it.
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))),
    );
    const answer = sendWithFetch(request);
    limit.abort(new DOMException('signal timed out', 'TimeoutError'));
    await expect(answer).resolves.toEqual({ status: 'NETWORK' });
    expect(timeout).toHaveBeenCalledWith(SEND_TIMEOUT_MS);
  });

  it('counts an answer whose body is cut off by the time limit as no answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ status: 200, json: () => Promise.reject(new DOMException('signal timed out', 'TimeoutError')) })),
    );
    await expect(sendWithFetch(request)).resolves.toEqual({ status: 'NETWORK' });
  });

  it('reads an answer without JSON by its status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })));
    await expect(sendWithFetch(request)).resolves.toEqual({ status: 502, body: null });
  });
});
