import type { SQL } from 'drizzle-orm';
import type { Db } from './index';

/** The rows of a raw statement (PGlite and node-postgres both answer `{rows}`). */
export async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  const rows = (result as { rows?: unknown }).rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}
