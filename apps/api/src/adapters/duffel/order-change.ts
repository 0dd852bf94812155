/*
 * Changes at Duffel: an order change request names slices to remove and journeys to add, for every
 * passenger of the order; its change offers are priced; the one chosen becomes an order change,
 * confirmed with a balance payment. A change of some passengers, or of part of a slice, is refused
 * with a reason, never sent. The change offer a reissue confirms is not remembered here: its id
 * comes back with the request and Duffel is asked for it again.
 */
import type { Order as DuffelOrder, OrderChangeOffer } from '@duffel/api/types';
import {
  type ChangeQuoteAnswer,
  type ChangeRequestToSupplier,
  type ReissueAnswer,
  SupplierRefusal,
} from '../../modules/shopping/index';
import { asRefusal, expiredQuote, lapsed, quoteIdOf, readById, readOrder } from './after-sales';
import type { DuffelClient } from './client';
import { decimalOf, duffelCabin, minorOf, OFFER_CURRENCY } from './map-offer';
import { ticketsOf } from './map-order';

/**
 * Why Duffel cannot make this change: it changes whole slices (journeys) for every passenger, so
 * the request must hold every passenger, every segment of each slice it touches, and one new
 * journey for each of those slices.
 */
export function changeProblem(
  order: Pick<DuffelOrder, 'passengers' | 'slices'>,
  request: Pick<ChangeRequestToSupplier, 'passengers' | 'segmentIndexes' | 'newOffer'>,
): string | undefined {
  if (request.passengers.length !== order.passengers.length)
    return 'Duffel changes flights for every passenger of the order: every passenger must be included';
  let start = 0;
  let touched = 0;
  for (const slice of order.slices) {
    const picked = slice.segments.filter((_, i) => request.segmentIndexes.includes(start + i)).length;
    start += slice.segments.length;
    if (picked === 0) continue;
    if (picked < slice.segments.length)
      return 'Duffel changes whole journeys: every segment of a changed journey must be included';
    touched += 1;
  }
  if (touched === 0 || request.segmentIndexes.some((i) => i < 0 || i >= start))
    return 'the changed segments are not segments of the Duffel order';
  if (request.newOffer.legs.length !== touched)
    return 'the new flights must replace each changed journey with one journey';
  return undefined;
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

const wantedFlights = (request: Pick<ChangeRequestToSupplier, 'newOffer'>) =>
  request.newOffer.legs.flatMap((l) => l.segments.map((s) => `${s.carrier}${s.flightNumber}`)).join(',');

/**
 * Asks Duffel for change offers replacing the changed slices by the new offer's journeys, and
 * picks the one flying the new offer's flights. The reason when there is none.
 */
export async function findChangeOffer(
  client: DuffelClient,
  request: ChangeRequestToSupplier,
  signal: AbortSignal,
): Promise<{ offer: OrderChangeOffer; passengers: number } | { reason: string }> {
  const order = await readOrder(client, request.pnr, signal);
  if (!order) return { reason: 'Duffel has no such order' };
  if (order.cancelled_at) return { reason: 'the order is cancelled' };
  const problem = changeProblem(order, request);
  if (problem) return { reason: problem };
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
  const wanted = wantedFlights(request);
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

/** When an order change was confirmed (the client types it as a change offer, which has no such field). */
const confirmedAtOf = (change: object): string | null =>
  'confirmed_at' in change && typeof change.confirmed_at === 'string' ? change.confirmed_at : null;

/** Confirms an order change with a balance payment of its `change_total_amount` when one is due. */
async function confirmOrderChange(
  client: DuffelClient,
  change: Pick<OrderChangeOffer, 'id' | 'change_total_amount'>,
  signal: AbortSignal,
): Promise<void> {
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
}

/** The changed order's new e-tickets, or pending while the airline has not reissued them all. */
async function reissuedTickets(
  client: DuffelClient,
  request: Pick<ChangeRequestToSupplier, 'pnr'>,
  signal: AbortSignal,
): Promise<ReissueAnswer> {
  const order = await readOrder(client, request.pnr, signal);
  if (!order) throw new SupplierRefusal('duffel: the changed order is gone');
  const tickets = ticketsOf(
    order,
    order.passengers.map((p) => p.id),
  );
  return tickets ? { status: 'reissued', ticketNumbers: tickets } : { status: 'pending' };
}

/**
 * Confirms the change offer a change was quoted (`GET /air/order_change_offers/:id`), whichever
 * instance quoted it: `POST /air/order_changes`, then confirm with a balance payment, then the new
 * tickets. An order change made from it already (a retry after a lost answer) is confirmed, or
 * when confirmed only its tickets are read. An offer unknown, flying other flights than the
 * request's, or past its `expires_at` is refused with the reason.
 */
export async function confirmQuotedChange(
  client: DuffelClient,
  request: ChangeRequestToSupplier,
  signal: AbortSignal,
): Promise<ReissueAnswer> {
  const id = quoteIdOf(request, 'Duffel change offer');
  const offer = await readById(
    client,
    'orderChangeOffers.get',
    id,
    (api) => api.orderChangeOffers.get(id),
    signal,
  );
  if (!offer) throw new SupplierRefusal(`duffel: Duffel has no order change offer ${id}`);
  if (flightsOf(offer.slices.add) !== wantedFlights(request))
    throw new SupplierRefusal(`duffel: the order change offer ${id} flies other flights than the change`);
  // Null until an order change is made from the offer (the client's type leaves that out).
  const madeId: string | null = offer.order_change_id;
  const made = madeId
    ? await readById(client, 'orderChanges.get', madeId, (api) => api.orderChanges.get(madeId), signal)
    : undefined;
  if (made && confirmedAtOf(made)) return reissuedTickets(client, request, signal);
  if (made) {
    if (lapsed(made.expires_at)) throw expiredQuote('order change', made.id, made.expires_at);
    await confirmOrderChange(client, made, signal);
    return reissuedTickets(client, request, signal);
  }
  if (lapsed(offer.expires_at)) throw expiredQuote('change quote', id, offer.expires_at);
  const body = { selected_order_change_offer: offer.id };
  const change = await client
    .call('orderChanges.create', body, (api) => api.orderChanges.create(body), signal)
    .catch((error: unknown) => {
      throw asRefusal(error);
    });
  await confirmOrderChange(client, change, signal);
  return reissuedTickets(client, request, signal);
}
