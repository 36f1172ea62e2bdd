import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The same as the web files beside them (Vitest wants one worker count per group).
    maxWorkers: 2,
  },
});
