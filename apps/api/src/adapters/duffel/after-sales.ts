/*
 * After-sales at Duffel through order cancellations: cancellations of unticketed orders, refunds
 * and voids (quote, then confirm). A cancellation is of the whole order: a refund or void of some
 * passengers or some segments is refused with a reason, never sent. The quote a refund confirms is
 * not remembered here: its id comes back with the request and Duffel is asked for it again.
 * Changes (per slice) are in order-change.ts.
 */
import type { Duffel } from '@duffel/api';
import type { Order as DuffelOrder, OrderCancellation } from '@duffel/api/types';
import {
  type RefundQuoteAnswer,
  type RefundRequestToSupplier,
  SupplierRefusal,
  type SupplierQuoteRef,
  type VoidAnswer,
  type VoidRequestToSupplier,
} from '../../modules/shopping/index';
import { type DuffelClient, failureOf } from './client';
import { minorOf } from './map-offer';
import { orderIdOf } from './map-order';

/** Duffel's error codes for an order that cannot be cancelled again. */
export const ALREADY_CANCELLED_CODES: readonly string[] = ['order_already_cancelled', 'already_cancelled'];

/** Why Duffel cannot cancel part of an order: the request's passengers and segments must be all of them. */
export function wholeOrderProblem(
  order: Pick<DuffelOrder, 'passengers' | 'slices'>,
  passengers: number,
  segmentIndexes: readonly number[] | undefined,
): string | undefined {
  if (passengers !== order.passengers.length)
    return 'Duffel cancels whole orders: every passenger must be included';
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

/**
 * Reads one of Duffel's resources by id (a quote read again at confirm); a 404 answers undefined,
 * another refusal is a `SupplierRefusal`.
 */
export async function readById<T>(
  client: DuffelClient,
  operation: string,
  id: string,
  run: (api: Duffel) => Promise<{ data: T }>,
  signal: AbortSignal,
): Promise<T | undefined> {
  try {
    return await client.call(operation, { id }, run, signal);
  } catch (error) {
    if (failureOf(error)?.status === 404) return undefined;
    throw asRefusal(error);
  }
}

/** Whether a Duffel quote's `expires_at` has passed. */
export function lapsed(expiresAt: string | null | undefined, now = Date.now()): boolean {
  return typeof expiresAt === 'string' && Date.parse(expiresAt) <= now;
}

/** The id of the Duffel quote a confirm acts on, as the request gives it back; refused when it has none. */
export function quoteIdOf(request: { supplierQuote?: SupplierQuoteRef }, what: string): string {
  const id = request.supplierQuote?.ref;
  if (!id) throw new SupplierRefusal(`duffel: no ${what} on record for this request; ask again for a quote`);
  return id;
}

/** The refusal of a quote whose `expires_at` has passed. */
export function expiredQuote(what: string, id: string, expiresAt: string): SupplierRefusal {
  return new SupplierRefusal(`duffel: quote_expired: the ${what} ${id} lapsed at ${expiresAt}`);
}

/**
 * Confirms the cancellation a refund was quoted (`GET /air/order_cancellations/:id`, then confirm),
 * whichever instance quoted it: one already confirmed (a retry after a lost answer) is done; one
 * unknown, of another order, or past its `expires_at` is refused with the reason.
 */
export async function confirmQuotedCancellation(
  client: DuffelClient,
  request: Pick<RefundRequestToSupplier, 'pnr' | 'supplierQuote'>,
  signal: AbortSignal,
): Promise<void> {
  const id = quoteIdOf(request, 'Duffel cancellation quote');
  const quote = await readById(
    client,
    'orderCancellations.get',
    id,
    (api) => api.orderCancellations.get(id),
    signal,
  );
  if (!quote) throw new SupplierRefusal(`duffel: Duffel has no order cancellation ${id}`);
  if (quote.order_id !== orderIdOf(request.pnr))
    throw new SupplierRefusal(`duffel: the order cancellation ${id} is of another order`);
  if (quote.confirmed_at) return;
  if (lapsed(quote.expires_at)) throw expiredQuote('refund quote', id, quote.expires_at);
  await confirmCancellation(client, id, signal).catch((error: unknown) => {
    throw asRefusal(error);
  });
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
