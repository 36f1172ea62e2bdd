import path from 'node:path';
import { loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { BackupError, backup, restore } from './backup.ts';

/**
 * `npm run backup -- <file>` and `npm run restore -- <file> [--replace]` (docs/deployment.md).
 * npm runs workspace scripts in apps/server; paths (the file, a relative DATA_DIR) are taken from
 * the folder the command was typed in, as `npm start` does.
 */
const USAGE = 'usage: npm run backup -- <file>   |   npm run restore -- <file> [--replace]';

async function main(): Promise<void> {
  const invokedFrom = process.env.INIT_CWD;
  if (invokedFrom) process.chdir(invokedFrom);
  const [command, ...rest] = process.argv.slice(2);
  const replace = rest.includes('--replace') || process.env.npm_config_replace === 'true';
  const fileArgument = rest.find((argument) => !argument.startsWith('--'));
  if ((command !== 'backup' && command !== 'restore') || !fileArgument) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const file = path.resolve(fileArgument);
  const config = loadConfig();
  // Never print a DATABASE_URL: it may carry a password.
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  if (command === 'backup') {
    const { bytes } = await backup(config, file);
    console.log(`Backed up ${where} to ${file} (${bytes} bytes).`);
    return;
  }
  const { keptAside } = await restore(config, file, { replace });
  console.log(`Restored ${file} into ${where}.${keptAside ? ` The previous database is kept in ${keptAside}.` : ''}`);
  console.log('Start the server as usual: it applies any newer migrations.');
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`${error.message} A PGlite backup or restore needs the server stopped (docs/deployment.md, "Backups").`);
  } else if (error instanceof BackupError) {
    console.error(error.message);
  } else {
    console.error('The backup or restore failed:', error);
  }
  process.exitCode = 1;
});
