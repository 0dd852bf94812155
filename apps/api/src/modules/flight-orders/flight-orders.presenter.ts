import type {
  AfterSalesDetail,
  AfterSalesQuote,
  RelatedOrder,
  VoluntaryAfterSales,
  VoluntaryState,
} from '@portal/domain/after-sales';
import { allowedActions, type FlightOrderAction } from '@portal/domain/flight-order-actions';
import { statusColor } from '@portal/domain/flight-order-status';
import type {
  FlightOrder,
  FlightOrderListItem,
  FlightOrderPrice,
  PaymentIssue,
} from '@portal/domain/flight-order';
import type { PaymentChannel } from '@portal/domain/payment';
import type { Solution } from '@portal/domain/shopping';
import { PAYMENT_CHANNELS } from '@portal/domain/payment';
import { presentTimelineNote } from '@portal/domain/timeline-notes';
import { flightOrderDocuments } from '@portal/domain/traveller-documents';
import { offerRuleFee } from '../shopping/index';
import { money } from '../wallet/index';
import type { FlightOrderRow, OrderEventRow, StoredAfterSales } from './flight-orders.schema';
import { presentAncillary } from './order-ancillaries';
import type { AncillaryRow } from './order-ancillaries.schema';

/** What an order's page shows beyond its own row (loaded by `loadOrderLinks`). */
export interface OrderLinks {
  /** An original's change, refund and void orders; an after-sales order's original. */
  related: RelatedOrder[];
  /** How many of this order's ticket-segments a claim holds (live, or kept once refunded, voided or changed). */
  claimedTickets: number;
  /** The supplier recorded a disruption on this order or one it was changed from (after-sales' `disruptionOnRecord`). */
  disruptionOnRecord?: boolean;
  /** The original booking's seats and bags (the detail; an after-sales order shows its original's). */
  ancillaries?: readonly AncillaryRow[];
  /** A refund or dispute of the order's card payment outside the portal (the detail). */
  paymentIssue?: PaymentIssue | null;
}

const NO_LINKS: OrderLinks = { related: [], claimedTickets: 0 };

/** Actions that start a new after-sales order from this one: none once every ticket-segment is taken. */
const TICKET_ACTIONS: readonly FlightOrderAction[] = ['change', 'refund', 'void'];

/** The actions left once no ticket-segment is free: a fully refunded, voided or changed order offers no change, refund or void. */
function openActions(actions: FlightOrderAction[], ticketsLeft: number): FlightOrderAction[] {
  return ticketsLeft > 0 ? actions : actions.filter((a) => !TICKET_ACTIONS.includes(a));
}

const channelOf = (value: string | null): PaymentChannel | null =>
  value !== null && (PAYMENT_CHANNELS as readonly string[]).includes(value)
    ? (value as PaymentChannel)
    : null;

function actionsOf(
  row: Pick<FlightOrderRow, 'status' | 'type' | 'paymentDeadline' | 'confirmDeadline' | 'voidDeadline'>,
  now: Date,
) {
  return allowedActions({
    status: row.status,
    type: row.type,
    paymentDeadline: row.paymentDeadline,
    confirmDeadline: row.confirmDeadline,
    voidDeadline: row.voidDeadline,
    now,
  });
}

/** The after-sales detail of a change, refund or void order (null for an original). */
export function presentAfterSales(
  afterSales: StoredAfterSales | null,
  confirmDeadline: Date | null,
): AfterSalesDetail | null {
  if (!afterSales) return null;
  const q = afterSales.quote;
  return {
    selection: afterSales.selection,
    refundReason: afterSales.refundReason,
    changeReason: afterSales.changeReason,
    remark: afterSales.remark,
    quote: q
      ? {
          paid: money(q.paidMinor, q.currency),
          priceDifference: money(q.priceDifferenceMinor, q.currency),
          taxDifference: money(q.taxDifferenceMinor, q.currency),
          changeFee: money(q.changeFeeMinor, q.currency),
          refundFee: money(q.refundFeeMinor, q.currency),
          serviceFee: money(q.serviceFeeMinor, q.currency),
          refundableTotal: money(q.refundableTotalMinor, q.currency),
          amountDue: money(q.amountDueMinor, q.currency),
        }
      : null,
    rejectReason: afterSales.rejectReason,
    confirmDeadline: confirmDeadline?.toISOString() ?? null,
  };
}

/** The quote's price fields of spec §3 that apply to the order's type (null for the others). */
function quotePrices(type: FlightOrderRow['type'], q: AfterSalesQuote | null): Partial<FlightOrderPrice> {
  if (!q) return {};
  const m = (minor: number) => money(minor, q.currency);
  if (type === 'change') {
    return {
      priceDifference: m(q.priceDifferenceMinor),
      taxDifference: m(q.taxDifferenceMinor),
      changeFee: m(q.changeFeeMinor),
      serviceFee: m(q.serviceFeeMinor),
    };
  }
  if (type === 'refund' || type === 'void') {
    return {
      refundFee: m(q.refundFeeMinor),
      refundableTotal: m(q.refundableTotalMinor),
      serviceFee: m(q.serviceFeeMinor),
    };
  }
  return {};
}

export function presentPrice(row: FlightOrderRow): FlightOrderPrice {
  const c = row.currency;
  const p = row.prices;
  const extras = p.ancillariesMinor ?? 0;
  const parts = p.ticketPriceMinor + p.taxMinor + p.fuelSurchargeMinor + p.airportTaxMinor + extras;
  const difference = row.saleTotalMinor - parts;
  const segments = row.solution.legs.flatMap((l) => l.segments);
  const fareBasis = segments.every((s) => s.fareBasis === null)
    ? null
    : segments.map((s) => s.fareBasis ?? '').join('/');
  return {
    ticketPrice: money(p.ticketPriceMinor, c),
    faceValue: money(p.ticketPriceMinor, c),
    tax: money(p.taxMinor, c),
    airportTax: money(p.airportTaxMinor, c),
    fuelSurcharge: money(p.fuelSurchargeMinor, c),
    discount: difference < 0 ? money(-difference, c) : null,
    serviceFee: difference > 0 ? money(difference, c) : null,
    transactionFee: null,
    saleTotal: money(row.saleTotalMinor, c),
    orderTotal: money(row.orderTotalMinor, c),
    costPrice: null,
    fareBasis,
    priceDifference: null,
    taxDifference: null,
    changeFee: null,
    refundFee: null,
    refundableTotal: null,
    creditCardFee: null,
    ...(extras > 0 ? { ancillaries: money(extras, c) } : {}),
    ...(row.type === 'origin' ? {} : quotePrices(row.type, row.afterSales?.quote ?? null)),
  };
}

/**
 * What the fare's terms say of a voluntary `kind` asked at `now`: open when some segment still to
 * fly allows it (the API's own check, `offerRuleFee`, per segment), else why the latest one does
 * not. The fee's size does not matter here, so one passenger type stands for all.
 */
function voluntaryState(row: FlightOrderRow, kind: 'change' | 'refund', now: Date): VoluntaryState {
  const type = row.passengers[0]?.type ?? 'adult';
  const count = row.offer.legs.reduce((n, leg) => n + leg.segments.length, 0);
  let state: VoluntaryState = 'notAllowed';
  for (let i = 0; i < count; i++) {
    const fee = offerRuleFee(row.offer, kind, [type], [i], now);
    if (fee.allowed) return 'open';
    state = fee.reason;
  }
  return state;
}

function voluntaryOf(
  row: FlightOrderRow,
  actions: readonly FlightOrderAction[],
  now: Date,
): { voluntaryAfterSales?: VoluntaryAfterSales } {
  if (!actions.includes('change') && !actions.includes('refund')) return {};
  return {
    voluntaryAfterSales: {
      change: voluntaryState(row, 'change', now),
      refund: voluntaryState(row, 'refund', now),
    },
  };
}

/**
 * The domain `FlightOrder` of a row, its timeline and its links. An order whose every
 * ticket-segment is claimed (in a live request, or refunded, voided or changed) offers no change,
 * refund or void.
 */
export function presentOrder(
  row: FlightOrderRow,
  events: readonly OrderEventRow[],
  now: Date,
  links: OrderLinks = NO_LINKS,
): FlightOrder {
  const segments = row.solution.legs.flatMap((l) => l.segments);
  const actions = openActions(
    actionsOf(row, now),
    row.passengers.length * segments.length - links.claimedTickets,
  );
  return {
    id: row.id,
    bookingNumber: row.bookingNumber,
    originalBookingId: row.originalBookingId,
    referenceId: row.pnr,
    type: row.type,
    status: row.status,
    statusColor: statusColor(row.status),
    pnr: row.pnr,
    airline: row.airline,
    flightNumbers: segments.map((s) => `${s.marketingCarrier}${s.flightNumber}`),
    segments,
    segmentLegs: row.solution.legs.flatMap((leg, legIndex) => leg.segments.map(() => legIndex)),
    passengers: row.passengers,
    contact: row.contact,
    price: presentPrice(row),
    payment: {
      state: row.paymentState,
      channel: channelOf(row.paymentChannel),
      paidAt: row.paidAt?.toISOString() ?? null,
    },
    paymentDeadline: row.paymentDeadline?.toISOString() ?? null,
    bookingTime: row.createdAt.toISOString(),
    ticketingTier: row.ticketingTier,
    remark: row.remark,
    timeline: events.map((e) => ({
      status: e.toStatus,
      at: e.at.toISOString(),
      ...presentTimelineNote(e.note),
    })),
    allowedActions: actions,
    afterSales: presentAfterSales(row.afterSales, row.confirmDeadline),
    relatedOrders: links.related,
    confirmDeadline: row.confirmDeadline?.toISOString() ?? null,
    voidDeadline: row.voidDeadline?.toISOString() ?? null,
    ...(links.disruptionOnRecord === undefined ? {} : { disruptionOnRecord: links.disruptionOnRecord }),
    ...voluntaryOf(row, actions, now),
    fareRules: row.solution.rules,
    baggage: row.solution.baggage,
    documents: flightOrderDocuments({
      type: row.type,
      passengers: row.passengers,
      invoiceType: row.solution.restrictions.invoiceType,
    }),
    ...(links.ancillaries
      ? {
          ancillaries: links.ancillaries
            .map((a) => presentAncillary(a, money))
            .filter((a): a is NonNullable<typeof a> => a !== null),
        }
      : {}),
    ...(links.paymentIssue === undefined ? {} : { paymentIssue: links.paymentIssue }),
  };
}

/** One row of the order list. */
/** The columns a list row needs: no offer, prices or passengers JSON, and only the solution's legs. */
export type ListRow = Pick<
  FlightOrderRow,
  | 'id'
  | 'bookingNumber'
  | 'originalBookingId'
  | 'type'
  | 'status'
  | 'pnr'
  | 'airline'
  | 'flightNumbers'
  | 'passengerNames'
  | 'paymentDeadline'
  | 'confirmDeadline'
  | 'voidDeadline'
  | 'createdAt'
  | 'currency'
  | 'orderTotalMinor'
  | 'paymentState'
> & {
  legs: Solution['legs'];
  contactName: string;
  passengerCount: number;
  /** Ticket-segments held by a live or completed change, refund or void. */
  claimedTickets: number;
};

const listOf = (joined: string) => (joined ? joined.split('|') : []);

export function presentListItem(row: ListRow, now: Date): FlightOrderListItem {
  const first = row.legs[0]?.segments[0];
  const route = row.legs
    .map((l) => [l.segments[0]?.departure.airport, ...l.segments.map((s) => s.arrival.airport)].join('-'))
    .join(',');
  return {
    id: row.id,
    bookingNumber: row.bookingNumber,
    originalBookingId: row.originalBookingId,
    type: row.type,
    status: row.status,
    statusColor: statusColor(row.status),
    pnr: row.pnr,
    airline: row.airline,
    flightNumbers: listOf(row.flightNumbers),
    paymentDeadline: row.paymentDeadline?.toISOString() ?? null,
    bookingTime: row.createdAt.toISOString(),
    allowedActions: openActions(
      actionsOf(row, now),
      row.passengerCount * row.legs.reduce((n, leg) => n + leg.segments.length, 0) - row.claimedTickets,
    ),
    passengerNames: listOf(row.passengerNames),
    firstDeparture: first?.departure.time ?? '',
    route,
    orderTotal: money(row.orderTotalMinor, row.currency),
    contactName: row.contactName,
    paymentState: row.paymentState,
  };
}
