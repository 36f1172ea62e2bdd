// `npm start`: build the web app and compile the server when their sources are newer than their
// builds, then run the compiled server (API and web app on one port) in this process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'];
const builtServer = path.join(root, 'apps/server/dist/main.mjs');
// The live fan-out process's module, forked by the server (docs/judging-and-live.md).
const builtFanOut = path.join(root, 'apps/server/dist/live-fan-out-process.mjs');
const serverSources = ['apps/server/src', 'apps/server/scripts/build.mjs', 'apps/server/package.json', 'packages/domain/src'];

function newestModification(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestModification(path.join(target, entry)));
  return newest;
}

const builtAt = (file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0);
const newestOf = (sources) => Math.max(...sources.map((source) => newestModification(path.join(root, source))));
if (process.env.SKIP_WEB_BUILD !== '1' && newestOf(webSources) > builtAt(builtIndex)) {
  console.log('Building the web app...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

if (newestOf(serverSources) > Math.min(builtAt(builtServer), builtAt(builtFanOut))) {
  console.log('Compiling the server...');
  const { buildServer } = await import(pathToFileURL(path.join(root, 'apps/server/scripts/build.mjs')).href);
  await buildServer();
}

// `node scripts/start.mjs --build-only`: bring both builds up to date and stop (the browser tests
// build once before their shards start servers side by side).
if (process.argv.includes('--build-only')) process.exit(0);

// Stack traces point into the TypeScript sources through the bundle's source map.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(builtServer).href);
