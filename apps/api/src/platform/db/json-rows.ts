/*
 * Rows of a table carried as JSON inside another statement, so that one round trip can read an
 * order with its timeline, links and payments: `jsonRowSql` writes a row as a JSON array of its
 * columns, `rowFromJson` turns that array back into the row drizzle's own select would give, each
 * value through its column's mapping (dates, 8-byte numbers, JSON).
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';

/** Types JSON cannot carry without losing digits: sent as text, as the driver sends them. */
const AS_TEXT = /^(bigint|numeric|decimal)/;

const columnsOf = (table: PgTable): [string, PgColumn][] => Object.entries(getTableColumns(table));

/**
 * `json_build_array(alias.col1, alias.col2, …)` of every column of `table` in its declared order,
 * for a row named `alias` in the enclosing statement; read it back with `rowFromJson`.
 */
export function jsonRowSql(table: PgTable, alias: string): SQL {
  const values = columnsOf(table).map(([, column]) => {
    const ref = sql.raw(`${alias}."${column.name}"`);
    return AS_TEXT.test(column.getSQLType()) ? sql`${ref}::text` : ref;
  });
  return sql`json_build_array(${sql.join(values, sql`, `)})`;
}

/** The row of `table` that `jsonRowSql` wrote as `values`. */
export function rowFromJson<T extends PgTable>(table: T, values: unknown): T['$inferSelect'] {
  if (!Array.isArray(values)) throw new TypeError(`not a JSON row of ${getTableName(table)}`);
  const row: Record<string, unknown> = {};
  columnsOf(table).forEach(([key, column], i) => {
    const value: unknown = values[i];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  });
  return row as T['$inferSelect'];
}

/** The rows of a `json_agg` of `jsonRowSql` values (null, as an empty aggregate gives, is none). */
export function rowsFromJson<T extends PgTable>(table: T, values: unknown): T['$inferSelect'][] {
  if (values === null || values === undefined) return [];
  if (!Array.isArray(values)) throw new TypeError(`not JSON rows of ${getTableName(table)}`);
  return values.map((value) => rowFromJson(table, value));
}
