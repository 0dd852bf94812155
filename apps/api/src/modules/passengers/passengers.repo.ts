import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { users } from '../users/index';
import {
  frequentPassengers,
  memberCards,
  type FrequentPassengerRow,
  type MemberCardRow,
  type NewFrequentPassengerRow,
  type NewMemberCardRow,
} from './passengers.schema';

/** Whose rows: every query is scoped by the user and the user's agency. */
export interface Owner {
  userId: number;
  agencyId: number;
}

export interface PageQuery {
  page: number;
  pageSize: number;
  keyword?: string | undefined;
}

/** `%keyword%` with the LIKE wildcards of the keyword escaped. */
function contains(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ownedPassenger = (owner: Owner) =>
  and(eq(frequentPassengers.userId, owner.userId), eq(frequentPassengers.agencyId, owner.agencyId));
const ownedCard = (owner: Owner) =>
  and(eq(memberCards.userId, owner.userId), eq(memberCards.agencyId, owner.agencyId));

/** Locks the owner's user row: concurrent inserts of one user run one after the other. */
export async function lockOwner(tx: Db, owner: Owner): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
}

export async function countFrequentPassengers(db: Db, owner: Owner): Promise<number> {
  const [row] = await db.select({ n: count() }).from(frequentPassengers).where(ownedPassenger(owner));
  return row?.n ?? 0;
}

export async function listFrequentPassengers(
  db: Db,
  owner: Owner,
  query: PageQuery,
): Promise<{ rows: FrequentPassengerRow[]; total: number }> {
  let where: SQL | undefined = ownedPassenger(owner);
  if (query.keyword) {
    const like = contains(query.keyword);
    where = and(
      where,
      or(
        ilike(frequentPassengers.surname, like),
        ilike(frequentPassengers.givenNames, like),
        ilike(sql`${frequentPassengers.surname} || ' ' || ${frequentPassengers.givenNames}`, like),
        ilike(frequentPassengers.documentNumber, contains(query.keyword.replace(/\s+/g, ''))),
      ),
    );
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(frequentPassengers)
      .where(where)
      .orderBy(desc(frequentPassengers.updatedAt), frequentPassengers.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(frequentPassengers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findFrequentPassenger(
  db: Db,
  owner: Owner,
  id: string,
): Promise<FrequentPassengerRow | undefined> {
  const [row] = await db
    .select()
    .from(frequentPassengers)
    .where(and(ownedPassenger(owner), eq(frequentPassengers.id, id)));
  return row;
}

export async function insertFrequentPassenger(
  db: Db,
  values: NewFrequentPassengerRow,
): Promise<FrequentPassengerRow> {
  const [row] = await db.insert(frequentPassengers).values(values).returning();
  if (!row) throw new Error('frequent passenger insert returned no row');
  return row;
}

export async function updateFrequentPassenger(
  db: Db,
  owner: Owner,
  id: string,
  values: Partial<NewFrequentPassengerRow>,
): Promise<FrequentPassengerRow | undefined> {
  const [row] = await db
    .update(frequentPassengers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ownedPassenger(owner), eq(frequentPassengers.id, id)))
    .returning();
  return row;
}

export async function deleteFrequentPassenger(db: Db, owner: Owner, id: string): Promise<boolean> {
  const rows = await db
    .delete(frequentPassengers)
    .where(and(ownedPassenger(owner), eq(frequentPassengers.id, id)))
    .returning({ id: frequentPassengers.id });
  return rows.length > 0;
}

export async function listMemberCards(
  db: Db,
  owner: Owner,
  query: PageQuery,
): Promise<{ rows: MemberCardRow[]; total: number }> {
  let where: SQL | undefined = ownedCard(owner);
  if (query.keyword) {
    const like = contains(query.keyword);
    where = and(
      where,
      or(
        ilike(memberCards.surname, like),
        ilike(memberCards.givenNames, like),
        ilike(memberCards.number, like),
        ilike(memberCards.airline, like),
      ),
    );
  }
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(memberCards)
      .where(where)
      .orderBy(desc(memberCards.updatedAt), memberCards.id)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(memberCards).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function insertMemberCard(db: Db, values: NewMemberCardRow): Promise<MemberCardRow> {
  const [row] = await db.insert(memberCards).values(values).returning();
  if (!row) throw new Error('member card insert returned no row');
  return row;
}

export async function updateMemberCard(
  db: Db,
  owner: Owner,
  id: string,
  values: Partial<NewMemberCardRow>,
): Promise<MemberCardRow | undefined> {
  const [row] = await db
    .update(memberCards)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(ownedCard(owner), eq(memberCards.id, id)))
    .returning();
  return row;
}

export async function deleteMemberCard(db: Db, owner: Owner, id: string): Promise<boolean> {
  const rows = await db
    .delete(memberCards)
    .where(and(ownedCard(owner), eq(memberCards.id, id)))
    .returning({ id: memberCards.id });
  return rows.length > 0;
}
