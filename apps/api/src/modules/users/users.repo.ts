import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { agencies, users, type AgencyRow, type UserRow } from '../../platform/db/schema';

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

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export interface ProfileChanges {
  nickname?: string | undefined;
  mobile?: { areaCode: string; number: string } | null | undefined;
  avatar?: string | null | undefined;
}

export async function updateProfile(
  db: Db,
  id: number,
  changes: ProfileChanges,
): Promise<UserRow | undefined> {
  const set: Partial<typeof users.$inferInsert> = {};
  if (changes.nickname !== undefined) set.nickname = changes.nickname;
  if (changes.avatar !== undefined) set.avatar = changes.avatar;
  if (changes.mobile !== undefined) {
    set.mobileAreaCode = changes.mobile?.areaCode ?? null;
    set.mobileNumber = changes.mobile?.number ?? null;
  }
  if (Object.keys(set).length === 0) return findUserById(db, id);
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  return row;
}

export async function updatePasswordHash(db: Db, id: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, id));
}

/** Sets one key of the personal config; returns the updated user. */
export async function setConfigValue(
  db: Db,
  id: number,
  key: string,
  value: unknown,
): Promise<UserRow | undefined> {
  const patch = JSON.stringify({ [key]: value });
  const [row] = await db
    .update(users)
    .set({ config: sql`${users.config} || ${patch}::jsonb` })
    .where(eq(users.id, id))
    .returning();
  return row;
}
