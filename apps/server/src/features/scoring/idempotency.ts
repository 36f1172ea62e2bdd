import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '@climbing/domain';
import { and, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/database.ts';
import { idempotencyKeys } from '../../db/schema/index.ts';
import { sha256Hex } from '../../lib/secure-token.ts';

/*
 * Idempotent score writes (issue 12, docs/judging-and-live.md "Idempotency keys"). A judge's
 * device sends every queued entry with `Idempotency-Key: <client operation id>`; the first answer
 * of a write is stored with the key in the same transaction as the write, so a repeated request
 * (the answer was lost on a dropped connection) gets that answer back and is never applied twice.
 */

/** How long a key is kept: at least 24 hours, longer so a device offline overnight is still covered. */
export const IDEMPOTENCY_KEY_TTL_MS = 48 * 60 * 60 * 1000;
/** Expired keys are deleted this often (and once at start-up). */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;
/** A UUID fits, so do other client-made ids; anything else is refused with 400. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

export interface IdempotencyScope {
  /** `user:<id>` or `judge:<id>`: keys of different callers never meet. */
  principal: string;
  /** Method and route pattern, e.g. `PUT /api/racer/:racerId/round/:roundId`. */
  route: string;
  key: string;
  /** SHA-256 of the method, the path and the body: the same key with another request is 422. */
  requestHash: string;
}

/** JSON with the keys of every object sorted, so equal bodies hash equally whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

/**
 * The scope of a write's `Idempotency-Key`, or null without the header (the write is then applied
 * as before). A malformed key is 400 IDEMPOTENCY_KEY_INVALID before anything else happens.
 */
export function idempotencyScopeOf(request: FastifyRequest): IdempotencyScope | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new DomainError('IDEMPOTENCY_KEY_INVALID', { fields: { 'headers.idempotency-key': 'VALIDATION_FAILED' } });
  }
  const principal = request.principal;
  if (!principal) throw new DomainError('MISSING_TOKEN');
  const path = request.url.split('?')[0] ?? request.url;
  return {
    principal: principal.kind === 'USER' ? `user:${principal.userId}` : `judge:${principal.judgeAccountId}`,
    route: `${request.method} ${request.routeOptions.url ?? path}`,
    key: header,
    requestHash: sha256Hex(canonicalJson({ method: request.method, path, body: request.body ?? null })),
  };
}

export interface IdempotentOutcome<T> {
  body: T;
  /** True when the answer is the stored one of an earlier request with the same key. */
  replayed: boolean;
}

/**
 * Runs `write` in one transaction with its key: a key seen before answers its stored answer (or
 * 422 IDEMPOTENCY_KEY_REUSED for another request) without calling `write`; a new key is stored
 * with the answer before the transaction commits. A refused write (any error) rolls back and
 * stores nothing: it changed nothing, so the same key may be sent again.
 *
 * The key row is inserted first, before the write takes its locks: a second request with the same
 * key waits on the unique index until the first commits (then it finds the stored answer) or
 * rolls back (then it writes itself).
 */
export async function runIdempotent<T>(db: Database, scope: IdempotencyScope | null, write: (tx: Executor) => Promise<T>, now: () => Date = () => new Date()): Promise<IdempotentOutcome<T>> {
  return db.transaction(async (tx) => {
    if (scope === null) return { body: await write(tx), replayed: false };
    const at = now();
    const same = and(eq(idempotencyKeys.principal, scope.principal), eq(idempotencyKeys.route, scope.route), eq(idempotencyKeys.key, scope.key));
    // An expired key is as good as unknown.
    await tx.delete(idempotencyKeys).where(and(same, lt(idempotencyKeys.expiresAt, at)));
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ ...scope, statusCode: 0, response: {}, createdAt: at, expiresAt: new Date(at.getTime() + IDEMPOTENCY_KEY_TTL_MS) })
      .onConflictDoNothing()
      .returning({ id: idempotencyKeys.id });
    const claim = claimed[0];
    if (!claim) {
      const [stored] = await tx.select().from(idempotencyKeys).where(same);
      if (!stored) throw new DomainError('CONFLICT');
      if (stored.requestHash !== scope.requestHash) throw new DomainError('IDEMPOTENCY_KEY_REUSED', { details: { key: scope.key } });
      return { body: stored.response as T, replayed: true };
    }
    const body = await write(tx);
    await tx.update(idempotencyKeys).set({ statusCode: 200, response: body as object }).where(eq(idempotencyKeys.id, claim.id));
    return { body, replayed: false };
  });
}

/**
 * The key's part of a score write that makes few round trips (score-service.ts): the claim is a
 * CTE of the write's first statement (before the round's lock, as in runIdempotent), the stored
 * answer a CTE of its last one.
 */
export interface KeyStep {
  /**
   * `claim AS (…)`: inserts the key, or takes over an expired one (as good as unknown); its row
   * (`id`) only when claimed. Null without a key.
   */
  claimCte: SQL | null;
  /** After the first statement: a key that was not claimed answers its stored answer (or 422) instead of the write. */
  claimed(claimId: number | null): Promise<void>;
  /** `stored AS (…)`: the answer stored with the key in the write's last statement; null without a key. */
  storeCte(claimId: number | null, body: unknown): SQL | null;
}

/** Thrown out of the transaction to answer a key's stored answer (nothing was written). */
class StoredAnswer {
  constructor(readonly body: unknown) {}
}

/**
 * runIdempotent for the score writes: the same rules, but the key's claim and stored answer ride
 * in the write's own statements (docs/performance.md, "Score write round trips").
 */
export async function runIdempotentWrite<T>(db: Database, scope: IdempotencyScope | null, write: (tx: Executor, key: KeyStep) => Promise<T>, now: () => Date = () => new Date()): Promise<IdempotentOutcome<T>> {
  const at = now();
  const expiresAt = new Date(at.getTime() + IDEMPOTENCY_KEY_TTL_MS);
  try {
    return await db.transaction(async (tx) => {
      const key: KeyStep = {
        claimCte:
          scope === null
            ? null
            : sql`claim as (
                insert into idempotency_keys (principal, route, key, request_hash, status_code, response, created_at, expires_at)
                values (${scope.principal}, ${scope.route}, ${scope.key}, ${scope.requestHash}, 0, '{}'::jsonb, ${at.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz)
                on conflict (principal, route, key) do update
                  set request_hash = excluded.request_hash, status_code = 0, response = '{}'::jsonb, created_at = excluded.created_at, expires_at = excluded.expires_at
                  where idempotency_keys.expires_at < excluded.created_at
                returning id
              )`,
        async claimed(claimId) {
          if (scope === null || claimId !== null) return;
          // A new statement sees the answer of a request with the same key that committed meanwhile.
          const [stored] = await tx
            .select()
            .from(idempotencyKeys)
            .where(and(eq(idempotencyKeys.principal, scope.principal), eq(idempotencyKeys.route, scope.route), eq(idempotencyKeys.key, scope.key)));
          if (!stored) throw new DomainError('CONFLICT');
          if (stored.requestHash !== scope.requestHash) throw new DomainError('IDEMPOTENCY_KEY_REUSED', { details: { key: scope.key } });
          throw new StoredAnswer(stored.response);
        },
        storeCte: (claimId, body) =>
          scope === null || claimId === null ? null : sql`stored as (update idempotency_keys set status_code = 200, response = ${JSON.stringify(body)}::jsonb where id = ${claimId} returning id)`,
      };
      return { body: await write(tx, key), replayed: false };
    });
  } catch (error) {
    if (error instanceof StoredAnswer) return { body: error.body as T, replayed: true };
    throw error;
  }
}

/** Deletes every key past its expiry; answers how many went. */
export async function purgeExpiredIdempotencyKeys(db: Executor, now: Date = new Date()): Promise<number> {
  const removed = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.expiresAt, now)).returning({ id: idempotencyKeys.id });
  return removed.length;
}

/** Marks a replayed answer, so a client (and a person reading the network log) can tell. */
export function markReplay(reply: FastifyReply, outcome: IdempotentOutcome<unknown>): void {
  if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
}

/** Purges expired keys at start-up and every hour while the server runs. */
export function registerIdempotencyPurge(app: FastifyInstance): void {
  let timer: ReturnType<typeof setInterval> | undefined;
  const purge = () => void purgeExpiredIdempotencyKeys(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'purging idempotency keys failed'));
  app.addHook('onReady', async () => {
    purge();
    timer = setInterval(purge, PURGE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
