import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../../apps/api/src/platform/db/index';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/api/drizzle');

/** A value of a sorted sample at quantile `q` (0..1). */
export function pct(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** Runs one statement on its own connection (no client is left open between the bench's steps). */
async function adminQuery(url: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A fresh, migrated schema on the PostgreSQL server at `url`, so a benchmark never touches other
 * data; `drop()` closes the pool and removes the schema (to keep it, close `database` instead). The
 * migrations name `"public".` in their foreign keys, so a copy with the schema's name is applied.
 */
/**
 * A schema kept by an earlier run (`BENCH_KEEP_SCHEMA`), opened as it is: no migration, no seed,
 * no insert, so a bench can be rerun on the same data (`BENCH_SCHEMA`). `finish()` only closes it.
 */
export async function keptSchema(
  url: string,
  schema: string,
  poolSize: number,
): Promise<{ database: Database; schema: string; finish(): Promise<void> }> {
  if (!/^bench_[0-9a-f]{10}$/.test(schema)) throw new Error(`not a bench schema: ${schema}`);
  const database = await openDatabase({
    databaseUrl: url,
    pgOptions: { options: `-c search_path=${schema}`, max: poolSize },
  });
  return { database, schema, finish: () => database.close() };
}

export async function migratedSchema(
  url: string,
  poolSize: number,
): Promise<{ database: Database; schema: string; drop(): Promise<void>; finish(): Promise<void> }> {
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(url, `create schema "${schema}"`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-migrations-'));
  fs.cpSync(MIGRATIONS, dir, { recursive: true });
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
    const full = path.join(dir, file);
    fs.writeFileSync(full, fs.readFileSync(full, 'utf8').replaceAll('"public".', `"${schema}".`));
  }
  const database = await openDatabase({
    databaseUrl: url,
    pgOptions: { options: `-c search_path=${schema}`, max: poolSize },
  });
  await database.migrate(dir, schema);
  fs.rmSync(dir, { recursive: true, force: true });
  const drop = async () => {
    await database.close();
    await adminQuery(url, `drop schema "${schema}" cascade`);
  };
  return {
    database,
    schema,
    drop,
    /** At the bench's end: drops the schema, or keeps its data for experiments with BENCH_KEEP_SCHEMA. */
    async finish() {
      if (!process.env.BENCH_KEEP_SCHEMA) return drop();
      await database.close();
      console.log(`Kept schema ${schema} (BENCH_KEEP_SCHEMA); drop it with: drop schema "${schema}" cascade`);
    },
  };
}
