import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The JWT signing secret: JWT_SECRET when given, else one generated on first start and kept in the
 * data directory so tokens survive a restart. Several instances behind a load balancer must share
 * JWT_SECRET, since each would otherwise generate its own.
 */
export async function resolveJwtSecret(config: { jwtSecret: string | undefined; dataDir: string }): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  try {
    const stored = (await fs.readFile(file, 'utf8')).trim();
    if (stored.length >= 32) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = crypto.randomBytes(48).toString('base64url');
  await fs.mkdir(config.dataDir, { recursive: true });
  await fs.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
