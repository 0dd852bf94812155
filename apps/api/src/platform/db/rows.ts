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
  const name = `${kind}_${crypto.createHash('sha1').update(query.sql).digest('hex').slice(0, 16)}`;
  return async (db, values) =>
    rowsIn(await db._.session.prepareQuery(query, undefined, name, false).execute(values));
}

/**
 * As `rowsOf`, for a busy read whose text takes few shapes: the statement is named after its text
 * (`{kind}_{hash}`), so node-postgres parses it once per connection and PostgreSQL keeps its plan
 * source (and may settle on one plan) instead of parsing and planning a long statement on every
 * request. The caller keeps the number of shapes small (variable-length lists make a text each).
 */
export async function preparedRowsOf<T>(db: Db, kind: string, statement: SQL): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const name = `${kind}_${crypto.createHash('sha1').update(query.sql).digest('hex').slice(0, 16)}`;
  const result: unknown = await db._.session.prepareQuery(query, undefined, name, false).execute();
  return rowsIn(result);
}
