import { allowedActions } from '@portal/domain/flight-order-actions';
import { statusColor } from '@portal/domain/flight-order-status';
import type { FlightOrder, FlightOrderListItem, FlightOrderPrice } from '@portal/domain/flight-order';
import type { PaymentChannel } from '@portal/domain/payment';
import type { Solution } from '@portal/domain/shopping';
import { PAYMENT_CHANNELS } from '@portal/domain/payment';
import { money } from '../wallet/money';
import type { FlightOrderRow, OrderEventRow } from './flight-orders.schema';

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
    paymentDeadline: row.paymentDeadline?.toISOString() ?? null,
    confirmDeadline: row.confirmDeadline?.toISOString() ?? null,
    voidDeadline: row.voidDeadline?.toISOString() ?? null,
    now,
  });
}

export function presentPrice(row: FlightOrderRow): FlightOrderPrice {
  const c = row.currency;
  const p = row.prices;
  const parts = p.ticketPriceMinor + p.taxMinor + p.fuelSurchargeMinor + p.airportTaxMinor;
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
  };
}

/** The domain `FlightOrder` of a row and its timeline. */
export function presentOrder(row: FlightOrderRow, events: readonly OrderEventRow[], now: Date): FlightOrder {
  const segments = row.solution.legs.flatMap((l) => l.segments);
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
    timeline: events.map((e) => ({ status: e.toStatus, at: e.at.toISOString(), note: e.note })),
    allowedActions: actionsOf(row, now),
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
> & { legs: Solution['legs']; contactName: string };

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
    allowedActions: actionsOf(row, now),
    passengerNames: listOf(row.passengerNames),
    firstDeparture: first?.departure.time ?? '',
    route,
    orderTotal: money(row.orderTotalMinor, row.currency),
    contactName: row.contactName,
    paymentState: row.paymentState,
  };
}
