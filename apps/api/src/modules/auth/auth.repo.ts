import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import {
  agencies,
  sessions,
  ssoNonces,
  userLogs,
  users,
  type AgencyRow,
  type SessionRow,
  type UserLogAction,
  type UserRow,
} from '../../platform/db/schema';

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
