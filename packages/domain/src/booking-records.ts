import { z } from 'zod';
import { TICKET_STATUSES, ticketStatusKey, type TicketStatus } from './ticket-statuses';
import { CountWanted, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageOf } from './flight-order';
import { CalendarDate } from './primitives';
import { CABINS, PASSENGER_TYPES } from './shopping';

/**
 * Booking records (`/flight/orders/voyage`, spec §2): one row per passenger and segment of the
 * agency's orders that hold tickets — issued originals and changed change orders.
 *
 * The ticket's status of a row is derived from the ticket-segment's kept claim (`ticket_claims`
 * without `released_at`) and the status of the after-sales order holding it:
 * - refund order refunded, refunded_reimbursing or refunded_reimbursed -> `refunded`;
 * - void order voided, voided_reimbursing or voided_reimbursed -> `voided`;
 * - change order changed -> `changed` (its new tickets are rows of the change order);
 * - anything else (no claim, or a request still under way or held) -> `issued`, with the live
 *   request in `afterSales` so the agent sees it is being worked on.
 */
export { TICKET_STATUSES, ticketStatusKey, type TicketStatus };

/** After-sales statuses in which a claimed ticket-segment has taken the request's effect. */
export const TICKET_STATUS_BY_AFTER_SALES: Readonly<Record<string, TicketStatus>> = {
  refunded: 'refunded',
  refunded_reimbursing: 'refunded',
  refunded_reimbursed: 'refunded',
  voided: 'voided',
  voided_reimbursing: 'voided',
  voided_reimbursed: 'voided',
  changed: 'changed',
};

/** The ticket status a kept claim's after-sales order status gives (`issued` while under way). */
export function ticketStatusOf(afterSalesStatus: string | null | undefined): TicketStatus {
  return (afterSalesStatus && TICKET_STATUS_BY_AFTER_SALES[afterSalesStatus]) || 'issued';
}

const Text = z.string().trim().min(1).max(64);

/** Filters of `GET /order/v2/flight/voyages` and its export; dates are local departure dates. */
export const VoyageFilters = z.strictObject({
  dateFrom: CalendarDate.optional(),
  dateTo: CalendarDate.optional(),
  /** Part of `SURNAME/GIVEN NAMES`, any case; a space stands for the slash. */
  passenger: Text.optional(),
  /** Part of a ticket number (dashes ignored). */
  ticketNumber: Text.optional(),
  /** Part of a flight number (`CA1501`, spaces ignored). */
  flightNumber: Text.optional(),
  /** A whole booking number or part of one. */
  bookingNumber: Text.optional(),
  pnr: Text.optional(),
  status: z.enum(TICKET_STATUSES).optional(),
});
export type VoyageFilters = z.infer<typeof VoyageFilters>;

const checkRange = (q: { dateFrom?: string | undefined; dateTo?: string | undefined }) =>
  !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo;

/** Query of `GET /order/v2/flight/voyages`: the filters, `page` and `pageSize` (newest bookings first). */
/**
 * A booking records cursor: the row's booking time in microseconds since 1970, its order's id, and
 * the passenger's and the segment's places in the order (1-based passenger, 0-based segment).
 */
export const VOYAGE_CURSOR =
  /^\d{1,17}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}_\d{1,3}_\d{1,3}$/;

export const VoyageListQuery = VoyageFilters.extend({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /**
   * The `next` of the page before, to read `page` as the rows after that page's last one (keyset
   * paging: a deep page reads like a first one, and bookings made meanwhile do not shift it).
   */
  after: z.string().regex(VOYAGE_CURSOR).optional(),
  /** `false`: the page without the count (`CountWanted`). */
  count: CountWanted,
}).refine(checkRange, { path: ['dateTo'], message: 'range' });
export type VoyageListQuery = z.infer<typeof VoyageListQuery>;

/** Query of `GET /order/v2/flight/voyages/export`. */
export const VoyageExportQuery = VoyageFilters.refine(checkRange, { path: ['dateTo'], message: 'range' });
export type VoyageExportQuery = z.infer<typeof VoyageExportQuery>;

/** Local time of an airport, `YYYY-MM-DDTHH:mm`, with its IANA zone. */
const FlightTime = z.object({ airport: z.string(), time: z.string(), timeZone: z.string() });

/** One booking record: a passenger on a segment of a ticketed order. */
export const VoyageRow = z.object({
  orderId: z.string(),
  bookingNumber: z.string(),
  orderType: z.enum(['origin', 'change']),
  pnr: z.string().nullable(),
  bookingTime: z.iso.datetime(),
  passengerId: z.string(),
  /** `SURNAME/GIVEN NAMES`. */
  passengerName: z.string(),
  passengerType: z.enum(PASSENGER_TYPES),
  ticketNumber: z.string().nullable(),
  /** Index in the order's flattened segments (the after-sales selection's `segmentIndexes`). */
  segmentIndex: z.number().int().min(0),
  flightNumber: z.string(),
  marketingCarrier: z.string(),
  departure: FlightTime,
  arrival: FlightTime,
  cabin: z.enum(CABINS),
  ticketStatus: z.enum(TICKET_STATUSES),
  /** The after-sales order holding this ticket-segment (under way or done), if any. */
  afterSales: z
    .object({
      orderId: z.string(),
      bookingNumber: z.string(),
      type: z.enum(['change', 'refund', 'void']),
      status: z.string(),
    })
    .nullable(),
});
export type VoyageRow = z.infer<typeof VoyageRow>;

/** Rows beyond this many are not counted: the total then reads "10,000+" (`totalCapped`). */
export const VOYAGE_COUNT_CAP = 10_000;
/**
 * With a filter on the rows themselves (departure date, ticket status, a passenger, ticket or
 * flight number), rows beyond this many are not counted: "1,000+", as the order list's searches
 * (`ORDER_SEARCH_COUNT_CAP`). Counting them reads each walked row (and its claim for a status),
 * not only index entries.
 */
export const VOYAGE_SEARCH_COUNT_CAP = 1_000;
/** Most rows one Excel export writes (the newest bookings first). */
export const VOYAGE_EXPORT_CAP = 10_000;

/** A page of booking records; `next` (a full page) is its last row's cursor, the next page's `after`. */
export const VoyageList = pageOf(VoyageRow).extend({
  /** Absent when the query said `count=false`. */
  total: z.number().int().min(0).optional(),
  totalCapped: z.boolean().optional(),
  next: z.string().optional(),
});
export type VoyageList = z.infer<typeof VoyageList>;
