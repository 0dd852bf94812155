import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { siteSettings } from './site.schema';

export const SITE_CONFIG_KEY = 'site';

export async function readSiteSetting(db: Db, key: string): Promise<Record<string, unknown> | undefined> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, key)).limit(1);
  return row?.value;
}
