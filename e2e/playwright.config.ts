import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// A fixed high port keeps the config synchronous; set E2E_PORT when it is taken.
const port = Number(process.env.E2E_PORT ?? 3917);
const baseURL = `http://127.0.0.1:${port}`;

// Every run starts on an empty database. Workers load this file too and inherit the variable,
// so only the main process creates the directory (removed again by global-teardown.ts).
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'climbing-e2e-'));

// Keep in step with support/app.ts, which logs in with these credentials.
const ADMIN = { email: 'admin@example.com', password: 'Admin12345' } as const;

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/test.mjs runs shards side by side, each with its own port, data directory and report.
  reporter: [['list'], ['json', { outputFile: process.env.E2E_REPORT ?? '../.e2e-results.json' }]],
  // Each shard its own artefacts folder: Playwright empties it at the start of a run, and both
  // shards' first worker would otherwise write its traces to the same .playwright-artifacts-0.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  globalTeardown: './support/global-teardown.ts',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    locale: 'en-US',
    launchOptions: {
      // The system Chromium: no browser download, ever.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  },
});
