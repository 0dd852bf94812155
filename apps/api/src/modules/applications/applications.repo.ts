import { and, count, gt, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { applications, type ApplicationRow } from './applications.schema';

export async function insertApplication(
  db: Db,
  row: typeof applications.$inferInsert,
): Promise<ApplicationRow> {
  const [inserted] = await db.insert(applications).values(row).returning();
  if (!inserted) throw new Error('application not stored');
  return inserted;
}

/** Enquiries stored for `email` (any case) since `since`; uses the lower(email) index. */
export async function countRecentByEmail(db: Db, email: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(applications)
    .where(
      and(sql`lower(${applications.email}) = ${email.toLowerCase()}`, gt(applications.createdAt, since)),
    );
  return row?.n ?? 0;
}
