import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { clientQuotes, type ClientQuoteRow } from './client-quotes.schema';

/** A new public token: 24 random bytes, 32 URL-safe characters (192 bits cannot be guessed or walked). */
export const newQuoteToken = () => randomBytes(24).toString('base64url');

export async function insertClientQuote(
  db: Db,
  row: typeof clientQuotes.$inferInsert,
): Promise<ClientQuoteRow> {
  const [inserted] = await db.insert(clientQuotes).values(row).returning();
  if (!inserted) throw new Error('client quote not inserted');
  return inserted;
}

/** The quote of `token` while it is valid at `now`; undefined when unknown or expired alike. */
export async function findValidQuote(db: Db, token: string, now: Date): Promise<ClientQuoteRow | undefined> {
  const [row] = await db
    .select()
    .from(clientQuotes)
    .where(and(eq(clientQuotes.token, token), gt(clientQuotes.expiresAt, now)))
    .limit(1);
  return row;
}

/** One page of an agency's quotes, newest first (`userId`: only that user's). */
export async function listQuotes(
  db: Db,
  scope: { agencyId: number; userId?: number },
  page: { page: number; pageSize: number },
): Promise<{ rows: ClientQuoteRow[]; total: number }> {
  const conditions: SQL[] = [eq(clientQuotes.agencyId, scope.agencyId)];
  if (scope.userId !== undefined) conditions.push(eq(clientQuotes.userId, scope.userId));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(clientQuotes)
    .where(where)
    .orderBy(desc(clientQuotes.createdAt), desc(clientQuotes.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [counted] = await db.select({ n: count() }).from(clientQuotes).where(where);
  return { rows, total: counted?.n ?? 0 };
}
