import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf } from '../../platform/db/rows';

/**
 * The counts kept per agency, status and UTC day (`order_daily_counts`, `order-daily-counts.ts`)
 * equal the orders' counts (empty when they do); for tests and benches, beside the ledger's
 * invariants (`ledgerViolations` runs it). Rows kept at 0 (every order of that status and day
 * moved on) are no difference.
 */
export async function orderCountViolations(db: Db): Promise<string[]> {
  const differing = await rowsOf<{
    agency_id: number;
    status: string;
    day: string;
    kept: string;
    orders: string;
  }>(
    db,
    sql`
    select coalesce(k.agency_id, o.agency_id) as agency_id, coalesce(k.status, o.status) as status,
      coalesce(k.day, o.day)::text as day, coalesce(k.orders, 0)::text as kept, coalesce(o.orders, 0)::text as orders
    from (select * from order_daily_counts where orders <> 0) k
    full join (
      select agency_id, status, date_trunc('day', created_at, 'UTC') as day, count(*) as orders
      from flight_orders group by 1, 2, 3
    ) o on o.agency_id = k.agency_id and o.status = k.status and o.day = k.day
    where coalesce(k.orders, 0) <> coalesce(o.orders, 0)`,
  );
  return differing.map(
    (r) =>
      `agency ${r.agency_id}'s ${r.status} orders of the day ${r.day}: ${r.kept} kept, ${r.orders} booked`,
  );
}
