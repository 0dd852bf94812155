import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PLATFORM_TOKEN_PREFIX, isPlatformPermission } from '@portal/domain/platform';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { PlatformContext } from '../../platform/request-context';
import { platformSessions, platformUsers, type PlatformUserRow } from './platform-admin.schema';
import { touchPlatformSession } from './platform-admin.repo';

/**
 * Platform sessions are shorter than agency ones: the back office moves money. Idle for 30
 * minutes or 12 hours after the sign-in, the admin signs in again (with a new code).
 */
export const PLATFORM_SESSION_IDLE_MINUTES = 30;
export const PLATFORM_SESSION_ABSOLUTE_HOURS = 12;

/** Sliding the idle expiry costs a write; at most once a minute per session. */
const TOUCH_INTERVAL_MS = 60_000;

/** A platform bearer token: the platform prefix and 32 random bytes; only its SHA-256 is stored. */
export function newPlatformToken(): string {
  return `${PLATFORM_TOKEN_PREFIX}${crypto.randomBytes(32).toString('base64url')}`;
}

export function hashPlatformToken(token: string): string {
  return crypto.hash('sha256', token, 'hex');
}

/** Starts a session of `adminId` at `at`; answers its token (shown once), id and absolute end. */
export async function startPlatformSession(
  db: Db,
  adminId: number,
  at: Date,
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = newPlatformToken();
  const expiresAt = new Date(at.getTime() + PLATFORM_SESSION_ABSOLUTE_HOURS * 3_600_000);
  const [row] = await db
    .insert(platformSessions)
    .values({ adminId, tokenHash: hashPlatformToken(token), expiresAt, createdAt: at, lastSeenAt: at })
    .returning({ id: platformSessions.id });
  if (!row) throw new Error('platform session not inserted');
  return { token, sessionId: row.id, expiresAt };
}

/** The admin as a request's context carries them (unknown permissions left out). */
export function adminOf(row: PlatformUserRow): PlatformContext['admin'] {
  return { id: row.id, username: row.username, permissions: row.permissions.filter(isPlatformPermission) };
}

/** A resolved platform session: its admin, id and absolute end. */
export interface PlatformSessionFound {
  admin: PlatformContext['admin'];
  sessionId: string;
  expiresAt: Date;
}

/**
 * Resolves platform bearer tokens, reading the database on every request (no cache: disabling an
 * admin or ending a session takes effect at once). Unknown or past its idle or absolute end:
 * 200005; ended (sign-out, admin disabled): 200006; admin disabled: 201001.
 */
export function createPlatformAuthenticator(db: Db, now: () => Date) {
  return async (token: string): Promise<PlatformSessionFound> => {
    const [found] = await db
      .select({ session: platformSessions, admin: platformUsers })
      .from(platformSessions)
      .innerJoin(platformUsers, eq(platformUsers.id, platformSessions.adminId))
      .where(eq(platformSessions.tokenHash, hashPlatformToken(token)))
      .limit(1);
    if (!found) throw new AppError('SESSION_EXPIRED');
    const { session, admin } = found;
    if (admin.status !== 'active') throw new AppError('USER_DISABLED');
    if (session.revokedAt) throw new AppError('SESSION_REVOKED');
    const at = now();
    const idleEnd = session.lastSeenAt.getTime() + PLATFORM_SESSION_IDLE_MINUTES * 60_000;
    if (at.getTime() >= session.expiresAt.getTime() || at.getTime() >= idleEnd) {
      throw new AppError('SESSION_EXPIRED');
    }
    if (at.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      await touchPlatformSession(db, session.id, at);
    }
    return { admin: adminOf(admin), sessionId: session.id, expiresAt: session.expiresAt };
  };
}

export type PlatformSessionAuthenticator = ReturnType<typeof createPlatformAuthenticator>;
