// Start-up time and memory of the server: the compiled bundle (`npm start`) against the same
// server run through tsx, alternated on one data directory so both see the same machine load.
// Usage: node apps/server/bench/startup.bench.mjs [rounds=5]   (builds dist/main.mjs first)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer } from '../scripts/build.mjs';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rounds = Number(process.argv[2] ?? 5);
const port = 3971;
const dataDir = mkdtempSync(path.join(tmpdir(), 'climbing-startup-'));
const variants = {
  compiled: ['--enable-source-maps', path.join(serverRoot, 'dist/main.mjs')],
  tsx: ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')],
};

const rssKb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

async function startOnce(args) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'Bench-Start-42' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const readyMs = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 500));
  const rss = rssKb(child.pid);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  return { readyMs, rssMb: rss / 1024 };
}

await buildServer();
await startOnce(variants.compiled); // migrates the fresh data directory once, outside the figures
const results = { compiled: [], tsx: [] };
for (let round = 0; round < rounds; round += 1) {
  for (const name of round % 2 === 0 ? ['compiled', 'tsx'] : ['tsx', 'compiled']) results[name].push(await startOnce(variants[name]));
}
rmSync(dataDir, { recursive: true, force: true });

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = Object.fromEntries(Object.entries(results).map(([name, runs]) => [name, { readyMs: median(runs.map((run) => run.readyMs)), rssMb: median(runs.map((run) => run.rssMb)) }]));
for (const [name, figures] of Object.entries(summary)) console.log(`${name.padEnd(9)} ready in ${figures.readyMs.toFixed(0)} ms, RSS ${figures.rssMb.toFixed(1)} MB (median of ${rounds})`);
console.log(`compiled / tsx: start-up ${(summary.compiled.readyMs / summary.tsx.readyMs).toFixed(2)}x, memory ${(summary.compiled.rssMb / summary.tsx.rssMb).toFixed(2)}x`);
