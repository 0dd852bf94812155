import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { REPO_ROOT } from '../platform/config';
import { openDatabase, type Database } from '../platform/db';
import { createTestDatabase, usePostgres } from './app';

/** What the tests that start the real server as a child process share. */

/** Something to undo after the file's tests (run in reverse order by the caller's `afterAll`). */
export type Cleanup = () => Promise<void> | void;

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A secret of the length the server's configuration asks for, new for each server. */
export const randomSecret = () => crypto.randomBytes(24).toString('hex');

/** A port on 127.0.0.1 that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Where a server keeps its data, as environment variables, and how the test opens it too. */
export interface ServerDatabase {
  env: Record<string, string>;
  open(): Promise<Database>;
}

/**
 * A fresh place for a server's data: a PGlite directory, or (with TEST_DB=pg) a fresh PostgreSQL
 * schema. The schema is made and migrated here; the server is given it through `search_path` and
 * an empty migrations folder (its own migrator would record the migrations outside the schema).
 */
export async function serverDatabase(prefix: string, cleanups: Cleanup[]): Promise<ServerDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (!usePostgres) {
    return {
      env: { DATA_DIR: dataDir },
      open: async () => {
        const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
        cleanups.push(() => database.close());
        return database;
      },
    };
  }
  const created = await createTestDatabase();
  cleanups.push(() => created.dispose());
  const answer = await created.database.db.execute(sql`select current_schema() as schema`);
  const [row] = z.object({ rows: z.array(z.object({ schema: z.string() })) }).parse(answer).rows;
  if (!row) throw new Error('no schema');
  const noMigrations = path.join(dataDir, 'no-migrations');
  fs.mkdirSync(path.join(noMigrations, 'meta'), { recursive: true });
  fs.writeFileSync(
    path.join(noMigrations, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: [] }),
  );
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.searchParams.set('options', `-c search_path=${row.schema}`);
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString(), MIGRATIONS_DIR: noMigrations },
    open: async () => created.database,
  };
}

/**
 * The environment of a demo server for the crash tests: `storage`'s data, fresh secrets, the test
 * hooks, no web build, no seeded history (they count orders and jobs from an empty start), no
 * supplier latency and no login limits; `extra` adds or overrides.
 */
export function demoServerEnv(
  storage: ServerDatabase,
  extra: Record<string, string>,
): Record<string, string> {
  return {
    ...storage.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PORTAL_DEMO: 'true',
    SEED_DEMO_BUSINESS: 'false',
    PARTNER_SSO_SECRET: randomSecret(),
    PAYMENT_GATEWAY_SECRET: randomSecret(),
    WEB_DIST: path.join(os.tmpdir(), 'portal-no-web-dist'),
    ENABLE_TEST_HOOKS: 'true',
    SUPPLIER_LATENCY_SCALE: '0',
    LOGIN_RATE_LIMIT_MAX: '1000',
    LOGIN_IP_RATE_LIMIT_MAX: '1000',
    ...extra,
  };
}

/** Ends a server process with `signal` (SIGKILL: a crash; SIGTERM: a clean stop) and waits for it. */
export async function endProcess(child: ChildProcess, signal: 'SIGKILL' | 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

/**
 * Starts `node --import tsx apps/api/src/server.ts` with `env` on a free port of 127.0.0.1 and
 * waits (polling, at most `timeoutMs`) until `/readyz` answers; killed after the file's tests.
 * `watch` gets the child and its base URL at once, before any output, to keep what it prints.
 * Throws with `describe()` (what the caller kept of the output) when it exits or never gets ready.
 */
export async function startServerProcess(
  env: Record<string, string>,
  cleanups: Cleanup[],
  options: { timeoutMs: number; watch: (child: ChildProcess, base: string) => void; describe: () => string },
): Promise<ChildProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: os.homedir(), ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = `http://127.0.0.1:${port}`;
  options.watch(child, base);
  cleanups.push(() => endProcess(child, 'SIGKILL'));
  const deadline = Date.now() + options.timeoutMs;
  while (Date.now() < deadline && child.exitCode === null && child.signalCode === null) {
    const ready = await fetch(`${base}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return child;
    await pause(100);
  }
  await endProcess(child, 'SIGKILL');
  throw new Error(`server did not start: ${options.describe()}`);
}
