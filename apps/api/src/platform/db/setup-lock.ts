import { sql } from 'drizzle-orm';
import type pg from 'pg';

/**
 * The PostgreSQL advisory lock key every instance takes before it changes or seeds the schema, so
 * that instances started together on one empty database take turns instead of both running
 * `CREATE TABLE`. One key per schema (`current_schema()`, i.e. the connection's search path):
 * test schemas on one server do not wait for each other.
 */
const SETUP_LOCK_KEY = "hashtext('portal:setup:' || coalesce(current_schema(), ''))";

/**
 * Runs `work` on `client` (one dedicated connection) while holding the setup lock at session
 * level, and releases it afterwards, also when `work` fails. Nothing else runs on the connection
 * meanwhile. A connection whose unlock failed is destroyed, which ends its locks.
 */
export async function withSetupLock<T>(client: pg.PoolClient, work: () => Promise<T>): Promise<T> {
  let broken: Error | undefined;
  try {
    await client.query(`select pg_advisory_lock(${SETUP_LOCK_KEY})`);
    try {
      return await work();
    } finally {
      try {
        await client.query(`select pg_advisory_unlock(${SETUP_LOCK_KEY})`);
      } catch (error) {
        broken = error as Error;
      }
    }
  } finally {
    client.release(broken ?? false);
  }
}

/**
 * Takes the setup lock until the end of the caller's transaction (`pg_advisory_xact_lock`): for
 * work that checks whether the schema is seeded and then seeds it.
 */
export const lockSetupInTransaction = sql.raw(`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
