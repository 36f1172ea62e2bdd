import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../features/auth/password-hashing.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com';

/** pg_advisory_xact_lock key of the first start's super admin. */
const SUPER_ADMIN_LOCK_KEY = 748_201_914;

/**
 * On the first start (no super admin yet) creates one from ADMIN_EMAIL / ADMIN_PASSWORD. Without a
 * password, one is generated and printed once: it is never stored in clear anywhere.
 */
export async function ensureSuperAdmin(
  db: Database,
  config: { adminEmail: string | undefined; adminPassword: string | undefined },
  log: FastifyBaseLogger,
): Promise<void> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.superAdmin, true)).limit(1);
  if (existing) return;
  const email = config.adminEmail ?? DEFAULT_ADMIN_EMAIL;
  const generated = !config.adminPassword;
  // Letters and a number, as the password rule asks.
  const password = config.adminPassword ?? `${crypto.randomBytes(12).toString('base64url')}a1`;
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    // Several instances starting together on one PostgreSQL would all find no super admin and all
    // insert one: the lock makes them queue, and the later ones find the first one's.
    await tx.execute(sql`select pg_advisory_xact_lock(${SUPER_ADMIN_LOCK_KEY})`);
    const [again] = await tx.select({ id: users.id }).from(users).where(eq(users.superAdmin, true)).limit(1);
    if (again) return false;
    const [sameEmail] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = lower(${email})`);
    if (sameEmail) {
      await tx.update(users).set({ superAdmin: true, passwordHash, active: true, deleted: false }).where(eq(users.id, sameEmail.id));
    } else {
      await tx.insert(users).values({ email, passwordHash, name: 'Super', surname: 'Admin', superAdmin: true, language: 'SK' });
    }
    return true;
  });
  if (!created) return;
  if (generated) {
    log.warn(`Super admin created: ${email} with the generated password ${password} (shown only this once; change it after logging in)`);
  } else {
    log.info({ email }, 'super admin created');
  }
}
