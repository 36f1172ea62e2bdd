import { defineConfig } from 'vitest/config';

// One run over every workspace's tests; each workspace keeps its own config.
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
