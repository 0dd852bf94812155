import crypto from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db';
import { AppError } from './errors';
import { idempotencyKeys } from './idempotency.schema';
import { requireCtx } from './request-context';

/** How long a stored response is replayed. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/** A claim still `in_progress` after this long belongs to a crashed request and may be taken over. */
export const IDEMPOTENCY_STALE_SECONDS = 120;
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** JSON with object keys sorted, so that `{a,b}` and `{b,a}` hash alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The request fingerprint: method, path (without query) and canonical body. */
export function requestHash(methodPath: string, body: unknown): string {
  return crypto
    .createHash('sha256')
    .update(`${methodPath}\n${canonical(body)}`)
    .digest('hex');
}

/** The `Idempotency-Key` header, validated (1-200 visible characters), or undefined. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (typeof key !== 'string' || !/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw new AppError('ILLEGAL_INPUT', undefined, {
      errors: [{ path: 'Idempotency-Key', message: '1-200 visible ASCII characters' }],
    });
  }
  return key;
}

type Claim = { kind: 'claimed' } | { kind: 'replay'; status: number; body: unknown };

async function claim(db: Db, row: typeof idempotencyKeys.$inferInsert): Promise<Claim> {
  const inserted = await db.insert(idempotencyKeys).values(row).onConflictDoNothing().returning();
  if (inserted.length > 0) return { kind: 'claimed' };
  const where = and(eq(idempotencyKeys.userId, row.userId), eq(idempotencyKeys.key, row.key));
  // An expired response, or a claim abandoned by a crashed request, is taken over.
  const taken = await db
    .update(idempotencyKeys)
    .set({ ...row, state: 'in_progress', createdAt: sql`now()`, responseStatus: null, responseBody: null })
    .where(
      and(
        where,
        sql`(${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS}))
          or (${idempotencyKeys.state} = 'in_progress'
            and ${idempotencyKeys.createdAt} < now() - make_interval(secs => ${IDEMPOTENCY_STALE_SECONDS}))`,
      ),
    )
    .returning();
  if (taken.length > 0) return { kind: 'claimed' };
  const [existing] = await db.select().from(idempotencyKeys).where(where);
  if (!existing) return claim(db, row); // deleted in between: try again
  if (existing.requestHash !== row.requestHash) {
    throw new AppError('IDEMPOTENCY_CONFLICT', undefined, { reason: 'different_request' });
  }
  if (existing.state !== 'done') {
    throw new AppError('IDEMPOTENCY_CONFLICT', undefined, { reason: 'in_progress' });
  }
  return { kind: 'replay', status: existing.responseStatus ?? 200, body: existing.responseBody };
}

/**
 * Runs a write at most once per `Idempotency-Key` (per user). Without the header `run` simply
 * runs in a transaction. With it: the key is claimed by inserting a row (primary key user + key);
 * `run` and the storing of its response commit in one transaction, so a stored response always
 * matches a committed write. Outcomes for a repeated key within 24 hours:
 * - same method, path and body, first request done: the stored response is replayed
 *   (header `Idempotent-Replayed: true`);
 * - a different request: 409 IDEMPOTENCY_CONFLICT `{reason: 'different_request'}`;
 * - the first request still running: 409 IDEMPOTENCY_CONFLICT `{reason: 'in_progress'}`.
 * A request that fails releases its key, so the client may retry it with the same key.
 */
export async function withIdempotency<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  run: (tx: Db) => Promise<T>,
): Promise<T | unknown> {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return db.transaction((tx) => run(tx));
  const ctx = requireCtx(request);
  const methodPath = `${request.method} ${request.url.split('?')[0] ?? request.url}`;
  const row = {
    userId: ctx.user.id,
    agencyId: ctx.agency.id,
    key,
    methodPath,
    requestHash: requestHash(methodPath, request.body),
  };
  const claimed = await claim(db, row);
  if (claimed.kind === 'replay') {
    void reply.status(claimed.status).header('idempotent-replayed', 'true');
    return claimed.body;
  }
  const where = and(eq(idempotencyKeys.userId, row.userId), eq(idempotencyKeys.key, key));
  try {
    return await db.transaction(async (tx) => {
      const result = await run(tx);
      await tx
        .update(idempotencyKeys)
        .set({
          state: 'done',
          responseStatus: reply.statusCode,
          responseBody: result,
          completedAt: sql`now()`,
        })
        .where(where);
      return result;
    });
  } catch (error) {
    await db.delete(idempotencyKeys).where(and(where, eq(idempotencyKeys.state, 'in_progress')));
    throw error;
  }
}

/** Deletes stored responses older than the replay window (for a periodic job). */
export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
