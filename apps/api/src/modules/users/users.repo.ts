import { and, asc, count, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { users, type UserRow } from './users.schema';

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
  // A password the user chose ends the duty to replace a temporary one.
  await db.update(users).set({ passwordHash, mustChangePassword: false }).where(eq(users.id, id));
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

/** A user that was deleted: kept (orders, sessions and the user log point at it), never listed. */
export const DELETED_STATUS = 'deleted';

/** Filters of the agency's user list; `keyword` matches username, nickname, e-mail or mobile. */
export interface UserListFilters {
  keyword?: string | undefined;
  role?: string | undefined;
  status?: string | undefined;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function listConditions(agencyId: number, filters: UserListFilters) {
  const conditions = [eq(users.agencyId, agencyId), ne(users.status, DELETED_STATUS)];
  if (filters.keyword) {
    const pattern = `%${escapeLike(filters.keyword)}%`;
    const match = or(
      ilike(users.username, pattern),
      ilike(users.nickname, pattern),
      ilike(users.email, pattern),
      ilike(users.mobileNumber, pattern),
    );
    if (match) conditions.push(match);
  }
  if (filters.role) conditions.push(sql`${filters.role} = any(${users.roles})`);
  if (filters.status) conditions.push(eq(users.status, filters.status));
  return and(...conditions);
}

/** One page of an agency's users (deleted ones left out), oldest first. */
export async function listAgencyUsers(
  db: Db,
  agencyId: number,
  filters: UserListFilters,
  page: number,
  pageSize: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = listConditions(agencyId, filters);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [counted] = await db.select({ total: count() }).from(users).where(where);
  return { rows, total: counted?.total ?? 0 };
}

/** The agency's user with this id, unless deleted. */
export async function findAgencyUser(db: Db, agencyId: number, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.agencyId, agencyId), ne(users.status, DELETED_STATUS)))
    .limit(1);
  return row;
}

/** True when some user (of any agency, deleted ones included) has this username, case aside. */
export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/** The agency's users, other than `exceptId`, who are SuperUsers and may sign in. */
export async function countOtherWorkingSuperUsers(
  db: Db,
  agencyId: number,
  exceptId: number,
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(
      and(
        eq(users.agencyId, agencyId),
        ne(users.id, exceptId),
        inArray(users.status, ['active', 'testing']),
        sql`'SuperUser' = any(${users.roles})`,
      ),
    );
  return row?.total ?? 0;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function updateUser(
  db: Db,
  id: number,
  set: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  return row;
}
