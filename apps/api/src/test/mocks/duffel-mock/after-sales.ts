/*
 * The mock's order cancellations and order changes, as Duffel's API reference describes them:
 * `POST /air/order_cancellations` (a quote with `expires_at`), `GET /air/order_cancellations/:id`,
 * confirm (only the order's latest, before it lapses); `POST /air/order_change_requests` (slices
 * to remove and add, every passenger), `GET /air/order_change_offers/:id` (with `order_change_id`
 * once a change is made from it), `POST /air/order_changes` (once per offer),
 * `GET /air/order_changes/:id` and confirm (once, before it lapses). Duffel's reference names no
 * error code for a lapsed quote: the mock answers 422 `quote_expired`.
 */
import type { Json } from './fixtures';
import { minor, newId, type SliceQuery } from './fixtures';
import {
  type Answer,
  applyChange,
  cancellationQuote,
  changeOffers,
  data,
  failure,
  type MockOrder,
} from './orders';
import type { MockFaults, MockOperation } from './types';

type Stored = Json & { id: string; expires_at: string; confirmed_at: string | null };

const lapsed = (quote: { expires_at: string }) => Date.parse(quote.expires_at) <= Date.now();
const expired = (what: string) =>
  failure(422, 'invalid_state_error', 'quote_expired', `The ${what} has expired.`);
const cancelled = () =>
  failure(422, 'invalid_state_error', 'order_already_cancelled', 'The order has already been cancelled.');

/** The after-sales routes over the mock's orders; `faults` is read at each call. */
export function afterSalesRoutes(
  orders: Map<string, MockOrder>,
  faults: () => MockFaults,
  notFound: () => Answer,
) {
  const cancellations = new Map<string, Stored & { order_id: string }>();
  const latestCancellation = new Map<string, string>();
  const offers = new Map<string, { offer: Stored & { order_change_id: string | null }; orderId: string }>();
  const changes = new Map<string, Stored & { order_id: string }>();
  /** A quote made now, already lapsed under the `quoteExpired` fault. */
  const lapseIfExpired = <T extends Json>(quote: T): T =>
    faults().quoteExpired ? { ...quote, expires_at: new Date(Date.now() - 1_000).toISOString() } : quote;

  function quoteCancel(body: Json): Answer {
    const order = orders.get((body.order_id as string | undefined) ?? '');
    if (!order) return notFound();
    if (faults().alreadyCancelled || order.cancelled_at) return cancelled();
    const quote = lapseIfExpired(
      cancellationQuote(order, faults().voidWindow ?? false, new Date()),
    ) as Stored & {
      order_id: string;
    };
    cancellations.set(quote.id, quote);
    latestCancellation.set(order.id, quote.id);
    return data(quote, 201);
  }

  function confirmCancel(id: string): Answer {
    const quote = cancellations.get(id);
    if (!quote) return notFound();
    const order = orders.get(quote.order_id);
    if (!order) return notFound();
    if (faults().alreadyCancelled || order.cancelled_at) return cancelled();
    if (latestCancellation.get(order.id) !== id)
      return failure(
        422,
        'invalid_state_error',
        'not_latest_order_cancellation',
        'Only the most recent order cancellation of an order can be confirmed.',
      );
    if (lapsed(quote)) return expired('order cancellation');
    const at = new Date().toISOString();
    quote.confirmed_at = at;
    order.cancelled_at = at;
    order.cancellation = quote;
    return data(quote);
  }

  function requestChange(body: Json): Answer {
    const order = orders.get((body.order_id as string | undefined) ?? '');
    if (!order) return notFound();
    if (order.cancelled_at) return cancelled();
    const slices = body.slices as { remove: { slice_id: string }[]; add: SliceQuery[] } | undefined;
    if (!slices?.remove.length || !slices.add.length)
      return failure(422, 'validation_error', 'validation_required', 'slices to add and remove are required');
    if (slices.remove.some((r) => !order.slices.some((s) => s.id === r.slice_id)))
      return failure(
        422,
        'validation_error',
        'invalid_slice',
        'A slice to remove is not a slice of the order',
      );
    const made = changeOffers(order, { slices }, new Date()).map((o) => lapseIfExpired(o) as Stored);
    for (const offer of made)
      offers.set(offer.id, { offer: { ...offer, order_change_id: null }, orderId: order.id });
    return data(
      {
        id: newId('ocr'),
        order_id: order.id,
        live_mode: false,
        slices,
        order_change_offers: made,
        created_at: new Date().toISOString(),
      },
      201,
    );
  }

  function createChange(body: Json): Answer {
    const chosen = offers.get((body.selected_order_change_offer as string | undefined) ?? '');
    if (!chosen) return notFound();
    if (chosen.offer.order_change_id)
      return failure(
        422,
        'invalid_state_error',
        'order_change_already_created',
        'An order change has already been created from this offer.',
      );
    if (lapsed(chosen.offer)) return expired('order change offer');
    const { order_change_id: _none, ...offer } = chosen.offer;
    const change = {
      ...offer,
      id: newId('oce'),
      order_id: chosen.orderId,
      confirmed_at: null,
      live_mode: false,
      penalty_total_amount: chosen.offer.penalty_amount,
      penalty_total_currency: chosen.offer.penalty_currency,
    };
    chosen.offer.order_change_id = change.id;
    changes.set(change.id, change);
    return data(change, 201);
  }

  function confirmChange(id: string, body: Json | undefined): Answer {
    const change = changes.get(id);
    if (!change) return notFound();
    const order = orders.get(change.order_id);
    if (!order) return notFound();
    if (order.cancelled_at) return cancelled();
    if (change.confirmed_at)
      return failure(
        422,
        'invalid_state_error',
        'already_confirmed',
        'The order change is already confirmed.',
      );
    if (lapsed(change)) return expired('order change');
    const due = minor(change.change_total_amount as string);
    const payment = body?.payment as { amount?: string; type?: string } | undefined;
    if (due > 0 && (payment?.type !== 'balance' || minor(payment.amount) !== due)) {
      return failure(
        422,
        'validation_error',
        'invalid_payment_amount',
        'The payment must be the change total from the balance.',
      );
    }
    change.confirmed_at = new Date().toISOString();
    applyChange(order, change);
    return data(change);
  }

  const found = (value: Json | undefined) => (value ? data(value) : notFound());

  /** The route of an after-sales call, or undefined when the path is another. */
  return function route(
    method: string,
    path: string,
    payload: Json,
  ): { op: MockOperation; run: () => Answer } | undefined {
    let m: RegExpExecArray | null;
    const id = () => m?.[1] ?? '';
    if (method === 'POST' && path === '/air/order_cancellations')
      return { op: 'orderCancellations.create', run: () => quoteCancel(payload) };
    if (method === 'GET' && (m = /^\/air\/order_cancellations\/([\w-]+)$/.exec(path)))
      return { op: 'orderCancellations.get', run: () => found(cancellations.get(id())) };
    if (method === 'POST' && (m = /^\/air\/order_cancellations\/([\w-]+)\/actions\/confirm$/.exec(path)))
      return { op: 'orderCancellations.confirm', run: () => confirmCancel(id()) };
    if (method === 'POST' && path === '/air/order_change_requests')
      return { op: 'orderChangeRequests.create', run: () => requestChange(payload) };
    if (method === 'GET' && (m = /^\/air\/order_change_offers\/([\w-]+)$/.exec(path)))
      return { op: 'orderChangeOffers.get', run: () => found(offers.get(id())?.offer) };
    if (method === 'POST' && path === '/air/order_changes')
      return { op: 'orderChanges.create', run: () => createChange(payload) };
    if (method === 'GET' && (m = /^\/air\/order_changes\/([\w-]+)$/.exec(path)))
      return { op: 'orderChanges.get', run: () => found(changes.get(id())) };
    if (method === 'POST' && (m = /^\/air\/order_changes\/([\w-]+)\/actions\/confirm$/.exec(path)))
      return { op: 'orderChanges.confirm', run: () => confirmChange(id(), payload) };
    return undefined;
  };
}
