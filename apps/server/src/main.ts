import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { ensureSuperAdmin } from './bootstrap/ensure-super-admin.ts';

const config = loadConfig();
const app = await buildApp(config).catch((error: unknown) => {
  // Another server (or the demo) holds this DATA_DIR: one clear line, no stack trace.
  if (error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
});
await ensureSuperAdmin(app.db, config, app.log);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const forceExit = setTimeout(() => process.exit(1), 10_000);
  forceExit.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error while shutting down');
    process.exit(1);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
