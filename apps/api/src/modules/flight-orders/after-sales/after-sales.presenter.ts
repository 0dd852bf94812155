import { sql, type SQL } from 'drizzle-orm';
import type { RelatedOrder } from '@portal/domain/after-sales';
import type { FlightOrder } from '@portal/domain/flight-order';
import type { Db } from '../../../platform/db';
import { jsonRowSql, rowFromJson, rowsFromJson } from '../../../platform/db/json-rows';
import { preparedStatement, rowsOf } from '../../../platform/db/rows';
import { presentOrder } from '../flight-orders.presenter';
import { flightOrders, orderEvents, type FlightOrderRow } from '../flight-orders.schema';
import { ticketClaims } from './after-sales.schema';
import { disruptionOnRecordSql } from './involuntary-refund';
import { ancillariesFrom, ancillariesSql } from '../order-ancillaries';
import { paymentIssueFrom, paymentIssueSql } from '../../payments/index';
import { isUuid } from '@portal/domain/text-checks';

/** What `detailSql` reads beside the order's row, each a JSON value. */
interface DetailRead {
  events: unknown;
  related: unknown;
  claimed: number;
  disruption: string | null;
  ancillaries: unknown;
  payment_issue: unknown;
}

/** The order whose page `detailSql` reads: its values, or the columns of the enclosing statement's order. */
interface DetailOf {
  id: string | SQL;
  agencyId: number | SQL;
  originalBookingId: string | null | SQL;
  /** Its linked orders' condition on `f` (the orders it started, and its own original). */
  linked: SQL;
  /** Whose seats and bags it shows: its original's, or its own. */
  ancillariesOf: string | SQL;
}

/**
 * In one statement, what an order's page shows beyond its own row: its timeline; the orders linked
 * to it (its original, and the change, refund and void orders started from it), oldest first; how
 * many of its ticket-segments are claimed; whether the supplier recorded a disruption on it or an
 * order it was changed from; its original booking's seats and bags; and its payment's refunds or
 * disputes outside the portal.
 */
function detailSql(order: DetailOf): SQL {
  return sql`
    (select json_agg(${jsonRowSql(orderEvents, 'e')} order by e.id) from ${orderEvents} e
      where e.order_id = ${order.id}) as events,
    (select json_agg(json_build_array(f.id, f.booking_number, f.type, f.status, f.created_at)
        order by f.created_at, f.id)
      from ${flightOrders} f where f.agency_id = ${order.agencyId} and ${order.linked}) as related,
    (select count(*)::int from ${ticketClaims} c
      where c.order_id = ${order.id} and c.released_at is null) as claimed,
    ${disruptionOnRecordSql(order)} as disruption,
    ${ancillariesSql(order.ancillariesOf)} as ancillaries,
    ${paymentIssueSql(order.id)} as payment_issue`;
}

/** `detailSql` of an order already read. */
function detailOfRow(row: FlightOrderRow): SQL {
  const linked = row.originalBookingId
    ? sql`(f.original_booking_id = ${row.id} or f.id = ${row.originalBookingId})`
    : sql`f.original_booking_id = ${row.id}`;
  return sql`select ${detailSql({ ...row, linked, ancillariesOf: row.originalBookingId ?? row.id })}`;
}

/** A linked order as `detailSql` writes it: id, booking number, type, status, created. */
function relatedFrom(value: unknown): RelatedOrder {
  const [id, bookingNumber, type, status, createdAt] = value as [
    string,
    string,
    RelatedOrder['type'],
    RelatedOrder['status'],
    string,
  ];
  return { id, bookingNumber, type, status, bookingTime: new Date(createdAt).toISOString() };
}

function presentRead(row: FlightOrderRow, read: DetailRead | undefined, now: Date): FlightOrder {
  const related = Array.isArray(read?.related) ? read.related.map(relatedFrom) : [];
  return presentOrder(row, rowsFromJson(orderEvents, read?.events), now, {
    related,
    claimedTickets: read?.claimed ?? 0,
    disruptionOnRecord: (read?.disruption ?? null) !== null,
    ancillaries: ancillariesFrom(read?.ancillaries),
    paymentIssue: paymentIssueFrom(read?.payment_issue),
  });
}

/** The full `FlightOrder` of a row: its timeline, linked orders and the actions its free tickets allow. */
export async function presentFullOrder(db: Db, row: FlightOrderRow, now: Date): Promise<FlightOrder> {
  const [read] = await rowsOf<DetailRead>(db, detailOfRow(row));
  return presentRead(row, read, now);
}

/** An order's page as `findOrderPage` read it: the row (for the caller's access check) and its page. */
export interface OrderPage {
  row: FlightOrderRow;
  present: (now: Date) => FlightOrder;
}

/**
 * The order's row and its page in one statement, by id (`o.id = :key`) or booking number: the row
 * as a JSON array of its columns (`jsonRowSql`), the rest as `detailSql` reads it for that row.
 */
function orderPageSql(by: 'id' | 'number'): SQL {
  const o = (column: string) => sql.raw(`o.${column}`);
  const detail = detailSql({
    id: o('id'),
    agencyId: o('agency_id'),
    originalBookingId: o('original_booking_id'),
    // Null `original_booking_id` makes the second comparison null: only the orders it started.
    linked: sql`(f.original_booking_id = o.id or f.id = o.original_booking_id)`,
    ancillariesOf: sql`coalesce(o.original_booking_id, o.id)`,
  });
  const key = by === 'id' ? o('id') : o('booking_number');
  return sql`select ${jsonRowSql(flightOrders, 'o')} as "order", ${detail}
    from ${flightOrders} o
    where ${key} = ${sql.placeholder('key')} and o.agency_id = ${sql.placeholder('agencyId')}
    limit 1`;
}

type OrderPageRead = DetailRead & { order: unknown };

/** The two statements (by id, by booking number), each built once on first use. */
const orderPageStatements = new Map<'id' | 'number', ReturnType<typeof preparedStatement<OrderPageRead>>>();

/**
 * The order's page by id or booking number if it belongs to the agency (as `findOrder` then
 * `presentFullOrder`, in one round trip and one prepared statement instead of two built per request).
 */
export async function findOrderPage(
  db: Db,
  agencyId: number,
  idOrNumber: string,
): Promise<OrderPage | undefined> {
  const by = isUuid(idOrNumber) ? 'id' : 'number';
  let statement = orderPageStatements.get(by);
  if (!statement) {
    statement = preparedStatement<OrderPageRead>(`order_page_${by}`, orderPageSql(by));
    orderPageStatements.set(by, statement);
  }
  const key = by === 'id' ? idOrNumber.toLowerCase() : idOrNumber.toUpperCase();
  const [read] = await statement(db, { key, agencyId });
  if (!read) return undefined;
  const row = rowFromJson(flightOrders, read.order);
  return { row, present: (now) => presentRead(row, read, now) };
}
