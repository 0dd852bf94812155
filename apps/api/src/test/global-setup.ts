import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { API_ROOT } from '../platform/config';
import { openDatabase } from '../platform/db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of an in-memory PGlite data directory with every migration applied. */
    pgliteSnapshot: string;
  }
}

/**
 * Runs initdb and the migrations once per run and dumps the data directory: each test file then
 * starts its in-memory PGlite from that dump (about a second) instead of initdb + migrations
 * (several seconds each on the 2-core CI machine).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-snapshot-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({});
  try {
    await database.migrate(path.join(API_ROOT, 'drizzle'));
    // drizzle's `$client` is the PGlite instance `openDatabase` made.
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
