import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // Each worker holds a WASM PostgreSQL per test file; two workers fit two cores.
    pool: 'forks',
    maxWorkers: 2,
    // A different worker count needs its own group: the server files run after domain and web.
    sequence: { groupOrder: 1 },
  },
});
