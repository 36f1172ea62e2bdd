// Compiles the server into one JavaScript module (dist/main.mjs, and the live fan-out process's
// dist/live-fan-out-process.mjs) for `npm start`: TypeScript is
// not transformed at run time any more, which starts faster and uses less memory
// (docs/performance.md). The domain package's TypeScript is bundled in; every other package is
// left to node_modules, so native modules (argon2) and PGlite's files load as they are.
import { build } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const domainEntry = path.resolve(serverRoot, '../../packages/domain/src/index.ts');

export async function buildServer() {
  const result = await build({
    // The live fan-out process is a module of its own, forked by the server (live-fan-out.ts).
    entryPoints: [path.join(serverRoot, 'src/main.ts'), path.join(serverRoot, 'src/features/live/live-fan-out-process.ts')],
    outdir: path.join(serverRoot, 'dist'),
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
    write: false,
    plugins: [
      {
        name: 'bundle-the-domain-package',
        setup(builder) {
          builder.onResolve({ filter: /^@climbing\/domain$/ }, () => ({ path: domainEntry }));
        },
      },
    ],
  });
  // Each file is written aside and renamed into place, so a second `npm start` compiling at the
  // same moment never imports half a file.
  for (const file of result.outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const aside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
