import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { MeResult } from '@portal/domain/auth';
import type { Db } from '../../platform/db';
import { agencies, type AgencyRow } from '../agencies/index';
import { sessions } from './auth.schema';
import { users, type UserRow } from '../users/index';
import { AppError } from '../../platform/errors';
import { presentCompany } from '../agencies/index';
import { canSignIn, presentUser } from '../users/index';
import { insertSession, touchSession, type SessionWithUser } from './auth.repo';

/** Sliding the idle expiry costs a write; do it at most once a minute per session. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionPolicy {
  idleMinutes: number;
  absoluteHours: number;
}

/** An opaque bearer token: 32 random bytes, base64url. Only its SHA-256 is stored. */
export function newToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/**
 * The stored form of a token: SHA-256, hex. Every signed-in request hashes its token to find its
 * session, so the one-shot `crypto.hash` (no Hash object; about a quarter of `createHash`'s time).
 */
export function hashToken(token: string): string {
  return crypto.hash('sha256', token, 'hex');
}

export async function startSession(
  db: Db,
  policy: SessionPolicy,
  userId: number,
  kind: 'password' | 'sso',
  now: Date,
): Promise<{ token: string; sessionId: string }> {
  const token = newToken();
  const session = await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    kind,
    expiresAt: new Date(now.getTime() + policy.absoluteHours * 3_600_000),
  });
  return { token, sessionId: session.id };
}

/**
 * How long a resolved session is reused without reading the database. Logout, a password change
 * and profile or config changes made through this instance drop the entries at once; anything
 * written by another instance or straight into the database (a user disabled, agency settings,
 * a session revoked elsewhere) takes effect within this bound.
 */
export const SESSION_CACHE_MS = 2_000;

/** At most this many tokens are cached; the least recently used go first. */
const SESSION_CACHE_SIZE = 10_000;

interface CachedSession {
  found: SessionWithUser;
  readAt: number;
}

/** The session resolver of one API instance (see `createSessionResolver`). */
export interface SessionResolver {
  authenticate(token: string, now: Date): Promise<SessionWithUser>;
  /** Drops the cached session with this id (logout). */
  forgetSession(sessionId: string): void;
  /** Drops every cached session of the user (password change, profile change, disabled user). */
  forgetUser(userId: number): void;
}

/**
 * Resolves bearer tokens to their session, user and agency with one prepared query, and keeps the
 * answer for `cacheMs` per token so that a busy agent's requests do not each read three rows.
 * Expiry, idle time and the once-a-minute touch are still checked on every request.
 */
export function createSessionResolver(
  db: Db,
  policy: SessionPolicy,
  cacheMs: number = SESSION_CACHE_MS,
): SessionResolver {
  // The age is checked here, not with lru-cache's `ttl`: it is measured on the request's clock
  // (`now`, which tests move) from when the read started, and an entry goes *at* `cacheMs`.
  const cache = new LRUCache<string, CachedSession>({ max: SESSION_CACHE_SIZE });
  // Bumped by every forget: a read that started before one is not cached, since it may predate
  // the change (a logout committing while the read was in flight).
  let generation = 0;
  // Prepared once: building this query costs more than running it.
  const read = db
    .select({ session: sessions, user: users, agency: agencies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('session_by_token');

  function remember(tokenHash: string, found: SessionWithUser, readAt: number, readGeneration: number) {
    if (cacheMs <= 0 || readGeneration !== generation) return;
    cache.set(tokenHash, { found, readAt });
  }

  function forget(matches: (found: SessionWithUser) => boolean) {
    generation += 1;
    const gone = [...cache.entries()].filter(([, entry]) => matches(entry.found)).map(([key]) => key);
    for (const key of gone) cache.delete(key);
  }

  return {
    /**
     * Unknown token or past idle/absolute expiry: 200005; revoked (logout, password changed
     * elsewhere): 200006; user disabled: 201001.
     */
    async authenticate(token, now) {
      const tokenHash = hashToken(token);
      const at = now.getTime();
      let entry = cache.get(tokenHash);
      if (entry && (at - entry.readAt >= cacheMs || at < entry.readAt)) {
        cache.delete(tokenHash);
        entry = undefined;
      }
      let found = entry?.found;
      if (!found) {
        const readGeneration = generation;
        [found] = await read.execute({ tokenHash });
        if (!found) throw new AppError('SESSION_EXPIRED');
        remember(tokenHash, found, at, readGeneration);
      }
      const { session, user } = found;
      // Checked first: a disabled or deleted user's sessions are also revoked, and the client
      // should be told why (201001) rather than that its session ended.
      if (!canSignIn(user)) throw new AppError('USER_DISABLED');
      if (session.revokedAt) throw new AppError('SESSION_REVOKED');
      // The session stays: it works again as soon as the platform resumes the agency.
      if (found.agency.suspendedAt) throw new AppError('AGENCY_SUSPENDED');
      const idleDeadline = session.lastSeenAt.getTime() + policy.idleMinutes * 60_000;
      if (at >= session.expiresAt.getTime() || at >= idleDeadline) {
        throw new AppError('SESSION_EXPIRED');
      }
      if (at - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
        await touchSession(db, session.id, now);
        session.lastSeenAt = now;
      }
      return found;
    },
    forgetSession: (sessionId) => forget((found) => found.session.id === sessionId),
    forgetUser: (userId) => forget((found) => found.user.id === userId),
  };
}

/**
 * The login result / `me` shape. `websitePrefix` is the agency's own path prefix for white-label
 * sites; it is '' for every agency served at the site root (all seeded agencies).
 */
export function presentMe(user: UserRow, agency: AgencyRow): MeResult {
  return {
    userInfo: presentUser(user),
    company: presentCompany(agency),
    websitePrefix: agency.websitePrefix,
    permissions: [...user.permissions],
  };
}
