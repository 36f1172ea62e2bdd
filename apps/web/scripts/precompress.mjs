// Precompresses the built web app (issue 14: fast on a slow network): next to every text file of
// `dist` worth it, a `.br` (brotli, best quality) and a `.gz` (gzip, level 9) that the server sends
// to browsers that accept them (@fastify/static `preCompressed`). Runs after `vite build`, so
// compressing costs nothing per request. A variant that is not smaller than the file is not kept.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.map']);
/** Below this a compressed response saves less than its headers cost. */
const MIN_BYTES = 1024;

function* filesIn(directory) {
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) yield* filesIn(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes the `.br` and `.gz` variants; returns the byte totals (original, brotli, gzip) of the compressed files. */
export function precompress(directory) {
  const totals = { files: 0, original: 0, brotli: 0, gzip: 0 };
  for (const file of filesIn(directory)) {
    if (!COMPRESSIBLE.has(path.extname(file))) continue;
    const content = fs.readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    const brotli = zlib.brotliCompressSync(content, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gzip = zlib.gzipSync(content, { level: 9 });
    if (brotli.length < content.length) fs.writeFileSync(`${file}.br`, brotli);
    if (gzip.length < content.length) fs.writeFileSync(`${file}.gz`, gzip);
    totals.files += 1;
    totals.original += content.length;
    totals.brotli += Math.min(brotli.length, content.length);
    totals.gzip += Math.min(gzip.length, content.length);
  }
  return totals;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const directory = path.resolve(process.argv[2] ?? 'dist');
  const totals = precompress(directory);
  const kb = (bytes) => `${(bytes / 1024).toFixed(0)} KB`;
  console.log(`precompressed ${totals.files} files: ${kb(totals.original)} -> brotli ${kb(totals.brotli)}, gzip ${kb(totals.gzip)}`);
}
