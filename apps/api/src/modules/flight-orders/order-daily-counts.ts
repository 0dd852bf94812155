import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { flightOrders, orderDailyCounts } from './flight-orders.schema';

/*
 * Exact counts of an agency's orders from the counts the database keeps per agency, status and UTC
 * day of booking (`order_daily_counts`, migration 0041, kept by triggers at each order write's
 * commit): the whole UTC days of a range are summed from the kept rows (one a status and day, a
 * few hundred for a month), and only the orders of its partial first and last day are counted
 * from `flight_orders`, through the indexes the list uses. So a count of the whole agency costs the
 * same at a million orders as at a thousand, without the cap the other shapes' counts stop at.
 */

const p = sql.placeholder;
const DAY_MS = 86_400_000;

/** The placeholders of `exactCountOf`: the range `[countFrom, countTo)` and its whole UTC days. */
export interface CountRange {
  countFrom: string;
  countFromDay: string;
  countToDay: string;
  countTo: string;
}

/**
 * The placeholder values of a count of the orders booked in `[from, to)` (instants as ISO text,
 * either open): the whole UTC days from the first UTC midnight at or after `from` to the last at or
 * before `to`, and the partial days before and after them. A range within one UTC day has no
 * whole day: its edges are set so that the first partial day is the range and the second empty.
 */
export function countRange(from: string | undefined, to: string | undefined): CountRange {
  const countFrom = from ?? '-infinity';
  const countTo = to ?? 'infinity';
  const fromDay = from === undefined ? undefined : Math.ceil(Date.parse(from) / DAY_MS) * DAY_MS;
  const toDay = to === undefined ? undefined : Math.floor(Date.parse(to) / DAY_MS) * DAY_MS;
  if (fromDay !== undefined && toDay !== undefined && fromDay >= toDay) {
    return { countFrom, countFromDay: countTo, countToDay: countTo, countTo };
  }
  return {
    countFrom,
    countFromDay: fromDay === undefined ? '-infinity' : new Date(fromDay).toISOString(),
    countToDay: toDay === undefined ? 'infinity' : new Date(toDay).toISOString(),
    countTo,
  };
}

/**
 * The exact number of the orders of the agency `scopeAgencyId` with one of the statuses
 * `status0`…`status{statuses - 1}` (any status when 0) booked in `[countFrom, countTo)`
 * (`countRange`'s placeholders): the kept counts of the whole days plus the orders of the partial
 * ones. For the whole agency only: the kept counts know nothing of users, types or texts.
 */
export function exactCountOf(db: Db, statuses: number): SQL<number> {
  const o = flightOrders;
  const d = orderDailyCounts;
  const placeholders = Array.from({ length: statuses }, (_, i) => p(`status${i}`));
  const keptDays = db
    .select({ n: sql`coalesce(sum(${d.orders}), 0)` })
    .from(d)
    .where(
      and(
        eq(d.agencyId, p('scopeAgencyId')),
        statuses > 0 ? inArray(d.status, placeholders) : undefined,
        gte(d.day, p('countFromDay')),
        lt(d.day, p('countToDay')),
      ),
    );
  const ordersIn = (from: string, to: string) =>
    db
      .select({ n: sql`count(*)` })
      .from(o)
      .where(
        and(
          eq(o.agencyId, p('scopeAgencyId')),
          statuses > 0 ? inArray(o.status, placeholders) : undefined,
          gte(o.createdAt, p(from)),
          lt(o.createdAt, p(to)),
        ),
      );
  return sql<number>`((${keptDays}) + (${ordersIn('countFrom', 'countFromDay')}) + (${ordersIn('countToDay', 'countTo')}))::bigint`.mapWith(
    Number,
  );
}

/**
 * The agency's (`scopeAgencyId`) orders of each of the statuses `status0`…, all time: the sums of
 * their kept counts, per status (a status without orders has no row).
 */
export function keptStatusCountsOf(db: Db, statuses: number) {
  const d = orderDailyCounts;
  return db
    .select({ status: d.status, n: sql<number>`sum(${d.orders})::bigint`.mapWith(Number) })
    .from(d)
    .where(
      and(
        eq(d.agencyId, p('scopeAgencyId')),
        inArray(
          d.status,
          Array.from({ length: statuses }, (_, i) => p(`status${i}`)),
        ),
      ),
    )
    .groupBy(d.status);
}
