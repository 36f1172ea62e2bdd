// `npm test`: lint, typecheck, every Vitest project and the Playwright browser tests, with one
// closing line of real totals. Lint and typecheck count as one check each.
// `npm test -- --server-only` runs just the server suite (CI runs it again on PostgreSQL).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverOnly = process.argv.includes('--server-only');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  } catch {
    return undefined;
  }
}

function countCheck(ok) {
  if (ok) totals.passed += 1;
  else totals.failed += 1;
}

function countVitest(ok, file) {
  const report = readJson(file);
  if (!report) return countCheck(false);
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += (report.numFailedTests ?? 0) + (ok || report.numFailedTests ? 0 : 1);
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

const vitestReport = serverOnly ? '.vitest-server-results.json' : '.vitest-results.json';
fs.rmSync(path.join(root, vitestReport), { force: true });

if (!serverOnly) {
  countCheck(run('lint', 'npx', ['eslint', '.', '--max-warnings=0']));
  countCheck(run('typecheck', 'npm', ['run', 'typecheck']));
}

const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`];
if (serverOnly) vitestArgs.push('--project', 'server');
countVitest(run(serverOnly ? 'server tests' : 'unit and integration tests', 'npx', vitestArgs), vitestReport);

if (!serverOnly) {
  if (fs.existsSync(chromium)) {
    fs.rmSync(path.join(root, '.e2e-results.json'), { force: true });
    const ok = run('browser tests (Playwright, system Chromium)', 'npm', ['test', '-w', 'e2e']);
    const report = readJson('.e2e-results.json');
    if (report?.stats) {
      totals.passed += report.stats.expected ?? 0;
      totals.failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
      totals.skipped += report.stats.skipped ?? 0;
      if (!ok && !report.stats.unexpected) totals.failed += 1;
    } else countCheck(false);
  } else {
    console.log(`\nChromium not found at ${chromium}: skipping the browser tests only (install it with: apt-get install -y chromium).`);
  }
}

fs.writeFileSync(path.join(root, serverOnly ? '.test-summary-server.json' : '.test-summary.json'), JSON.stringify(totals));
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed === 0 ? 0 : 1);
