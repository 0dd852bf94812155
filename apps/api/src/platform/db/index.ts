import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './lock';
import { withSetupLock } from './setup-lock';
import { listenPglite, PgListener, type NotificationHandlers, type Unlisten } from './notifications';

export type { NotificationHandlers, Unlisten } from './notifications';

/**
 * A database or transaction handle; PGlite and node-postgres share this type. Tables live in
 * their modules' `*.schema.ts` and are imported where queried; no relational (`db.query`) schema
 * is registered, so the handle needs none of them.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Applies the SQL migrations of `migrationsFolder`. On PostgreSQL it holds the setup advisory
   * lock meanwhile, so that instances starting at once on one database migrate one after another.
   */
  migrate(migrationsFolder: string, migrationsSchema?: string): Promise<void>;
  /** Answers when the database does (`select 1`). */
  ping(): Promise<void>;
  /**
   * Subscribes to `pg_notify` on `channel` (the channel is a plain lower-case name). Resolves
   * after the first attempt to LISTEN, successful or not: until `handlers.listening(true)`, and
   * again after a `listening(false)`, notifications may be missed. Closing the database ends
   * every subscription.
   */
  listen(channel: string, handlers: NotificationHandlers): Promise<Unlisten>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; undefined means in-memory (tests). */
  pgliteDir?: string | undefined;
  /** node-postgres pool options, e.g. `options: '-c search_path=…'` for tests. */
  pgOptions?: pg.PoolConfig;
  /**
   * In-memory PGlite only (tests): start from a dumped data directory instead of running initdb,
   * and/or reuse WebAssembly modules compiled once.
   */
  pgliteOptions?: Pick<PGliteOptions, 'loadDataDir' | 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>;
}

/** Opens PostgreSQL when a URL is given, else PGlite (in `pgliteDir`, or in memory). */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, ...options.pgOptions });
    const db = drizzlePg({ client: pool });
    // Same server, user and search path as the pool's connections, on a connection of its own.
    const listener = new PgListener({ connectionString: options.databaseUrl, ...options.pgOptions });
    return {
      db,
      kind: 'postgres',
      migrate: async (migrationsFolder, migrationsSchema) => {
        // The migrator's queries and the lock share one connection: the lock is per session.
        const client = await pool.connect();
        await withSetupLock(client, () =>
          migratePg(drizzlePg({ client }), { migrationsFolder, migrationsSchema }),
        );
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      listen: (channel, handlers) => listener.listen(channel, handlers),
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  let lock: DataDirLock | undefined;
  if (options.pgliteDir) {
    fs.mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
    lock = acquireDataDirLock(path.join(path.dirname(options.pgliteDir), 'pglite.lock'));
  }
  try {
    // pg_trgm: the order list's substring search by booking number (migration 0008).
    const extensions = { pg_trgm };
    const client = options.pgliteDir
      ? new PGlite(options.pgliteDir, { extensions })
      : new PGlite({ ...options.pgliteOptions, extensions });
    await client.waitReady;
    const db = drizzlePglite({ client });
    return {
      db,
      kind: 'pglite',
      migrate: (migrationsFolder, migrationsSchema) =>
        migratePglite(db, { migrationsFolder, migrationsSchema }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      listen: (channel, handlers) => listenPglite(client, channel, handlers),
      close: async () => {
        try {
          if (!client.closed) await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
