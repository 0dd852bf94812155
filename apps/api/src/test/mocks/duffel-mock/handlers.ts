/*
 * The Duffel mock's state and its answers to each call of the API, written from Duffel's API
 * reference: offer requests, offers, seat maps, orders (with their metadata) and payments; bags after booking in
 * `services.ts`, order cancellations and changes in `after-sales.ts`. `server.ts` serves them over HTTP.
 */
import {
  CARRIERS,
  type Json,
  minor,
  money,
  newId,
  offer,
  type OfferPassenger,
  seatMap,
  seatServicesOf,
  type SliceQuery,
} from './fixtures';
import { afterSalesRoutes } from './after-sales';
import { type Answer, createOrder, data, failure, issueTickets, type MockOrder, updateOrder } from './orders';

import { servicesRoute } from './services';
import type { MockFaults, MockOperation, RecordedRequest } from './types';

export type { MockFaults, MockOperation, RecordedRequest } from './types';

const nowDate = () => new Date();

/** The mock's state and handlers (one per mock server). */
export function createMockApi() {
  const offers = new Map<string, Json>();
  const orders = new Map<string, MockOrder>();
  const requests: RecordedRequest[] = [];
  const mock = { faults: {} as MockFaults };

  const validation = (op: MockOperation, message: string) =>
    mock.faults.validation?.includes(op)
      ? failure(422, 'validation_error', 'validation_required', message)
      : undefined;
  const notFound = () =>
    failure(
      404,
      'invalid_request_error',
      'not_found',
      'The resource you are trying to access does not exist.',
    );
  const afterSalesRoute = afterSalesRoutes(orders, () => mock.faults, notFound);
  const gone = () =>
    failure(422, 'invalid_state_error', 'offer_no_longer_available', 'The offer is no longer available.');

  const priced = (o: Json): Json => {
    const percent = mock.faults.priceChangePercent;
    if (!percent) return o;
    const total = Math.round((minor(o.total_amount as string) * (100 + percent)) / 100);
    const tax = minor(o.tax_amount as string);
    return { ...o, total_amount: money(total), base_amount: money(total - tax) };
  };

  function createOfferRequest(body: Json): Answer {
    const slices = body.slices as SliceQuery[] | undefined;
    const people = body.passengers as { type?: string }[] | undefined;
    if (!Array.isArray(slices) || slices.length === 0 || !Array.isArray(people) || people.length === 0) {
      return failure(422, 'validation_error', 'validation_required', 'slices and passengers are required');
    }
    if (people.some((p) => !['adult', 'child', 'infant_without_seat'].includes(p.type ?? ''))) {
      return failure(422, 'validation_error', 'invalid_passenger_type', 'Unknown passenger type');
    }
    const passengers: OfferPassenger[] = people.map((p) => ({
      id: newId('pas'),
      type: p.type as OfferPassenger['type'],
    }));
    const now = nowDate();
    const made = CARRIERS.map((carrier) =>
      offer(carrier, slices, passengers, {
        currency: mock.faults.currency ?? 'CNY',
        instant: mock.faults.instantPayment ?? false,
        now,
      }),
    );
    for (const o of made) offers.set(o.id as string, o);
    const listed = made.map((o) => ({ ...o, available_services: [] }));
    return data(
      {
        id: newId('orq'),
        live_mode: false,
        created_at: now.toISOString(),
        cabin_class: body.cabin_class,
        slices,
        passengers,
        offers: listed,
      },
      201,
    );
  }

  function getOffer(id: string, services: boolean): Answer {
    const found = offers.get(id);
    if (!found) return notFound();
    if (mock.faults.offerExpired || Date.parse(found.expires_at as string) <= Date.now()) return gone();
    const shown = priced(found);
    return data(services ? shown : { ...shown, available_services: [] });
  }

  function getSeatMaps(offerId: string): Answer {
    const found = offers.get(offerId);
    if (!found) return notFound();
    if (mock.faults.offerExpired) return gone();
    const passengers = found.passengers as OfferPassenger[];
    const maps = (found.slices as Json[]).flatMap((s) =>
      (s.segments as Json[]).map((g) => seatMap(s.id as string, g, passengers)),
    );
    return data(maps as unknown as Json);
  }

  function postOrder(body: Json): Answer {
    const [offerId] = (body.selected_offers as string[] | undefined) ?? [];
    const found = offers.get(offerId ?? '');
    if (!found) return notFound();
    if (mock.faults.offerExpired) return gone();
    const passengers = (body.passengers as (Json & { id: string })[] | undefined) ?? [];
    const offered = found.passengers as OfferPassenger[];
    const required = ['given_name', 'family_name', 'born_on', 'gender', 'title', 'email', 'phone_number'];
    const missing = passengers.flatMap((p) =>
      required.filter((k) => typeof p[k] !== 'string' || p[k] === ''),
    );
    if (
      passengers.length !== offered.length ||
      passengers.some((p) => !offered.some((o) => o.id === p.id)) ||
      missing.length > 0
    ) {
      return failure(
        422,
        'validation_error',
        'validation_required',
        `passengers do not match the offer or miss ${missing.join(', ')}`,
      );
    }
    const type = body.type;
    if (type !== 'instant' && type !== 'hold')
      return failure(422, 'validation_error', 'validation_required', 'type must be instant or hold');
    const instantOnly = (found.payment_requirements as Json).requires_instant_payment === true;
    if (type === 'hold' && instantOnly)
      return failure(
        422,
        'validation_error',
        'instant_payment_required',
        'This offer requires instant payment.',
      );
    const seatServices = seatServicesOf((getSeatMaps(offerId ?? '').body.data as Json[] | undefined) ?? []);
    const bags = new Map((found.available_services as Json[]).map((s) => [s.id as string, s]));
    const services: Json[] = [];
    let servicesMinor = 0;
    for (const chosen of (body.services as { id: string; quantity: number }[] | undefined) ?? []) {
      const bag = bags.get(chosen.id);
      const seat = seatServices.get(chosen.id);
      if (bag) {
        servicesMinor += minor(bag.total_amount as string) * chosen.quantity;
        services.push({
          ...bag,
          quantity: chosen.quantity,
          total_amount: money(minor(bag.total_amount as string) * chosen.quantity),
        });
      } else if (seat) {
        servicesMinor += minor(seat.total_amount as string);
        services.push({
          id: seat.id,
          type: 'seat',
          quantity: 1,
          passenger_ids: [seat.passenger_id],
          segment_ids: [seat.segment_id],
          total_amount: seat.total_amount,
          total_currency: seat.total_currency,
          metadata: { designator: seat.designator, name: null, disclosures: [] },
        });
      } else {
        return failure(422, 'validation_error', 'invalid_service', `Service ${chosen.id} is not available`);
      }
    }
    const current = priced(found);
    const total = minor(current.total_amount as string) + servicesMinor;
    if (type === 'instant') {
      const [payment] = (body.payments as { amount: string; currency: string }[] | undefined) ?? [];
      if (!payment)
        return failure(
          422,
          'validation_error',
          'validation_required',
          'payments are required for instant orders',
        );
      if (minor(payment.amount) !== total)
        return failure(422, 'invalid_state_error', 'price_changed', 'The price of the offer has changed.');
    } else if (mock.faults.priceChangePercent) {
      return failure(422, 'invalid_state_error', 'price_changed', 'The price of the offer has changed.');
    }
    const people = passengers.map((p) => ({
      ...p,
      type: offered.find((o) => o.id === p.id)?.type ?? 'adult',
    }));
    const order = createOrder(current, people, services, total, type === 'instant', nowDate());
    orders.set(order.id, order);
    offers.delete(offerId ?? '');
    return data(order, 201);
  }

  function pay(body: Json): Answer {
    const order = orders.get((body.order_id as string | undefined) ?? '');
    if (!order) return notFound();
    if (order.cancelled_at)
      return failure(422, 'invalid_state_error', 'order_already_cancelled', 'The order is cancelled.');
    if (!order.payment_status.awaiting_payment)
      return failure(422, 'invalid_state_error', 'already_paid', 'The order is already paid.');
    const payment = body.payment as { type?: string; amount?: string; currency?: string } | undefined;
    if (
      payment?.type !== 'balance' ||
      minor(payment.amount) !== minor(order.total_amount) ||
      payment.currency !== order.total_currency
    ) {
      return failure(
        422,
        'validation_error',
        'invalid_payment_amount',
        'The payment must be the order total from the balance.',
      );
    }
    order.payment_status = {
      awaiting_payment: false,
      paid_at: nowDate().toISOString(),
      payment_required_by: null,
    };
    issueTickets(order);
    return data(
      {
        id: newId('pay'),
        type: 'balance',
        amount: payment.amount,
        currency: payment.currency,
        created_at: nowDate().toISOString(),
      },
      201,
    );
  }

  function route(
    method: string,
    path: string,
    query: Record<string, string>,
    body: Json | undefined,
  ): { op?: MockOperation; run: () => Answer } {
    const payload = (body?.data as Json | undefined) ?? {};
    const services = servicesRoute(orders, method, path, payload, notFound);
    if (services) return services;
    const afterSales = afterSalesRoute(method, path, payload);
    if (afterSales) return afterSales;
    let m: RegExpExecArray | null;
    if (method === 'POST' && /^\/air\/offer_requests\/?$/.test(path))
      return { op: 'offerRequests.create', run: () => createOfferRequest(payload) };
    if (method === 'GET' && (m = /^\/air\/offers\/([\w-]+)$/.exec(path)))
      return {
        op: 'offers.get',
        run: () => getOffer(m?.[1] ?? '', query.return_available_services === 'true'),
      };
    if (method === 'GET' && path === '/air/seat_maps')
      return { op: 'seatMaps.get', run: () => getSeatMaps(query.offer_id ?? '') };
    if (method === 'POST' && path === '/air/orders')
      return { op: 'orders.create', run: () => postOrder(payload) };
    if (method === 'GET' && (m = /^\/air\/orders\/([\w-]+)$/.exec(path))) {
      const id = m[1] ?? '';
      return { op: 'orders.get', run: () => (orders.has(id) ? data(orders.get(id) as Json) : notFound()) };
    }
    if (method === 'PATCH' && (m = /^\/air\/orders\/([\w-]+)$/.exec(path))) {
      const order = orders.get(m[1] ?? '');
      return { op: 'orders.update', run: () => (order ? updateOrder(order, payload) : notFound()) };
    }
    if (method === 'POST' && path === '/air/payments')
      return { op: 'payments.create', run: () => pay(payload) };
    return { run: () => notFound() };
  }

  return { offers, orders, requests, mock, route, validation };
}

export type MockApi = ReturnType<typeof createMockApi>;
