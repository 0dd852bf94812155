/*
 * Bags added to a ticketed Duffel order (the after-sales purchase): the order's available services
 * (`GET /air/orders/:id/available_services`), then `POST /air/orders/:id/services` paid from the
 * Duffel balance. Duffel sells seats with the booking only: a seat asked afterwards is rejected.
 */
import type { Order as DuffelOrder } from '@duffel/api/types';
import type { AddAncillariesAnswer, AddAncillariesRequest } from '../../modules/shopping/index';
import { asRefusal, readOrder } from './after-sales';
import { type DuffelClient, failureOf } from './client';
import { decimalOf, minorOf, OFFER_CURRENCY } from './map-offer';
import { confirmedAncillaries } from './seats';

const rejected = (reason: string): AddAncillariesAnswer => ({ status: 'rejected', reason });

/** Adds the request's bags to the order; a choice Duffel does not offer, or a seat, is rejected with the reason. */
export async function addBags(
  client: DuffelClient,
  request: AddAncillariesRequest,
  signal: AbortSignal,
): Promise<AddAncillariesAnswer> {
  if (request.selections.some((s) => s.seats.length > 0)) {
    return rejected('Duffel sells seats with the booking only');
  }
  const order = await readOrder(client, request.pnr, signal);
  if (!order) return rejected('Duffel has no such order');
  if (order.cancelled_at) return rejected('the order is cancelled');
  const available = await client.call(
    'orders.getAvailableServices',
    { id: order.id },
    (api) => api.orders.getAvailableServices(order.id),
    signal,
  );
  const passengerIds = order.passengers.map((p) => p.id);
  const add: { id: string; quantity: number }[] = [];
  let totalMinor = 0;
  for (const selection of request.selections) {
    const passengerId = passengerIds[selection.passengerIndex] ?? '';
    for (const bag of selection.bags) {
      const service = available.find((s) => s.id === bag.serviceId);
      const price = minorOf(service?.total_amount);
      if (
        !service ||
        !service.passenger_ids.includes(passengerId) ||
        bag.quantity < 1 ||
        bag.quantity > service.maximum_quantity ||
        price === null ||
        service.total_currency !== OFFER_CURRENCY
      ) {
        return rejected(`bag ${bag.serviceId} is not offered to passenger ${selection.passengerIndex + 1}`);
      }
      add.push({ id: service.id, quantity: bag.quantity });
      totalMinor += price * bag.quantity;
    }
  }
  if (add.length === 0) return rejected('no bag asked');
  const body = {
    add_services: add,
    payment: { type: 'balance' as const, amount: decimalOf(totalMinor), currency: OFFER_CURRENCY },
  };
  let updated: DuffelOrder;
  try {
    updated = await client.call(
      'orders.addServices',
      body,
      (api) => api.orders.addServices(order.id, body),
      signal,
    );
  } catch (error) {
    // Duffel's refusal is the answer; a lost answer stays unknown (thrown).
    if (failureOf(error) && asRefusal(error) !== error)
      return rejected(`duffel: ${failureOf(error)?.code ?? ''}`);
    throw error;
  }
  const before = new Set((order.services ?? []).map((s) => s.id));
  const added = { services: (updated.services ?? []).filter((s) => !before.has(s.id)) };
  return { status: 'added', ancillaries: confirmedAncillaries(added, updated, passengerIds) };
}
