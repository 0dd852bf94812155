import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../../modules/users/password';
import { DEMO_WALLETS } from '../../modules/wallet/wallet.seed';
import { DEMO_AGENCIES, DEMO_USERS } from '../../seed/demo-data';
import { seedBaseData, seedDemo } from '../../seed/seed';
import { API_ROOT } from '../config';
import { openDatabase, type Database } from './index';

/**
 * Several API instances started at the same moment on one empty PostgreSQL database (PostgreSQL
 * only: PGlite is one process by construction, see lock.ts). Each test works in a fresh schema
 * that every instance reaches through its search path, as two servers on one database would.
 */
const url = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'pg' && url !== undefined;

const MIGRATIONS = path.join(API_ROOT, 'drizzle');
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function admin(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

/** A new empty schema and a copy of the migrations aimed at it (they name `"public".`). */
async function freshSchema(): Promise<{ name: string; migrations: string; client: pg.Client }> {
  const client = await admin();
  const name = `lock_${crypto.randomBytes(6).toString('hex')}`;
  await client.query(`create schema "${name}"`);
  const migrations = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-migrations-'));
  fs.cpSync(MIGRATIONS, migrations, { recursive: true });
  for (const file of fs.readdirSync(migrations).filter((f) => f.endsWith('.sql'))) {
    const full = path.join(migrations, file);
    fs.writeFileSync(full, fs.readFileSync(full, 'utf8').replaceAll('"public".', `"${name}".`));
  }
  cleanups.push(async () => {
    fs.rmSync(migrations, { recursive: true, force: true });
    await client.query(`drop schema "${name}" cascade`);
  });
  return { name, migrations, client };
}

/** One API instance's database handle, on `schema` through its search path. */
async function instance(schema: string): Promise<Database> {
  const database = await openDatabase({
    databaseUrl: url,
    pgOptions: { options: `-c search_path=${schema}` },
  });
  cleanups.push(() => database.close());
  return database;
}

/** True when another session can take the setup lock of `schema` now (nobody holds it). */
async function setupLockIsFree(schema: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    const key = "hashtext('portal:setup:' || coalesce(current_schema(), ''))";
    const { rows } = await client.query<{ taken: boolean }>(`select pg_try_advisory_lock(${key}) as taken`);
    return rows[0]?.taken === true;
  } finally {
    await client.end();
  }
}

describe.skipIf(!onPostgres)('instances starting together on one empty PostgreSQL database', () => {
  it('migrate one after another under the setup lock: all succeed and every table exists once', async () => {
    const { name, migrations, client } = await freshSchema();
    const instances = await Promise.all([instance(name), instance(name), instance(name)]);
    const outcomes = await Promise.allSettled(instances.map((db) => db.migrate(migrations, name)));
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : o.status))).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);

    const tables = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = $1`,
      [name],
    );
    const names = tables.rows.map((r) => r.table_name);
    expect(names).toContain('agencies');
    expect(names).toContain('users');
    expect(new Set(names).size).toBe(names.length);
    const sqlFiles = fs.readdirSync(migrations).filter((f) => f.endsWith('.sql'));
    const applied = await client.query<{ n: number }>(
      `select count(*)::int as n from "${name}"."__drizzle_migrations"`,
    );
    expect(applied.rows[0]?.n).toBe(sqlFiles.length);
    expect(await setupLockIsFree(name)).toBe(true);
  });

  it('releases the setup lock when a migration fails', async () => {
    const { name, migrations } = await freshSchema();
    const journal = path.join(migrations, 'meta', '_journal.json');
    const broken = JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: { tag: string }[] };
    const first = broken.entries[0]?.tag ?? '';
    fs.writeFileSync(path.join(migrations, `${first}.sql`), 'create table "oops" (;');
    const database = await instance(name);
    await expect(database.migrate(migrations, name)).rejects.toThrow();
    expect(await setupLockIsFree(name)).toBe(true);
  });

  it('seed the demo data once: one seeds, the others find it done', async () => {
    const { name, migrations, client } = await freshSchema();
    const instances = await Promise.all([instance(name), instance(name), instance(name)]);
    await instances[0]?.migrate(migrations, name);
    const hasher = createPasswordHasher(true);
    const outcomes = await Promise.allSettled(
      instances.map(async (database) => {
        await seedBaseData(database.db);
        return seedDemo(database.db, hasher.hash);
      }),
    );
    expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : o.status))).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    const seeded = outcomes.map((o) => o.status === 'fulfilled' && o.value);
    expect(seeded.filter(Boolean)).toHaveLength(1);

    const count = async (table: string, where = 'true') =>
      (
        await client.query<{ n: number }>(
          `select count(*)::int as n from "${name}"."${table}" where ${where}`,
        )
      ).rows[0]?.n;
    expect(await count('agencies')).toBe(DEMO_AGENCIES.length);
    expect(await count('users')).toBe(DEMO_USERS.length);
    // The platform funds each top-level agency; a sub-agency's opening balance is its parent's transfer.
    expect(await count('journal_entries', "kind in ('top-up', 'transfer')")).toBe(DEMO_WALLETS.length);
  });
});
