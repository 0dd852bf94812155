import { and, count, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { Disruption, DisruptionList, DisruptionListQuery } from '@portal/domain/disruptions';
import type { Solution } from '@portal/domain/shopping';
import type { Db } from '../../../platform/db';
import type { RequestContext } from '../../../platform/request-context';
import { dayEndIn, dayStartIn } from '../../../platform/time-zones';
import { orderScope } from '../flight-orders.policy';
import { flightOrders } from '../flight-orders.schema';
import { flightDisruptions } from './after-sales.schema';
import { presentDisruption } from './disruptions.presenter';

/** What a disruption row is presented with: its order's booking number, route and passengers. */
const COLUMNS = {
  row: flightDisruptions,
  bookingNumber: flightOrders.bookingNumber,
  passengerNames: flightOrders.passengerNames,
  legs: sql<Solution['legs']>`${flightOrders.solution} -> 'legs'`,
};

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `GET /order/v2/flight/disruptions`: the agency's disruptions the user may see, newest first. */
export async function listDisruptions(
  db: Db,
  ctx: RequestContext,
  q: DisruptionListQuery,
): Promise<DisruptionList> {
  const where: SQL[] = [eq(flightDisruptions.agencyId, ctx.agency.id), orderScope(ctx)];
  if (q.type) where.push(eq(flightDisruptions.type, q.type));
  if (q.status) where.push(eq(flightDisruptions.status, q.status));
  // The agency's calendar days, both included.
  if (q.dateFrom) where.push(gte(flightDisruptions.createdAt, dayStartIn(q.dateFrom, ctx.company.timeZone)));
  if (q.dateTo) where.push(lt(flightDisruptions.createdAt, dayEndIn(q.dateTo, ctx.company.timeZone)));
  if (q.bookingNumber) where.push(ilike(flightOrders.bookingNumber, likeText(q.bookingNumber.trim())));
  const condition = and(...where);
  const joined = () =>
    db
      .select(COLUMNS)
      .from(flightDisruptions)
      .innerJoin(flightOrders, eq(flightOrders.id, flightDisruptions.orderId));
  const [rows, total] = await Promise.all([
    joined()
      .where(condition)
      .orderBy(desc(flightDisruptions.createdAt), desc(flightDisruptions.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({ n: count() })
      .from(flightDisruptions)
      .innerJoin(flightOrders, eq(flightOrders.id, flightDisruptions.orderId))
      .where(condition),
  ]);
  return {
    list: rows.map(presentDisruption),
    total: total[0]?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** `GET /order/v2/flight/orders/{id}/disruptions`: the order's disruptions, newest first. */
export async function listOrderDisruptions(
  db: Db,
  ctx: RequestContext,
  orderId: string,
): Promise<Disruption[]> {
  const rows = await db
    .select(COLUMNS)
    .from(flightDisruptions)
    .innerJoin(flightOrders, eq(flightOrders.id, flightDisruptions.orderId))
    .where(and(eq(flightDisruptions.orderId, orderId), orderScope(ctx)))
    .orderBy(desc(flightDisruptions.createdAt), desc(flightDisruptions.id));
  return rows.map(presentDisruption);
}
