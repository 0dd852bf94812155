import crypto from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiKeyResult } from '@portal/domain/agencies';
import type { Db } from '../../platform/db';
import { agencies, type AgencyRow } from '../agencies/index';
import { users } from '../users/index';
import { AppError } from '../../platform/errors';
import { WindowCounter } from '../../platform/rate-limits';
import type { RequestContext } from '../../platform/request-context';
import { apiKeyOf, type ApiKeyAuthenticator } from './auth.hook';
import { agencyApiKeys } from './api-keys.schema';

/** Every key starts with this, so that a leaked key is recognisable (e.g. by secret scanners). */
const KEY_MARK = 'pk_';
/** Characters of the key kept for display: the mark and 6 of the random part. */
const PREFIX_LENGTH = KEY_MARK.length + 6;
/** A key is `pk_` and 43 base64url characters; anything else is not looked up. */
const KEY_SHAPE = /^pk_[A-Za-z0-9_-]{43}$/;

/** Requests one API key may make per minute (per API instance, like the other limits). */
export const API_KEY_REQUESTS_PER_MINUTE = 600;

/** The stored form of a key: SHA-256, hex (the key is 32 random bytes, so no slow hash is needed). */
export function hashApiKey(key: string): string {
  return crypto.hash('sha256', key, 'hex');
}

/** A new random key with its hash and display prefix. */
export function newApiKey(): { key: string; hash: string; prefix: string } {
  const key = `${KEY_MARK}${crypto.randomBytes(32).toString('base64url')}`;
  return { key, hash: hashApiKey(key), prefix: key.slice(0, PREFIX_LENGTH) };
}

/** User statuses that may act (as `canSignIn`). */
const WORKING = ['active', 'testing'];

/**
 * Resolves `X-Api-Key` to the identity it acts as: the live key's agency (not deleted, enabled)
 * and that agency's super admin, its oldest SuperUser who may sign in. Requests made with the key
 * therefore have exactly that user's roles and permissions, and the user log names that user.
 * An unknown or revoked key, a deleted agency or an agency without a working SuperUser: 401;
 * a key of a suspended agency (or of one below a suspended top-level agency): 403 AGENCY_SUSPENDED.
 */
export function createApiKeyAuthenticator(db: Db): ApiKeyAuthenticator {
  return async (key) => {
    if (!KEY_SHAPE.test(key)) throw new AppError('LOGIN_REQUIRED');
    const [found] = await db
      .select({ keyId: agencyApiKeys.id, agency: agencies })
      .from(agencyApiKeys)
      .innerJoin(agencies, eq(agencies.id, agencyApiKeys.agencyId))
      .where(
        and(
          eq(agencyApiKeys.keyHash, hashApiKey(key)),
          isNull(agencyApiKeys.revokedAt),
          isNull(agencies.deletedAt),
          eq(agencies.enabled, true),
        ),
      )
      .limit(1);
    if (!found) throw new AppError('LOGIN_REQUIRED');
    // The key stays live: it works again as soon as the platform resumes the agency.
    if (found.agency.suspendedAt) throw new AppError('AGENCY_SUSPENDED');
    const [user] = await db
      .select()
      .from(users)
      .where(
        and(
          eq(users.agencyId, found.agency.id),
          sql`'SuperUser' = any(${users.roles})`,
          inArray(users.status, WORKING),
        ),
      )
      .orderBy(asc(users.id))
      .limit(1);
    if (!user) throw new AppError('LOGIN_REQUIRED');
    return { keyId: found.keyId, user, agency: found.agency };
  };
}

/**
 * The agency `id` the caller may issue a key for: the caller's own agency or one of its DIRECT
 * sub-agencies (not deleted). Anything else, including a grandchild or another tenant's agency,
 * is 404 so that its existence is not disclosed. (The route's `agencyAdmin` access has already
 * checked the caller's role and company.)
 */
export async function keyAgency(db: Db, ctx: RequestContext, id: number): Promise<AgencyRow> {
  const [agency] = await db
    .select()
    .from(agencies)
    .where(and(eq(agencies.id, id), isNull(agencies.deletedAt)))
    .limit(1);
  if (!agency || (agency.id !== ctx.agency.id && agency.parentId !== ctx.agency.id)) {
    throw new AppError('NOT_FOUND');
  }
  return agency;
}

/**
 * Issues a new key for `agency` and revokes its live one, in one transaction with the agency row
 * locked (two rotations at once end with one live key). The key is answered once; only its hash
 * is kept.
 */
export async function rotateApiKey(
  db: Db,
  ctx: RequestContext,
  agency: AgencyRow,
  now: Date,
): Promise<ApiKeyResult> {
  const { key, hash, prefix } = newApiKey();
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: agencies.id }).from(agencies).where(eq(agencies.id, agency.id)).for('update');
    await tx
      .update(agencyApiKeys)
      .set({ revokedAt: now })
      .where(and(eq(agencyApiKeys.agencyId, agency.id), isNull(agencyApiKeys.revokedAt)));
    const [inserted] = await tx
      .insert(agencyApiKeys)
      .values({ agencyId: agency.id, keyHash: hash, prefix, createdBy: ctx.user.id, createdAt: now })
      .returning();
    return inserted;
  });
  if (!row) throw new AppError('INTERNAL');
  return { apiKey: key, prefix: row.prefix, createdAt: row.createdAt.toISOString() };
}

/** True when the request was authenticated with an API key (the auth hook prefers the key). */
function byApiKey(request: FastifyRequest): boolean {
  return request.ctx !== null && apiKeyOf(request) !== undefined;
}

const API_KEY_WINDOW_MS = 60_000;

/**
 * Limits each API key to `max` requests a minute (429 TOO_MANY_REQUESTS with `Retry-After`),
 * counted per key in this instance's memory. Requests with a session are not counted here.
 * Register after the authentication hook.
 */
export function registerApiKeyLimit(
  app: FastifyInstance,
  max: number = API_KEY_REQUESTS_PER_MINUTE,
  now: () => number = Date.now,
): void {
  const counter = new WindowCounter(now);
  app.addHook('onRequest', async (request) => {
    if (!byApiKey(request)) return;
    const wait = counter.hit(`api-key:${request.ctx?.sessionId ?? ''}`, max, API_KEY_WINDOW_MS);
    if (wait === undefined) return;
    throw new AppError('TOO_MANY_REQUESTS', undefined, { retryAfterSeconds: wait });
  });
}
