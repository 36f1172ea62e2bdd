import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { DomainError } from '@climbing/domain';
import type { Database } from '../../db/database.ts';
import { events, judgeAccounts } from '../../db/schema/index.ts';
import { hashPassword } from './password-hashing.ts';
import { revokeJudgeAccountSessions } from './session-repository.ts';

export interface CreatedJudgeAccount {
  id: number;
  eventId: number;
  login: string;
  /** Shown once to the admin who creates it; only its argon2id hash is stored. */
  password: string;
}

// No 0/O/1/l/I, so a login read aloud at the judges' table is typed right the first time.
const READABLE = 'abcdefghjkmnpqrstuvwxyz23456789';

function readableRandom(length: number): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (byte) => READABLE[byte % READABLE.length]).join('');
}

/**
 * Creates a judge login for one event (spec: Event.judgeAccount id, user, password). The login has
 * no '@', so POST /api/token/create tells it from an e-mail; its sessions are scoped to the event.
 * The route (POST /api/event/{eventId}/judge-account) comes with the events issue; the caller must
 * have passed `authorize(actor, 'judge-account:manage', { organization: event.organizationId })`.
 */
export async function createJudgeAccount(db: Database, input: { eventId: number; createdById: number | null }): Promise<CreatedJudgeAccount> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, input.eventId));
  if (!event) throw new DomainError('EVENT_NOT_FOUND');
  const password = `${readableRandom(10)}${crypto.randomInt(10, 100)}`;
  const passwordHash = await hashPassword(password);
  // A clash of the random suffix is astronomically rare; one retry keeps it from ever reaching the user.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const login = `judge-${input.eventId}-${readableRandom(6)}`;
    const [row] = await db
      .insert(judgeAccounts)
      .values({ eventId: input.eventId, login, passwordHash, createdById: input.createdById })
      .onConflictDoNothing()
      .returning({ id: judgeAccounts.id });
    if (row) return { id: row.id, eventId: input.eventId, login, password };
  }
  throw new DomainError('CONFLICT');
}

/** Ends a judge account and logs its judges out at once. */
export async function revokeJudgeAccount(db: Database, judgeAccountId: number): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.update(judgeAccounts).set({ revokedAt: now }).where(and(eq(judgeAccounts.id, judgeAccountId), isNull(judgeAccounts.revokedAt)));
    await revokeJudgeAccountSessions(tx, judgeAccountId, now);
  });
}
