/*
 * After-sales at Duffel: cancellations of unticketed orders, refunds and voids (order
 * cancellations: quote, then confirm) and changes (order change requests, their offers, and the
 * order change confirmed with a balance payment). Duffel acts on whole orders: a request for some
 * passengers or some segments only is refused with a reason, never sent.
 */
import type { Order as DuffelOrder, OrderCancellation, OrderChangeOffer } from '@duffel/api/types';
import {
  type ChangeQuoteAnswer,
  type ChangeRequestToSupplier,
  type RefundQuoteAnswer,
  type RefundRequestToSupplier,
  type ReissueAnswer,
  SupplierRefusal,
  type VoidAnswer,
  type VoidRequestToSupplier,
} from '../../modules/shopping/index';
import { type DuffelClient, failureOf } from './client';
import { decimalOf, duffelCabin, minorOf, OFFER_CURRENCY } from './map-offer';
import { orderIdOf, ticketsOf } from './map-order';

/** Duffel's error codes for an order that cannot be cancelled again. */
export const ALREADY_CANCELLED_CODES: readonly string[] = ['order_already_cancelled', 'already_cancelled'];

/** How many of a quote's answers the adapter remembers until it is confirmed (per process). */
const REMEMBERED = 500;

/** A small map that forgets its oldest entries. */
export class Remembered<T> {
  private readonly entries = new Map<string, T>();
  get(key: string): T | undefined {
    return this.entries.get(key);
  }
  set(key: string, value: T): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > REMEMBERED) this.entries.delete(this.entries.keys().next().value ?? '');
  }
  delete(key: string): void {
    this.entries.delete(key);
  }
}

/** Why Duffel cannot act on part of an order: the request's passengers and segments must be all of them. */
export function wholeOrderProblem(
  order: Pick<DuffelOrder, 'passengers' | 'slices'>,
  passengers: number,
  segmentIndexes: readonly number[] | undefined,
): string | undefined {
  if (passengers !== order.passengers.length)
    return 'Duffel cancels and changes whole orders: every passenger must be included';
  const segments = order.slices.flatMap((s) => s.segments).length;
  if (segmentIndexes && new Set(segmentIndexes).size !== segments) {
    return 'Duffel cancels whole orders: every segment must be included';
  }
  return undefined;
}

/** Reads an order; a 404 answers undefined. */
export async function readOrder(
  client: DuffelClient,
  pnr: string,
  signal: AbortSignal,
): Promise<DuffelOrder | undefined> {
  const id = orderIdOf(pnr);
  try {
    return await client.call('orders.get', { id }, (api) => api.orders.get(id), signal);
  } catch (error) {
    if (failureOf(error)?.status === 404) return undefined;
    throw error;
  }
}

/** Quotes a cancellation of the whole order (`POST /air/order_cancellations`). */
export function quoteCancellation(
  client: DuffelClient,
  orderId: string,
  signal: AbortSignal,
): Promise<OrderCancellation> {
  return client.call(
    'orderCancellations.create',
    { order_id: orderId },
    (api) => api.orderCancellations.create({ order_id: orderId }),
    signal,
  );
}

/** Confirms a quoted cancellation; an order already cancelled counts as done. */
export async function confirmCancellation(
  client: DuffelClient,
  id: string,
  signal: AbortSignal,
): Promise<void> {
  try {
    await client.call(
      'orderCancellations.confirm',
      { id },
      (api) => api.orderCancellations.confirm(id),
      signal,
    );
  } catch (error) {
    if (ALREADY_CANCELLED_CODES.includes(failureOf(error)?.code ?? '')) return;
    throw error;
  }
}

/** A Duffel refusal (an error answer other than a server fault) as the port's `SupplierRefusal`. */
export function asRefusal(error: unknown): unknown {
  const failure = failureOf(error);
  if (
    failure &&
    failure.status >= 400 &&
    failure.status < 500 &&
    failure.status !== 408 &&
    failure.status !== 429
  ) {
    return new SupplierRefusal(`duffel: ${failure.code}: ${failure.message}`);
  }
  return error;
}

/**
 * The portal's refund quote from Duffel's cancellation quote: the airline's fee is what Duffel was
 * paid for the order (`duffelPaidMinor`) less what comes back, at most what the agency paid.
 */
export function refundQuoteOf(
  cancellation: OrderCancellation,
  request: Pick<RefundRequestToSupplier, 'paidMinor' | 'currency'>,
  duffelPaidMinor: number,
): RefundQuoteAnswer {
  if (cancellation.refund_to === 'airline_credits' || cancellation.refund_to === 'voucher') {
    return {
      status: 'rejected',
      reason: `the airline refunds only as ${cancellation.refund_to}, which the portal does not take`,
    };
  }
  const back = minorOf(cancellation.refund_amount ?? '0');
  if (back === null)
    return { status: 'rejected', reason: `refund amount unreadable: ${cancellation.refund_amount}` };
  if (back > 0 && cancellation.refund_currency !== request.currency) {
    return {
      status: 'rejected',
      reason: `the refund is in ${cancellation.refund_currency ?? '?'}, the request in ${request.currency}`,
    };
  }
  return {
    status: 'approved',
    refundFeeMinor: Math.min(request.paidMinor, Math.max(0, duffelPaidMinor - back)),
  };
}

/** Whether a cancellation gives back everything paid: inside the airline's void window. */
export function isVoid(
  cancellation: OrderCancellation,
  order: Pick<DuffelOrder, 'total_amount' | 'total_currency'>,
): boolean {
  return (
    cancellation.refund_currency === order.total_currency &&
    minorOf(cancellation.refund_amount) === minorOf(order.total_amount) &&
    (cancellation.refund_to === 'balance' ||
      cancellation.refund_to === 'arc_bsp_cash' ||
      cancellation.refund_to === 'card')
  );
}

/** The void answer: a full refund confirmed, or a rejection naming what the airline would keep. */
export async function voidOrder(
  client: DuffelClient,
  request: VoidRequestToSupplier,
  signal: AbortSignal,
): Promise<VoidAnswer> {
  const order = await readOrder(client, request.pnr, signal);
  if (!order) return { status: 'rejected', reason: 'Duffel has no such order' };
  const whole = wholeOrderProblem(order, request.passengers.length, undefined);
  if (whole) return { status: 'rejected', reason: whole };
  if (order.cancelled_at) return { status: 'rejected', reason: 'the order is already cancelled' };
  const quote = await quoteCancellation(client, order.id, signal).catch((error: unknown) => {
    throw asRefusal(error);
  });
  if (!isVoid(quote, order)) {
    return {
      status: 'rejected',
      reason: `outside the void window: ${quote.refund_amount ?? '0'} of ${order.total_amount} would come back`,
    };
  }
  await confirmCancellation(client, quote.id, signal);
  return { status: 'voided' };
}

/** The order's slices that hold the changed segments (a change replaces whole slices). */
function slicesToRemove(order: DuffelOrder, segmentIndexes: readonly number[]): string[] {
  let index = 0;
  const ids: string[] = [];
  for (const slice of order.slices) {
    const touched = slice.segments.some(() => segmentIndexes.includes(index++));
    if (touched) ids.push(slice.id);
  }
  return ids;
}

const flightsOf = (slices: OrderChangeOffer['slices']['add']) =>
  slices
    .flatMap((s) =>
      s.segments.map((g) => `${g.marketing_carrier.iata_code ?? ''}${g.marketing_carrier_flight_number}`),
    )
    .join(',');

/**
 * Asks Duffel for change offers replacing the changed slices by the new offer's journeys, and
 * picks the one flying the new offer's flights. Undefined with the reason when there is none.
 */
export async function findChangeOffer(
  client: DuffelClient,
  request: ChangeRequestToSupplier,
  signal: AbortSignal,
): Promise<{ offer: OrderChangeOffer; passengers: number } | { reason: string }> {
  const order = await readOrder(client, request.pnr, signal);
  if (!order) return { reason: 'Duffel has no such order' };
  const whole = wholeOrderProblem(order, request.passengers.length, undefined);
  if (whole) return { reason: whole };
  const remove = slicesToRemove(order, request.segmentIndexes);
  const add = request.newOffer.legs.map((leg) => ({
    origin: leg.segments[0]?.origin ?? '',
    destination: leg.segments.at(-1)?.destination ?? '',
    departure_date: leg.segments[0]?.departureLocal.slice(0, 10) ?? '',
    cabin_class: duffelCabin(request.newOffer.cabin),
  }));
  const body = { order_id: order.id, slices: { remove: remove.map((slice_id) => ({ slice_id })), add } };
  const created = await client
    .call('orderChangeRequests.create', body, (api) => api.orderChangeRequests.create(body), signal)
    .catch((error: unknown) => {
      throw asRefusal(error);
    });
  const wanted = request.newOffer.legs
    .flatMap((l) => l.segments.map((s) => `${s.carrier}${s.flightNumber}`))
    .join(',');
  const offer = created.order_change_offers.find((o) => flightsOf(o.slices.add) === wanted);
  if (!offer) return { reason: 'the airline offers no change to these flights' };
  return { offer: offer as OrderChangeOffer, passengers: order.passengers.length };
}

/** The change quote of a change offer: the penalty and the fare movement, each shared per passenger. */
export function changeQuoteOf(
  offer: Pick<
    OrderChangeOffer,
    'change_total_amount' | 'change_total_currency' | 'penalty_amount' | 'penalty_currency'
  >,
  passengers: number,
): ChangeQuoteAnswer {
  const total = minorOf(offer.change_total_amount ?? '0');
  const penalty = minorOf(offer.penalty_amount ?? '0');
  if (total === null || penalty === null) return { status: 'rejected', reason: 'change amounts unreadable' };
  const currencies = [offer.change_total_currency, offer.penalty_currency].filter((c) => c !== null);
  if (currencies.some((c) => c !== OFFER_CURRENCY)) {
    return {
      status: 'rejected',
      reason: `the change is priced in ${currencies.join('/')}, not ${OFFER_CURRENCY}`,
    };
  }
  const each = Math.max(1, passengers);
  return {
    status: 'approved',
    changeFee: Math.ceil(penalty / each),
    fareMove: Math.ceil((total - penalty) / each),
  };
}

/** Confirms a change offer (`POST /air/order_changes`, then confirm with a balance payment) and reads the new tickets. */
export async function confirmChange(
  client: DuffelClient,
  request: ChangeRequestToSupplier,
  changeOffer: OrderChangeOffer,
  signal: AbortSignal,
): Promise<ReissueAnswer> {
  const body = { selected_order_change_offer: changeOffer.id };
  const change = await client
    .call('orderChanges.create', body, (api) => api.orderChanges.create(body), signal)
    .catch((error: unknown) => {
      throw asRefusal(error);
    });
  const amount = minorOf(change.change_total_amount ?? '0') ?? 0;
  const payment =
    amount > 0
      ? { payment: { type: 'balance' as const, amount: decimalOf(amount), currency: OFFER_CURRENCY } }
      : {};
  await client
    .call(
      'orderChanges.confirm',
      { id: change.id, ...payment },
      (api) => api.orderChanges.confirm(change.id, payment),
      signal,
    )
    .catch((error: unknown) => {
      throw asRefusal(error);
    });
  const order = await readOrder(client, request.pnr, signal);
  if (!order) throw new SupplierRefusal('duffel: the changed order is gone');
  const tickets = ticketsOf(
    order,
    order.passengers.map((p) => p.id),
  );
  return tickets ? { status: 'reissued', ticketNumbers: tickets } : { status: 'pending' };
}
