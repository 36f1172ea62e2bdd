// `node scripts/e2e-durations.mjs [report.json ...]`: writes e2e/spec-durations.json, the seconds
// each browser spec took in the given Playwright JSON reports (default: the last run's shards), so
// scripts/test.mjs can spread the specs over its shards evenly. Run it after a full `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = process.argv.slice(2);
if (reports.length === 0) {
  for (const name of fs.readdirSync(root)) if (/^\.e2e-results(-\d+)?\.json$/.test(name)) reports.push(path.join(root, name));
}

const seconds = {};
const walk = (suite, file) => {
  const spec = suite.file ?? file;
  for (const entry of suite.specs ?? []) {
    for (const test of entry.tests ?? []) {
      for (const result of test.results ?? []) seconds[path.basename(spec)] = (seconds[path.basename(spec)] ?? 0) + result.duration / 1000;
    }
  }
  for (const child of suite.suites ?? []) walk(child, spec);
};
for (const report of reports) for (const suite of JSON.parse(fs.readFileSync(report, 'utf8')).suites ?? []) walk(suite);

const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)).map(([spec, total]) => [spec, Math.round(total)]));
fs.writeFileSync(path.join(root, 'e2e/spec-durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} specs, ${Object.values(sorted).reduce((sum, value) => sum + value, 0)} s in all`);
