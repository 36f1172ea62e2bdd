// `npm test`: lint, typecheck, every Vitest project and the Playwright browser tests, with one
// closing line of real totals. Lint and typecheck count as one check each.
// `npm test -- --server-only` runs just the server suite (CI runs it again on PostgreSQL).
import { spawn, spawnSync } from 'node:child_process';
import os from 'node:os';
import readline from 'node:readline';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverOnly = process.argv.includes('--server-only');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };
// The names of what failed, printed again beside the closing totals (and kept in the summary file for
// .ci/run), so the last lines of a long run say which tests to look at.
const failures = [];
// The browser tests run in shards side by side, each with its own server, port and data directory:
// on two cores that takes about two thirds of the time one after the other. E2E_SHARDS=1 runs one.
const e2eShards = Math.max(1, Number(process.env.E2E_SHARDS ?? Math.min(2, os.availableParallelism())));

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${label}: ${result.status === 0 ? 'ok' : 'failed'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  return result.status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  } catch {
    return undefined;
  }
}

function countCheck(ok, label) {
  if (ok) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
}

function countVitest(ok, file) {
  const report = readJson(file);
  if (!report) return countCheck(false, `vitest: no report in ${file}`);
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += (report.numFailedTests ?? 0) + (ok || report.numFailedTests ? 0 : 1);
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const fileResult of report.testResults ?? []) {
    const name = path.relative(root, fileResult.name ?? '');
    const failedTests = (fileResult.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(`${name} > ${test.fullName ?? test.title}`);
    if (!failedTests.length && fileResult.status === 'failed') failures.push(`${name}: ${(fileResult.message ?? 'failed').split('\n')[0]}`);
  }
  if (!ok && !report.numFailedTests && !failures.length) failures.push('vitest: exited with an error');
}

/** Every test of a Playwright JSON report that did not pass on its first try, as "file:line title". */
function playwrightFailures(suite, titles = []) {
  const found = [];
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected' || test.status === 'flaky') {
        found.push(`${spec.file}:${spec.line} ${[...titles, spec.title].join(' > ')}${test.status === 'flaky' ? ' (flaky)' : ''}`);
      }
    }
  }
  for (const child of suite.suites ?? []) found.push(...playwrightFailures(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles));
  return found;
}

const vitestReport = serverOnly ? '.vitest-server-results.json' : '.vitest-results.json';
fs.rmSync(path.join(root, vitestReport), { force: true });

/**
 * Runs commands side by side (lint and typecheck each keep one core busy for a minute), each one's
 * output printed whole when it ends so the two do not interleave. Resolves to each one's success.
 */
function runTogether(jobs) {
  return Promise.all(
    jobs.map(
      ({ label, command, args }) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => {
            console.log(`\n=== ${label} ===`);
            process.stdout.write(Buffer.concat(output));
            console.log(`=== ${label}: ${code === 0 ? 'ok' : 'failed'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
            resolve(code === 0);
          });
        }),
    ),
  );
}

if (!serverOnly) {
  const checks = await runTogether([
    { label: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'] },
    { label: 'typecheck', command: 'npm', args: ['run', 'typecheck'] },
  ]);
  checks.forEach((ok, index) => countCheck(ok, ['lint', 'typecheck'][index]));
}

const vitestArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${vitestReport}`];
if (serverOnly) vitestArgs.push('--project', 'server');
countVitest(run(serverOnly ? 'server tests' : 'unit and integration tests', 'npx', vitestArgs), vitestReport);

if (!serverOnly) {
  if (fs.existsSync(chromium)) await browserTests();
  else {
    console.log(`\nChromium not found at ${chromium}: skipping the browser tests only (install it with: apt-get install -y chromium).`);
  }
}

fs.writeFileSync(path.join(root, serverOnly ? '.test-summary-server.json' : '.test-summary.json'), JSON.stringify({ ...totals, failures }));
if (failures.length) console.log(`\nFailed:\n${failures.map((name) => `  ${name}`).join('\n')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed === 0 ? 0 : 1);

/**
 * Spreads the spec files over the shards by their recorded duration (e2e/spec-durations.json, in
 * seconds; a new spec counts as the median), longest first onto the shard with the least so far.
 */
function splitSpecs(count) {
  const specs = fs.readdirSync(path.join(root, 'e2e/tests')).filter((name) => name.endsWith('.spec.ts')).sort();
  const recorded = readJson('e2e/spec-durations.json') ?? {};
  const known = Object.values(recorded).sort((a, b) => a - b);
  const fallback = known.length ? known[Math.floor(known.length / 2)] : 30;
  const shards = Array.from({ length: count }, () => ({ seconds: 0, specs: [] }));
  for (const spec of specs.sort((a, b) => (recorded[b] ?? fallback) - (recorded[a] ?? fallback))) {
    const lightest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    lightest.seconds += recorded[spec] ?? fallback;
    lightest.specs.push(`tests/${spec}`);
  }
  return shards.filter((shard) => shard.specs.length > 0);
}

/** Runs one shard's specs on its own port, prefixing its output so the two logs stay readable. */
function runShard(index, specs) {
  const report = path.join(root, `.e2e-results-${index}.json`);
  fs.rmSync(report, { force: true });
  const env = { ...process.env, E2E_PORT: String(3917 + index * 10), E2E_REPORT: report, E2E_OUTPUT_DIR: `test-results/shard-${index + 1}`, SKIP_WEB_BUILD: '1' };
  const child = spawn('npx', ['playwright', 'test', ...specs], { cwd: path.join(root, 'e2e'), env, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => console.log(`[e2e ${index + 1}] ${line}`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve({ ok: code === 0, report: readJson(path.relative(root, report)) })));
}

async function browserTests() {
  const label = 'browser tests (Playwright, system Chromium)';
  // One build before the shards, so their servers do not build the same files at once.
  if (!run('build for the browser tests', process.execPath, ['scripts/start.mjs', '--build-only'])) return countCheck(false, 'build for the browser tests');
  const shards = splitSpecs(e2eShards);
  console.log(`\n=== ${label}, ${shards.length} shard(s) ===`);
  shards.forEach((shard, index) => console.log(`[e2e ${index + 1}] ${shard.specs.length} specs, about ${Math.round(shard.seconds)} s recorded`));
  const started = Date.now();
  const results = await Promise.all(shards.map((shard, index) => runShard(index, shard.specs)));
  const ok = results.every((result) => result.ok);
  console.log(`=== ${label}: ${ok ? 'ok' : 'failed'} in ${Math.round((Date.now() - started) / 1000)} s ===`);
  results.forEach(({ ok: shardOk, report }, index) => {
    if (!report?.stats) return countCheck(false, `browser shard ${index + 1}: no report`);
    totals.passed += report.stats.expected ?? 0;
    totals.failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
    totals.skipped += report.stats.skipped ?? 0;
    for (const suite of report.suites ?? []) failures.push(...playwrightFailures(suite));
    for (const error of report.errors ?? []) failures.push(`browser shard ${index + 1}: ${String(error.message ?? error).split('\n')[0]}`);
    if (!shardOk && !report.stats.unexpected) {
      totals.failed += 1;
      failures.push(`browser shard ${index + 1}: exited with an error`);
    }
  });
}
