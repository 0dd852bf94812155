/*
 * A contract mock of Duffel's flights API (v2) on 127.0.0.1: the calls the `duffel` adapter makes,
 * stateful enough to book, pay, ticket, change and refund, with failure modes switchable per test
 * (`faults`), and signed webhook deliveries of airline-initiated changes.
 *
 * Standalone (a browser test runs the app against it):
 *   node --import tsx apps/api/src/test/mocks/duffel-mock/server.ts --port 4010
 * Control routes then: POST /__mock/faults (a `MockFaults` body), POST /__mock/reset,
 * POST /__mock/airline-change ({ order_id, minutes, webhook_url, webhook_secret }).
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { CARRIERS, type Json, minor, money, newId, offer, type OfferPassenger, seatMap, type SliceQuery } from './fixtures';
import {
  airlineChange,
  type Answer,
  applyChange,
  cancellationQuote,
  changeOffers,
  createOrder,
  data,
  failure,
  issueTickets,
  type MockOrder,
} from './orders';

/** The calls of the API, as the mock names them for faults. */
export type MockOperation =
  | 'offerRequests.create'
  | 'offers.get'
  | 'seatMaps.get'
  | 'orders.create'
  | 'orders.get'
  | 'payments.create'
  | 'orderCancellations.create'
  | 'orderCancellations.confirm'
  | 'orderChangeRequests.create'
  | 'orderChanges.create'
  | 'orderChanges.confirm';

export interface MockFaults {
  /** These calls never answer (until the mock closes). */
  timeout?: MockOperation[];
  /** These calls answer 422 validation_error. */
  validation?: MockOperation[];
  /** Offers have expired: getting or booking one answers 422 offer_no_longer_available. */
  offerExpired?: boolean;
  /** The offer's price moved by this percent: a get shows it, booking at the old price answers 422 price_changed. */
  priceChangePercent?: number;
  /** A cancellation answers 422 order_already_cancelled. */
  alreadyCancelled?: boolean;
  /** Offers priced in this currency instead of CNY. */
  currency?: string;
  /** Offers require instant payment (no hold). */
  instantPayment?: boolean;
  /** Cancellations give the whole amount back (the airline's void window). */
  voidWindow?: boolean;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Json | undefined;
}

export interface DuffelMock {
  /** The base URL to give the client (`basePath`). */
  url: string;
  faults: MockFaults;
  requests: RecordedRequest[];
  orders: Map<string, MockOrder>;
  /** Adds an airline-initiated change to an order; delivers the signed webhook when given a URL. */
  airlineChange(orderId: string, minutes: number, webhook?: { url: string; secret: string }): Promise<Json>;
  reset(): void;
  close(): Promise<void>;
}

const nowDate = () => new Date();

/** Signs a webhook body as Duffel does: `t=<seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export function signDelivery(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Posts a signed webhook delivery; resolves with the receiver's status. */
export async function deliverWebhook(url: string, secret: string, type: string, object: Json): Promise<number> {
  const body = JSON.stringify({
    id: newId('wev'),
    type,
    live_mode: false,
    created_at: new Date().toISOString(),
    api_version: 'v2',
    data: { object },
  });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-duffel-signature': signDelivery(secret, body) },
    body,
  });
  return response.status;
}

/** Starts the mock on 127.0.0.1 (`port` 0: a free one). */
export async function startDuffelMock(options: { port?: number; log?: boolean } = {}): Promise<DuffelMock> {
  const offers = new Map<string, Json>();
  const orders = new Map<string, MockOrder>();
  const cancellations = new Map<string, Json>();
  const changeOfferStore = new Map<string, Json & { order_id: string }>();
  const changes = new Map<string, Json & { order_id: string; confirmed_at: string | null }>();
  const requests: RecordedRequest[] = [];
  const mock = { faults: {} as MockFaults };

  const validation = (op: MockOperation, message: string) =>
    mock.faults.validation?.includes(op) ? failure(422, 'validation_error', 'validation_required', message) : undefined;
  const notFound = () => failure(404, 'invalid_request_error', 'not_found', 'The resource you are trying to access does not exist.');
  const gone = () => failure(422, 'invalid_state_error', 'offer_no_longer_available', 'The offer is no longer available.');

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
    const passengers: OfferPassenger[] = people.map((p) => ({ id: newId('pas'), type: p.type as OfferPassenger['type'] }));
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
    return data({ id: newId('orq'), live_mode: false, created_at: now.toISOString(), cabin_class: body.cabin_class, slices, passengers, offers: listed }, 201);
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
    const maps = (found.slices as Json[]).flatMap((s) => (s.segments as Json[]).map((g) => seatMap(s.id as string, g, passengers)));
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
    const missing = passengers.flatMap((p) => required.filter((k) => typeof p[k] !== 'string' || p[k] === ''));
    if (passengers.length !== offered.length || passengers.some((p) => !offered.some((o) => o.id === p.id)) || missing.length > 0) {
      return failure(422, 'validation_error', 'validation_required', `passengers do not match the offer or miss ${missing.join(', ')}`);
    }
    const type = body.type;
    if (type !== 'instant' && type !== 'hold') return failure(422, 'validation_error', 'validation_required', 'type must be instant or hold');
    const instantOnly = (found.payment_requirements as Json).requires_instant_payment === true;
    if (type === 'hold' && instantOnly) return failure(422, 'validation_error', 'instant_payment_required', 'This offer requires instant payment.');
    const seatServices = new Map(
      [...((getSeatMaps(offerId ?? '').body.data as Json[] | undefined) ?? [])].flatMap((map) =>
        ((map.cabins as Json[])[0]?.rows as Json[]).flatMap((r) =>
          (r.sections as Json[]).flatMap((sec) =>
            (sec.elements as Json[]).flatMap((e) =>
              ((e.available_services as Json[] | undefined) ?? []).map((s) => [s.id as string, { ...s, designator: e.designator, segment_id: map.segment_id }] as const),
            ),
          ),
        ),
      ),
    );
    const bags = new Map((found.available_services as Json[]).map((s) => [s.id as string, s]));
    const services: Json[] = [];
    let servicesMinor = 0;
    for (const chosen of (body.services as { id: string; quantity: number }[] | undefined) ?? []) {
      const bag = bags.get(chosen.id);
      const seat = seatServices.get(chosen.id);
      if (bag) {
        servicesMinor += minor(bag.total_amount as string) * chosen.quantity;
        services.push({ ...bag, quantity: chosen.quantity, total_amount: money(minor(bag.total_amount as string) * chosen.quantity) });
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
      if (!payment) return failure(422, 'validation_error', 'validation_required', 'payments are required for instant orders');
      if (minor(payment.amount) !== total) return failure(422, 'invalid_state_error', 'price_changed', 'The price of the offer has changed.');
    } else if (mock.faults.priceChangePercent) {
      return failure(422, 'invalid_state_error', 'price_changed', 'The price of the offer has changed.');
    }
    const people = passengers.map((p) => ({ ...p, type: offered.find((o) => o.id === p.id)?.type ?? 'adult' }));
    const order = createOrder(current, people, services, total, type === 'instant', nowDate());
    orders.set(order.id, order);
    offers.delete(offerId ?? '');
    return data(order, 201);
  }

  function pay(body: Json): Answer {
    const order = orders.get((body.order_id as string | undefined) ?? '');
    if (!order) return notFound();
    if (order.cancelled_at) return failure(422, 'invalid_state_error', 'order_already_cancelled', 'The order is cancelled.');
    if (!order.payment_status.awaiting_payment) return failure(422, 'invalid_state_error', 'already_paid', 'The order is already paid.');
    const payment = body.payment as { type?: string; amount?: string; currency?: string } | undefined;
    if (payment?.type !== 'balance' || minor(payment.amount) !== minor(order.total_amount) || payment.currency !== order.total_currency) {
      return failure(422, 'validation_error', 'invalid_payment_amount', 'The payment must be the order total from the balance.');
    }
    order.payment_status = { awaiting_payment: false, paid_at: nowDate().toISOString(), payment_required_by: null };
    issueTickets(order);
    return data({ id: newId('pay'), type: 'balance', amount: payment.amount, currency: payment.currency, created_at: nowDate().toISOString() }, 201);
  }

  function quoteCancel(body: Json): Answer {
    const order = orders.get((body.order_id as string | undefined) ?? '');
    if (!order) return notFound();
    if (mock.faults.alreadyCancelled || order.cancelled_at) {
      return failure(422, 'invalid_state_error', 'order_already_cancelled', 'The order has already been cancelled.');
    }
    const quote = cancellationQuote(order, mock.faults.voidWindow ?? false, nowDate());
    cancellations.set(quote.id as string, quote);
    return data(quote, 201);
  }

  function confirmCancel(id: string): Answer {
    const quote = cancellations.get(id);
    if (!quote) return notFound();
    const order = orders.get(quote.order_id as string);
    if (!order) return notFound();
    if (mock.faults.alreadyCancelled || order.cancelled_at) {
      return failure(422, 'invalid_state_error', 'order_already_cancelled', 'The order has already been cancelled.');
    }
    const at = nowDate().toISOString();
    quote.confirmed_at = at;
    order.cancelled_at = at;
    order.cancellation = quote;
    return data(quote);
  }

  function requestChange(body: Json): Answer {
    const order = orders.get((body.order_id as string | undefined) ?? '');
    if (!order) return notFound();
    if (order.cancelled_at) return failure(422, 'invalid_state_error', 'order_already_cancelled', 'The order is cancelled.');
    const slices = body.slices as { remove: { slice_id: string }[]; add: SliceQuery[] } | undefined;
    if (!slices?.remove.length || !slices.add.length) return failure(422, 'validation_error', 'validation_required', 'slices to add and remove are required');
    const made = changeOffers(order, { slices }, nowDate());
    for (const o of made) changeOfferStore.set(o.id as string, { ...o, order_id: order.id });
    return data({ id: newId('ocr'), order_id: order.id, live_mode: false, slices, order_change_offers: made, created_at: nowDate().toISOString() }, 201);
  }

  function createChange(body: Json): Answer {
    const chosen = changeOfferStore.get((body.selected_order_change_offer as string | undefined) ?? '');
    if (!chosen) return notFound();
    const change = { ...chosen, id: newId('oce'), confirmed_at: null, live_mode: false, penalty_total_amount: chosen.penalty_amount, penalty_total_currency: chosen.penalty_currency };
    changes.set(change.id, change);
    return data(change, 201);
  }

  function confirmChange(id: string, body: Json | undefined): Answer {
    const change = changes.get(id);
    if (!change) return notFound();
    const order = orders.get(change.order_id);
    if (!order) return notFound();
    if (order.cancelled_at) return failure(422, 'invalid_state_error', 'order_already_cancelled', 'The order is cancelled.');
    const due = minor(change.change_total_amount as string);
    const payment = body?.payment as { amount?: string; type?: string } | undefined;
    if (due > 0 && (payment?.type !== 'balance' || minor(payment.amount) !== due)) {
      return failure(422, 'validation_error', 'invalid_payment_amount', 'The payment must be the change total from the balance.');
    }
    change.confirmed_at = nowDate().toISOString();
    applyChange(order, change);
    return data(change);
  }

  function route(method: string, path: string, query: Record<string, string>, body: Json | undefined): { op?: MockOperation; run: () => Answer } {
    const payload = (body?.data as Json | undefined) ?? {};
    let m: RegExpExecArray | null;
    if (method === 'POST' && /^\/air\/offer_requests\/?$/.test(path)) return { op: 'offerRequests.create', run: () => createOfferRequest(payload) };
    if (method === 'GET' && (m = /^\/air\/offers\/([\w-]+)$/.exec(path))) return { op: 'offers.get', run: () => getOffer(m?.[1] ?? '', query.return_available_services === 'true') };
    if (method === 'GET' && path === '/air/seat_maps') return { op: 'seatMaps.get', run: () => getSeatMaps(query.offer_id ?? '') };
    if (method === 'POST' && path === '/air/orders') return { op: 'orders.create', run: () => postOrder(payload) };
    if (method === 'GET' && (m = /^\/air\/orders\/([\w-]+)$/.exec(path))) {
      const id = m[1] ?? '';
      return { op: 'orders.get', run: () => (orders.has(id) ? data(orders.get(id) as Json) : notFound()) };
    }
    if (method === 'POST' && path === '/air/payments') return { op: 'payments.create', run: () => pay(payload) };
    if (method === 'POST' && path === '/air/order_cancellations') return { op: 'orderCancellations.create', run: () => quoteCancel(payload) };
    if (method === 'POST' && (m = /^\/air\/order_cancellations\/([\w-]+)\/actions\/confirm$/.exec(path))) {
      return { op: 'orderCancellations.confirm', run: () => confirmCancel(m?.[1] ?? '') };
    }
    if (method === 'POST' && path === '/air/order_change_requests') return { op: 'orderChangeRequests.create', run: () => requestChange(payload) };
    if (method === 'POST' && path === '/air/order_changes') return { op: 'orderChanges.create', run: () => createChange(payload) };
    if (method === 'POST' && (m = /^\/air\/order_changes\/([\w-]+)\/actions\/confirm$/.exec(path))) {
      return { op: 'orderChanges.confirm', run: () => confirmChange(m?.[1] ?? '', payload) };
    }
    return { run: () => notFound() };
  }

  const api: DuffelMock = {
    url: '',
    get faults() {
      return mock.faults;
    },
    set faults(value: MockFaults) {
      mock.faults = value;
    },
    requests,
    orders,
    async airlineChange(orderId, minutes, webhook) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      const change = airlineChange(order, minutes, nowDate());
      if (webhook) await deliverWebhook(webhook.url, webhook.secret, 'order.airline_initiated_change_detected', change);
      return change;
    },
    reset() {
      mock.faults = {};
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  async function control(path: string, body: Json): Promise<Answer> {
    if (path === '/__mock/faults') {
      mock.faults = body as MockFaults;
      return data(body);
    }
    if (path === '/__mock/reset') {
      api.reset();
      return data({});
    }
    if (path === '/__mock/airline-change') {
      const webhook = typeof body.webhook_url === 'string' && typeof body.webhook_secret === 'string'
        ? { url: body.webhook_url, secret: body.webhook_secret }
        : undefined;
      return data(await api.airlineChange(String(body.order_id), Number(body.minutes ?? 90), webhook));
    }
    return failure(404, 'invalid_request_error', 'not_found', 'No such control route');
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const text = Buffer.concat(chunks).toString('utf8');
        let body: Json | undefined;
        try {
          body = text ? (JSON.parse(text) as Json) : undefined;
        } catch {
          body = undefined;
        }
        const query = Object.fromEntries(url.searchParams);
        const send = (answer: Answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json', 'x-request-id': crypto.randomUUID() });
          res.end(JSON.stringify(answer.body));
        };
        if (url.pathname.startsWith('/__mock/')) return send(await control(url.pathname, body ?? {}));
        requests.push({ method: req.method ?? 'GET', path: url.pathname, query, body });
        if (!/^Bearer duffel_(test|live)_/.test(req.headers.authorization ?? '')) {
          return send(failure(401, 'authentication_error', 'unauthorized', 'The access token is missing or invalid.'));
        }
        const { op, run } = route(req.method ?? 'GET', url.pathname, query, body);
        if (op && mock.faults.timeout?.includes(op)) return; // never answers
        if (op) {
          const invalid = validation(op, `Field is invalid (${op})`);
          if (invalid) return send(invalid);
        }
        if (options.log) console.info(req.method, url.pathname);
        send(run());
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return api;
}

// Run as a program: `--port N` (default 4010).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const at = process.argv.indexOf('--port');
  const port = at >= 0 ? Number(process.argv[at + 1]) : 4010;
  void startDuffelMock({ port, log: true }).then((started) => {
    console.info(`Duffel mock listening on ${started.url}`);
  });
}

