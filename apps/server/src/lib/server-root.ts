import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder (apps/server), found from this module's place upwards: the same
 * answer when the TypeScript sources run (src/lib) and when the compiled bundle does (dist/), so
 * the migrations and the web build are found either way.
 */
function findServerRoot(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'drizzle')) && existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`apps/server not found above ${start}`);
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
export const repositoryRoot = path.resolve(serverRoot, '../..');
