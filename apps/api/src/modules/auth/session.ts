import crypto from 'node:crypto';
import type { MeResult } from '@portal/domain/auth';
import type { Db } from '../../platform/db';
import type { AgencyRow, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { presentCompany } from '../agencies/agencies.presenter';
import { canSignIn, presentUser } from '../users/users.presenter';
import { findSessionByTokenHash, insertSession, touchSession, type SessionWithUser } from './auth.repo';

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

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
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
 * Resolves a bearer token to its session. Unknown token or past idle/absolute expiry: 200005;
 * revoked (logout, password changed elsewhere): 200006; user disabled: 201001.
 */
export async function authenticateToken(
  db: Db,
  policy: SessionPolicy,
  token: string,
  now: Date,
): Promise<SessionWithUser> {
  const found = await findSessionByTokenHash(db, hashToken(token));
  if (!found) throw new AppError('SESSION_EXPIRED');
  const { session, user } = found;
  if (session.revokedAt) throw new AppError('SESSION_REVOKED');
  const idleDeadline = session.lastSeenAt.getTime() + policy.idleMinutes * 60_000;
  if (now.getTime() >= session.expiresAt.getTime() || now.getTime() >= idleDeadline) {
    throw new AppError('SESSION_EXPIRED');
  }
  if (!canSignIn(user)) throw new AppError('USER_DISABLED');
  if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchSession(db, session.id, now);
  }
  return found;
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
