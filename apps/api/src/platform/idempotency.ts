import crypto from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from './db';
import { AppError } from './errors';
import { idempotencyKeys } from './idempotency.schema';
import { requireCtx } from './request-context';

/** How long a stored response is replayed. */
export const IDEMPOTENCY_TTL_HOURS = 24;
/**
 * Default of how long a claim may stay `in_progress` before it counts as abandoned by a crashed
 * request and may be taken over (IDEMPOTENCY_STALE_SECONDS). It must stay above the longest
 * request: the booking's price check and supplier booking take at most 30 s.
 */
export const IDEMPOTENCY_STALE_SECONDS = 120;
export const IDEMPOTENCY_HEADER = 'idempotency-key';

export interface IdempotencySettings {
  /** Seconds after which an `in_progress` claim may be taken over. */
  staleSeconds: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Settings of `withIdempotency` (default: IDEMPOTENCY_STALE_SECONDS). */
    idempotency?: IdempotencySettings;
  }
}

/** Installs the app's idempotency settings (the stale window comes from the configuration). */
export function registerIdempotency(app: FastifyInstance, settings: IdempotencySettings): void {
  app.decorate('idempotency', settings);
}

/**
 * JSON with object keys sorted, so that `{a,b}` and `{b,a}` hash alike. Iterative (a work list
 * instead of recursion), so that no nesting depth can overflow the stack.
 */
export function canonical(value: unknown): string {
  const out: string[] = [];
  // Last in, first out: a string is written as it is, anything else is a value still to write.
  const todo: ({ text: string } | { value: unknown })[] = [{ value }];
  for (let item = todo.pop(); item !== undefined; item = todo.pop()) {
    if ('text' in item) {
      out.push(item.text);
      continue;
    }
    const current = item.value;
    if (Array.isArray(current)) {
      out.push('[');
      todo.push({ text: ']' });
      for (let i = current.length - 1; i >= 0; i -= 1) {
        todo.push({ value: current[i] as unknown });
        if (i > 0) todo.push({ text: ',' });
      }
    } else if (current && typeof current === 'object') {
      const entries = Object.entries(current as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      out.push('{');
      todo.push({ text: '}' });
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, inner] = entries[i] ?? ['', null];
        todo.push({ value: inner });
        todo.push({ text: `${i > 0 ? ',' : ''}${JSON.stringify(key)}:` });
      }
    } else {
      out.push(JSON.stringify(current ?? null));
    }
  }
  return out.join('');
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

type KeyRow = Pick<
  typeof idempotencyKeys.$inferInsert,
  'userId' | 'agencyId' | 'key' | 'methodPath' | 'requestHash'
>;

/**
 * `token` is the claim's `created_at` as text (exact to the microsecond): only the request that
 * holds the claim with that token may complete or release it, so a request that outlived the
 * stale window cannot overwrite the answer of the request that took its key over.
 */
type Claim = { kind: 'claimed'; token: string } | { kind: 'replay'; status: number; body: unknown };

/** How often a key that disappears between the insert and the read is tried again. */
const CLAIM_ATTEMPTS = 3;

async function claim(db: Db, row: KeyRow, staleSeconds: number): Promise<Claim> {
  const token = sql<string>`${idempotencyKeys.createdAt}::text`;
  const ownKey = and(eq(idempotencyKeys.userId, row.userId), eq(idempotencyKeys.key, row.key));
  for (let attempt = 1; attempt <= CLAIM_ATTEMPTS; attempt += 1) {
    const [inserted] = await db
      .insert(idempotencyKeys)
      .values(row)
      .onConflictDoNothing()
      .returning({ token });
    if (inserted) return { kind: 'claimed', token: inserted.token };
    // This user's key only: an expired response, or a claim abandoned by a crashed request.
    const [taken] = await db
      .update(idempotencyKeys)
      .set({ ...row, state: 'in_progress', createdAt: sql`now()`, responseStatus: null, responseBody: null })
      .where(
        and(
          ownKey,
          or(
            sql`${idempotencyKeys.createdAt} < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`,
            and(
              eq(idempotencyKeys.state, 'in_progress'),
              sql`${idempotencyKeys.createdAt} < now() - make_interval(secs => ${staleSeconds})`,
            ),
          ),
        ),
      )
      .returning({ token });
    if (taken) return { kind: 'claimed', token: taken.token };
    const [existing] = await db.select().from(idempotencyKeys).where(ownKey);
    if (!existing) continue; // deleted in between: claim it again
    if (existing.requestHash !== row.requestHash) {
      throw new AppError('IDEMPOTENCY_CONFLICT', undefined, { reason: 'different_request' });
    }
    if (existing.state !== 'done') {
      throw new AppError('IDEMPOTENCY_CONFLICT', undefined, { reason: 'in_progress' });
    }
    return { kind: 'replay', status: existing.responseStatus ?? 200, body: existing.responseBody };
  }
  throw new AppError('IDEMPOTENCY_CONFLICT', undefined, { reason: 'in_progress' });
}

/**
 * Stores the write's answer now, in its transaction, instead of after `inside` returns: for a
 * write whose last statements hold a lock every like write waits for (a balance payment's
 * posting), so that the answer's storing is not one more round trip under it. `inside` must then
 * return this same answer; it commits or rolls back with the rest of the transaction.
 */
export type StoreAnswer<T> = (answer: T) => Promise<void>;

/**
 * The steps of a write. `outside` runs first, outside any transaction (supplier calls, anything
 * slow: PGlite has one connection, and an open transaction there blocks every other request);
 * `inside(tx, prepared)` then runs in one short transaction together with the storing of its
 * answer. When that transaction fails after `outside` succeeded, `undo(prepared, error)` runs
 * (e.g. it queues the cancellation of a booking made at a supplier) before the error goes on;
 * `undo` should not throw, and logs its own failures.
 */
export interface IdempotentSteps<P, T> {
  outside(): Promise<P>;
  inside(tx: Db, prepared: P, storeAnswer: StoreAnswer<T>): Promise<T>;
  undo?(prepared: P, error: unknown): Promise<void>;
}

/**
 * Runs a write at most once per `Idempotency-Key` (per user), in steps (`IdempotentSteps`).
 * Without the header the steps simply run. With it: the key is claimed first by inserting a row
 * (primary key user + key), committed on its own; the write's transaction also stores its
 * response, so a stored response always matches a committed write. Outcomes for a repeated key
 * within 24 hours:
 * - same method, path and body, first request done: the stored response is replayed
 *   (header `Idempotent-Replayed: true`);
 * - a different request: 409 IDEMPOTENCY_CONFLICT `{reason: 'different_request'}`;
 * - the first request still running: 409 IDEMPOTENCY_CONFLICT `{reason: 'in_progress'}`; a claim
 *   older than the stale window (a crashed request) is taken over instead.
 * A request that fails releases its key, so the client may retry it with the same key.
 */
export async function withIdempotentSteps<P, T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  steps: IdempotentSteps<P, T>,
): Promise<T> {
  const key = idempotencyKeyOf(request);
  const write = async (store?: (tx: Db, result: T) => Promise<void>) => {
    const prepared = await steps.outside();
    try {
      return await db.transaction(async (tx) => {
        let stored: { answer: T } | undefined;
        const storeAnswer = async (answer: T) => {
          if (stored) throw new Error('idempotent answer stored twice');
          await store?.(tx, answer);
          stored = { answer };
        };
        const result = await steps.inside(tx, prepared, storeAnswer);
        if (!stored) await store?.(tx, result);
        else if (stored.answer !== result)
          throw new Error('idempotent answer stored differs from the result');
        return result;
      });
    } catch (error) {
      await steps.undo?.(prepared, error);
      throw error;
    }
  };
  if (key === undefined) return write();

  const ctx = requireCtx(request);
  const methodPath = `${request.method} ${request.url.split('?')[0] ?? request.url}`;
  const row: KeyRow = {
    userId: ctx.user.id,
    agencyId: ctx.agency.id,
    key,
    methodPath,
    requestHash: requestHash(methodPath, request.body),
  };
  const staleSeconds = request.server.idempotency?.staleSeconds ?? IDEMPOTENCY_STALE_SECONDS;
  const claimed = await claim(db, row, staleSeconds);
  if (claimed.kind === 'replay') {
    void reply.status(claimed.status).header('idempotent-replayed', 'true');
    // The stored answer of this same route (a T through JSON); the route's response schema checks it again.
    return claimed.body as T;
  }
  const mine = and(
    eq(idempotencyKeys.userId, row.userId),
    eq(idempotencyKeys.key, key),
    eq(idempotencyKeys.state, 'in_progress'),
    sql`${idempotencyKeys.createdAt} = ${claimed.token}::timestamptz`,
  );
  try {
    return await write(async (tx, result) => {
      const stored = await tx
        .update(idempotencyKeys)
        .set({
          state: 'done',
          responseStatus: reply.statusCode,
          responseBody: result,
          completedAt: sql`now()`,
        })
        .where(mine)
        .returning({ key: idempotencyKeys.key });
      // Taken over by a retry after the stale window: that request's answer stands, this write rolls back.
      if (stored.length === 0) {
        throw new AppError('IDEMPOTENCY_CONFLICT', undefined, { reason: 'in_progress' });
      }
    });
  } catch (error) {
    try {
      await db.delete(idempotencyKeys).where(mine);
    } catch (releaseError) {
      request.log.warn({ err: releaseError }, 'idempotency key not released');
    }
    throw error;
  }
}

/**
 * Runs `run` in one transaction, at most once per `Idempotency-Key` (see `withIdempotentSteps`:
 * the same outcomes, with nothing outside the transaction; `storeAnswer` as there).
 */
export async function withIdempotency<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  run: (tx: Db, storeAnswer: StoreAnswer<T>) => Promise<T>,
): Promise<T> {
  return withIdempotentSteps(db, request, reply, {
    outside: async () => undefined,
    inside: (tx, _prepared, storeAnswer) => run(tx, storeAnswer),
  });
}

/** Deletes stored responses older than the replay window (the job runner calls it periodically). */
export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`))
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
