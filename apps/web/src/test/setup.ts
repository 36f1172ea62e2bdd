import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { clearMemoryStore } from '../lib/device-store';

// findBy* and waitFor wait up to 1 s by default: too tight on a busy 2-core machine, where CI
// saw a toast take longer to render. The test timeout (vitest.config.ts) stays the limit.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs that Mantine relies on.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (typeof window.ResizeObserver !== 'function') window.ResizeObserver = ResizeObserverStub;

if (typeof Element.prototype.scrollIntoView !== 'function') Element.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // The judge's queue and offline answers live in memory without IndexedDB: each test starts empty.
  clearMemoryStore();
});

// Mantine's autosize Textarea listens to font loading, which jsdom does not implement.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() } });
}
