import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/app';
import type { Database } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';
import { applications } from './applications.schema';

let database: Database;
let dispose: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const created = await createTestDatabase();
  database = created.database;
  dispose = created.dispose;
}, 60_000);
afterAll(async () => {
  await dispose?.();
});

describe('applications table (migration 0026)', () => {
  it('stores an enquiry as new, with its times', async () => {
    const [row] = await database.db
      .insert(applications)
      .values({ name: 'Ada', email: 'Ada@Example.com', country: 'GB', locale: 'en' })
      .returning();
    expect(row?.status).toBe('new');
    expect(row?.convertedAgencyId).toBeNull();
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(row?.updatedAt).toBeInstanceOf(Date);
  });

  it('refuses a status outside the four', async () => {
    await expect(
      database.db
        .insert(applications)
        .values({ name: 'B', country: 'CN', locale: 'zh-cn', status: 'spam' as never }),
    ).rejects.toThrow();
  });

  it('refuses a converted agency that does not exist', async () => {
    await expect(
      database.db
        .insert(applications)
        .values({ name: 'C', country: 'CN', locale: 'en', convertedAgencyId: 987654 }),
    ).rejects.toThrow();
  });

  it('has the status-by-date and lower(email) indexes', async () => {
    const rows = await rowsOf<{ indexname: string; indexdef: string }>(
      database.db,
      sql`select indexname, indexdef from pg_indexes where tablename = 'applications' order by indexname`,
    );
    const defs = Object.fromEntries(rows.map((r) => [r.indexname, r.indexdef]));
    expect(defs['applications_status_created_idx']).toMatch(/\(status, created_at DESC/);
    expect(defs['applications_email_lower_idx']).toMatch(/lower\(email\)/);
  });
});
