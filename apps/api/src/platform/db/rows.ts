import crypto from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './index';

/** The rows of a raw statement (PGlite and node-postgres both answer `{rows}`). */
export async function rowsOf<T>(db: Db, statement: SQL): Promise<T[]> {
  const result: unknown = await db.execute(statement);
  return rowsIn(result);
}

function rowsIn<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | undefined)?.rows;
  return Array.isArray(rows) ? (rows as T[]) : [];
}

const dialect = new PgDialect();

/**
 * The name of a prepared statement: `{kind}_{hash of its text}`, so one name only ever has one
 * text (node-postgres prepares a name once per connection and reuses it whatever text comes later).
 */
export function statementName(kind: string, text: string): string {
  return `${kind}_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
}

/**
 * Statements (or anything else) built once per shape and database handle: `of(db, shape, build)`
 * answers the one built for that shape, building it on first use. A transaction's handle has its
 * own, dropped with it. Past `maxShapes` shapes of a handle, `build` is told it will not be kept
 * (`kept` false: e.g. left unnamed, so nothing accumulates on the connections) and runs each time.
 */
export function perShape<T>(maxShapes = Number.POSITIVE_INFINITY) {
  const byDb = new WeakMap<Db, Map<string, T>>();
  return function of(db: Db, shape: string, build: (kept: boolean) => T): T {
    let shapes = byDb.get(db);
    if (!shapes) {
      shapes = new Map();
      byDb.set(db, shapes);
    }
    let built = shapes.get(shape);
    if (built === undefined) {
      const kept = shapes.size < maxShapes;
      built = build(kept);
      if (kept) shapes.set(shape, built);
    }
    return built;
  };
}

/**
 * A statement built once with placeholders (`sql.placeholder`) and run by name with each call's
 * values: neither drizzle's building of its text (a long statement's chunks walked on every
 * request) nor PostgreSQL's parsing is paid again; node-postgres prepares it once per connection.
 * For a busy read of one fixed text (`preparedRowsOf` builds the text on every call).
 */
export function preparedStatement<T>(
  kind: string,
  statement: SQL,
): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const name = statementName(kind, query.sql);
  return async (db, values) =>
    rowsIn(await db._.session.prepareQuery(query, undefined, name, false).execute(values));
}

/** As `preparedStatement`, left unnamed: parsed and planned with its values on every call, nothing kept per connection. */
export function unnamedStatement<T>(
  statement: SQL,
): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  return async (db, values) =>
    rowsIn(await db._.session.prepareQuery(query, undefined, undefined, false).execute(values));
}

/**
 * As `rowsOf`, for a busy read whose text takes few shapes: the statement is named after its text
 * (`{kind}_{hash}`), so node-postgres parses it once per connection and PostgreSQL keeps its plan
 * source (and may settle on one plan) instead of parsing and planning a long statement on every
 * request. The caller keeps the number of shapes small (variable-length lists make a text each).
 */
export async function preparedRowsOf<T>(db: Db, kind: string, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const name = statementName(kind, query.sql);
  const result: unknown = await db._.session.prepareQuery(query, undefined, name, false).execute();
  return rowsIn(result);
}
