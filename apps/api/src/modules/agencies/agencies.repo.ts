import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { agencies, type AgencyRow } from '../../platform/db/schema';

export async function findAgencyById(db: Db, id: number): Promise<AgencyRow | undefined> {
  const [row] = await db.select().from(agencies).where(eq(agencies.id, id)).limit(1);
  return row;
}
