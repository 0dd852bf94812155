import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { PlatformPermission } from '@portal/domain/platform';
import type { Db } from '../../platform/db';
import { platformSessions, platformUsers, type PlatformUserRow } from './platform-admin.schema';

/** The admin named `username` (already lower-case), if any. */
export async function findAdminByUsername(db: Db, username: string): Promise<PlatformUserRow | undefined> {
  const [row] = await db.select().from(platformUsers).where(eq(platformUsers.username, username)).limit(1);
  return row;
}

/** Inserts an active admin; answers the row. */
export async function insertAdmin(
  db: Db,
  values: { username: string; passwordHash: string; totpSecret: string; permissions: PlatformPermission[] },
): Promise<PlatformUserRow> {
  const [row] = await db.insert(platformUsers).values(values).returning();
  if (!row) throw new Error('platform admin not inserted');
  return row;
}

/**
 * Records `step` as the admin's last accepted TOTP step, only when it is later than the one
 * recorded: false when another sign-in used this code (or a later one) first.
 */
export async function claimTotpStep(db: Db, adminId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(platformUsers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(platformUsers.id, adminId),
        or(isNull(platformUsers.totpLastStep), lt(platformUsers.totpLastStep, step)),
      ),
    )
    .returning({ id: platformUsers.id });
  return rows.length === 1;
}

/** Disables the admin and ends their sessions; answers the row before, or undefined. */
export async function disableAdmin(db: Db, username: string, at: Date): Promise<PlatformUserRow | undefined> {
  const before = await findAdminByUsername(db, username);
  if (!before) return undefined;
  await db
    .update(platformUsers)
    .set({ status: 'disabled', updatedAt: at })
    .where(eq(platformUsers.id, before.id));
  await db
    .update(platformSessions)
    .set({ revokedAt: at, revokedReason: 'admin_disabled' })
    .where(and(eq(platformSessions.adminId, before.id), isNull(platformSessions.revokedAt)));
  return before;
}

/** Ends one platform session. */
export async function revokePlatformSession(db: Db, sessionId: string, reason: string, at: Date) {
  await db
    .update(platformSessions)
    .set({ revokedAt: at, revokedReason: reason })
    .where(and(eq(platformSessions.id, sessionId), isNull(platformSessions.revokedAt)));
}

/** Slides a session's idle expiry. */
export async function touchPlatformSession(db: Db, sessionId: string, at: Date) {
  await db
    .update(platformSessions)
    .set({ lastSeenAt: sql`greatest(${platformSessions.lastSeenAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(platformSessions.id, sessionId));
}

/** The absolute end of a platform session, if it exists. */
export async function sessionEnd(db: Db, sessionId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ expiresAt: platformSessions.expiresAt })
    .from(platformSessions)
    .where(eq(platformSessions.id, sessionId))
    .limit(1);
  return row?.expiresAt;
}
