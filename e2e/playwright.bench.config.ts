import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// `npm run bench:pages`: the benchmarks in bench/ against the same production server as the e2e tests.
export default defineConfig({
  ...base,
  testDir: './bench',
  testMatch: '*.bench.ts',
  timeout: 15 * 60_000,
  reporter: [['list']],
});
