import { eq, sql } from 'drizzle-orm';
import type { Db } from '../platform/db';
import { agencies } from '../modules/agencies/agencies.schema';

/** Merges `patch` into an agency's common config (test settings straight in the database). */
export async function setCommonConfig(db: Db, agencyId: number, patch: Record<string, unknown>) {
  await db
    .update(agencies)
    .set({ commonConfig: sql`${agencies.commonConfig} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(agencies.id, agencyId));
}

/** Removes `key` from an agency's common config (a setting never made). */
export async function unsetCommonConfig(db: Db, agencyId: number, key: string) {
  await db
    .update(agencies)
    .set({ commonConfig: sql`${agencies.commonConfig} - ${key}::text` })
    .where(eq(agencies.id, agencyId));
}

/** Merges `patch` into an agency's flight settings. */
export async function setFlightSettings(db: Db, agencyId: number, patch: Record<string, unknown>) {
  await db
    .update(agencies)
    .set({ flightSettings: sql`${agencies.flightSettings} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(agencies.id, agencyId));
}

/** Sets an agency's time zone (company setting): sign in again after it, a session keeps its company. */
export async function setAgencyTimeZone(db: Db, agencyId: number, timeZone: string) {
  await db.update(agencies).set({ timeZone }).where(eq(agencies.id, agencyId));
}
