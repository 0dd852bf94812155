import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { agencies, type AgencyRow } from '../agencies/index';
import { sessions, ssoNonces, type SessionRow } from './auth.schema';
import { userLogs, users, type UserRow } from '../users/index';
import { type UserLogAction } from '@portal/domain/user-log';

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
  agency: AgencyRow;
}

export async function findSessionByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<SessionWithUser | undefined> {
  const [row] = await db
    .select({ session: sessions, user: users, agency: agencies })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function insertSession(
  db: Db,
  values: { userId: number; tokenHash: string; kind: 'password' | 'sso'; expiresAt: Date },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('session insert returned no row');
  return row;
}

export async function touchSession(db: Db, id: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: string, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Revokes every live session of `userId` except `keepId`; returns how many. */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keepId: string,
  reason: string,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Records a single-login code; false when it was already used (replay). */
export async function claimSsoNonce(db: Db, code: string): Promise<boolean> {
  const rows = await db
    .insert(ssoNonces)
    .values({ code })
    .onConflictDoNothing({ target: ssoNonces.code })
    .returning({ code: ssoNonces.code });
  return rows.length === 1;
}

export async function insertUserLog(
  db: Db,
  values: {
    userId: number;
    agencyId: number;
    action: UserLogAction;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await db.insert(userLogs).values(values);
}

export interface UserWithAgency {
  user: UserRow;
  agency: AgencyRow;
}

export async function findUserByUsername(db: Db, username: string): Promise<UserWithAgency | undefined> {
  const [row] = await db
    .select({ user: users, agency: agencies })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function findUserByOutUserId(
  db: Db,
  agencyId: number,
  outUserId: string,
): Promise<UserWithAgency | undefined> {
  const [row] = await db
    .select({ user: users, agency: agencies })
    .from(users)
    .innerJoin(agencies, eq(agencies.id, users.agencyId))
    .where(and(eq(users.agencyId, agencyId), eq(users.outUserId, outUserId)))
    .limit(1);
  return row;
}

/** Ends every live session of the user (they answer 200006, or 201001 once the user is disabled). */
export async function revokeUserSessions(db: Db, userId: number, reason: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Ends every live session of `userIds` in the caller's transaction. */
export async function revokeSessionsOfUsers(
  db: Db,
  userIds: readonly number[],
  reason: string,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(inArray(sessions.userId, [...userIds]), isNull(sessions.revokedAt)));
}
