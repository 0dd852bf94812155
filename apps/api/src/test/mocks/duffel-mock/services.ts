/*
 * Bags added to a booked order, as Duffel's API reference describes them:
 * `GET /air/orders/:id/available_services` and `POST /air/orders/:id/services` (paid from the balance).
 */
import { bagServices, type Json, minor, money, type OfferPassenger } from './fixtures';
import { type Answer, data, failure, type MockOrder } from './orders';
import type { MockOperation } from './types';

/** The order's bag services, made once per order (the same ids each time asked). */
const offered = new WeakMap<MockOrder, Json[]>();

function servicesOf(order: MockOrder): Json[] {
  const known = offered.get(order);
  if (known) return known;
  const passengers = order.passengers.map((p) => ({ id: p.id, type: p.type as OfferPassenger['type'] }));
  const made = bagServices(order.slices, passengers, order.total_currency as string);
  offered.set(order, made);
  return made;
}

function addServices(order: MockOrder, body: Json): Answer {
  if (order.cancelled_at)
    return failure(422, 'invalid_state_error', 'order_already_cancelled', 'The order is cancelled.');
  const services = servicesOf(order);
  const added: Json[] = [];
  let total = 0;
  for (const wanted of (body.add_services as { id: string; quantity: number }[] | undefined) ?? []) {
    const service = services.find((s) => s.id === wanted.id);
    if (!service || wanted.quantity < 1 || wanted.quantity > (service.maximum_quantity as number)) {
      return failure(422, 'validation_error', 'invalid_service', `Service ${wanted.id} is not available`);
    }
    const amount = minor(service.total_amount as string) * wanted.quantity;
    total += amount;
    added.push({ ...service, quantity: wanted.quantity, total_amount: money(amount) });
  }
  const payment = body.payment as { type?: string; amount?: string; currency?: string } | undefined;
  if (added.length === 0 || payment?.type !== 'balance' || minor(payment.amount) !== total) {
    return failure(
      422,
      'validation_error',
      'invalid_payment_amount',
      'The payment must be the services total.',
    );
  }
  order.services = [...((order.services as Json[] | undefined) ?? []), ...added];
  order.total_amount = money(minor(order.total_amount) + total);
  return data(order);
}

/** The route of a services call, when `path` is one. */
export function servicesRoute(
  orders: Map<string, MockOrder>,
  method: string,
  path: string,
  payload: Json,
  notFound: () => Answer,
): { op: MockOperation; run: () => Answer } | undefined {
  const m = /^\/air\/orders\/([\w-]+)\/(available_services|services)$/.exec(path);
  const order = orders.get(m?.[1] ?? '');
  if (method === 'GET' && m?.[2] === 'available_services') {
    return {
      op: 'orders.availableServices',
      run: () => (order ? data(servicesOf(order) as unknown as Json) : notFound()),
    };
  }
  if (method === 'POST' && m?.[2] === 'services') {
    return { op: 'orders.addServices', run: () => (order ? addServices(order, payload) : notFound()) };
  }
  return undefined;
}
