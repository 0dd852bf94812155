import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import {
  type GroupOrderList,
  type GroupOrderListQuery,
  type GroupStatusCount,
} from '@portal/domain/group-order';
import { GROUP_ORDER_STATUSES } from '@portal/domain/group-order-status';
import type { Db } from '../../platform/db';
import type { RequestContext } from '../../platform/request-context';
import { presentGroupListItem } from './group-orders.presenter';
import { groupOrderScope } from './group-orders.policy';
import { groupOrders } from './group-orders.schema';

/** A page of the caller's group orders, filtered by status and booking number, newest first by default. */
export async function listGroupOrders(
  db: Db,
  ctx: RequestContext,
  query: GroupOrderListQuery,
  now: Date,
): Promise<GroupOrderList> {
  const filters: SQL[] = [groupOrderScope(ctx)];
  if (query.status) filters.push(eq(groupOrders.status, query.status));
  if (query.bookingNumber) filters.push(eq(groupOrders.bookingNumber, query.bookingNumber.toUpperCase()));
  const where = and(...filters);
  const field = query.sort.replace(/^-/, '') === 'status' ? groupOrders.status : groupOrders.createdAt;
  const direction = query.sort.startsWith('-') ? desc : asc;
  const rows = await db
    .select()
    .from(groupOrders)
    .where(where)
    .orderBy(direction(field), direction(groupOrders.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(groupOrders).where(where);
  const list = [];
  for (const row of rows) list.push(await presentGroupListItem(db, row, now));
  return { list, total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
}

/** `[{status, cnt}]` for every status, zeros included (the group menu routes' counts). */
export async function groupStatusCounts(db: Db, ctx: RequestContext): Promise<GroupStatusCount[]> {
  const rows = await db
    .select({ status: groupOrders.status, n: count() })
    .from(groupOrders)
    .where(groupOrderScope(ctx))
    .groupBy(groupOrders.status);
  const by = new Map(rows.map((r) => [r.status, r.n]));
  return GROUP_ORDER_STATUSES.map((status) => ({ status, cnt: by.get(status) ?? 0 }));
}
