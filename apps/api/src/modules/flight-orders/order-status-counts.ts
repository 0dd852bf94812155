import { and, count, eq, sql } from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import { ORDER_LIST_COUNT_CAP, type StatusCount } from '@portal/domain/flight-order';
import type { Db } from '../../platform/db';
import type { RequestContext } from '../../platform/request-context';
import type { OrderListCache } from './list-cache';
import { orderScopeTemplate } from './flight-orders.policy';
import { flightOrders } from './flight-orders.schema';
import { perShape, statementName } from '../../platform/db/rows';
import { cacheKey, statusesOf } from './order-list-keys';
import { keptStatusCountsOf } from './order-daily-counts';

const p = sql.placeholder;

type StatusCountsStatement = PgPreparedQuery<PreparedQueryConfig & { execute: Record<string, number>[] }>;
type KeptCountsStatement = PgPreparedQuery<
  PreparedQueryConfig & { execute: { status: string; n: number }[] }
>;

/** The prepared sums of kept counts per number of statuses, per database. */
const keptCounts = perShape<KeptCountsStatement>();

/**
 * The whole agency's exact counts of `size` statuses (placeholders `status0`…): the sums of their
 * counts kept per day (`order-daily-counts.ts`), a row per status and day of the agency's.
 */
function keptCountsOf(db: Db, size: number) {
  return keptCounts(db, String(size), () => {
    const query = keptStatusCountsOf(db, size);
    return query.prepare(statementName('order_list_kept_status_counts', query.toSQL().sql));
  });
}

/** The prepared status counts per scope shape and number of statuses, per database. */
const statusCounts = perShape<StatusCountsStatement>();

/**
 * One statement counting `size` statuses (placeholders `status0`…), each up to one past the cap
 * (an index-only walk of at most that many entries), so the tabs cost the same at a million
 * orders as at a thousand. Built and prepared once per scope shape and size.
 */
function statusCountsOf(db: Db, scope: ReturnType<typeof orderScopeTemplate>, size: number) {
  return statusCounts(db, `${scope.key};${size}`, () => {
    const cappedCountOf = (i: number) =>
      sql<number>`(${db.select({ n: count() }).from(
        db
          .select({ one: sql`1` })
          .from(flightOrders)
          .where(and(scope.condition(), eq(flightOrders.status, p(`status${i}`))))
          .limit(ORDER_LIST_COUNT_CAP + 1)
          .as('matching'),
      )})`.mapWith(Number);
    const fields = Object.fromEntries(Array.from({ length: size }, (_, i) => [`n${i}`, cappedCountOf(i)]));
    const query = db.select(fields).from(sql`(select 1) as one`);
    // The number of statuses is bounded by the statuses there are, so these stay few.
    return query.prepare(statementName('order_list_status_counts', query.toSQL().sql));
  });
}

/**
 * `GET /order/v2/flight/orders/status?status=a,b`: `{status, cnt}` per tab, group or status key.
 * The whole agency's counts are exact (from the counts kept per day); with "only own orders" past
 * `ORDER_LIST_COUNT_CAP` the count is the cap with `capped: true`. With `cache`, the counts are
 * reused like the list's rows.
 */
export async function countByStatus(
  db: Db,
  ctx: RequestContext,
  keys: string,
  cache?: OrderListCache,
): Promise<StatusCount[]> {
  const wanted = [
    ...new Set(
      keys
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
  const byKey = wanted.map((key) => ({ key, statuses: statusesOf(key) }));
  const all = [...new Set(byKey.flatMap((k) => k.statuses))];
  const counts = new Map<string, number>();
  const scope = orderScopeTemplate(ctx);
  if (all.length) {
    const values = { ...scope.values, ...Object.fromEntries(all.map((status, i) => [`status${i}`, status])) };
    const read =
      scope.key === 'agency'
        ? async () => {
            const rows = await keptCountsOf(db, all.length).execute(values);
            const byStatus = new Map(rows.map((r) => [r.status, r.n]));
            return Object.fromEntries(all.map((status, i) => [`n${i}`, byStatus.get(status) ?? 0]));
          }
        : async () => (await statusCountsOf(db, scope, all.length).execute(values))[0];
    const row = cache?.active
      ? await cache.read(cacheKey(db, 'counts', scope.key, values), ctx.agency.id, read)
      : await read();
    all.forEach((status, i) => counts.set(status, row?.[`n${i}`] ?? 0));
  }
  return byKey.map(({ key, statuses }) => {
    const n = statuses.reduce((sum, s) => sum + (counts.get(s) ?? 0), 0);
    return n > ORDER_LIST_COUNT_CAP && scope.key !== 'agency'
      ? { status: key, cnt: ORDER_LIST_COUNT_CAP, capped: true }
      : { status: key, cnt: n };
  });
}
