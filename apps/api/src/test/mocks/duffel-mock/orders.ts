/*
 * The mock's orders and their after-sales, as Duffel's API reference describes them: orders
 * (instant or hold), balance payments issuing e-tickets, order cancellations (quote, confirm),
 * order change requests with their offers, order changes, and airline-initiated changes.
 */
import crypto from 'node:crypto';
import {
  CARRIERS,
  CHANGE_PENALTY_MINOR,
  type Json,
  minor,
  money,
  newId,
  type OfferPassenger,
  REFUND_PENALTY_MINOR,
  slice,
  type SliceQuery,
} from './fixtures';

/** An answer of the mock: HTTP status and body (`data`, or Duffel's `errors`). */
export interface Answer {
  status: number;
  body: Json;
}

export const data = (body: Json, status = 200): Answer => ({ status, body: { data: body } });

/** Duffel's error envelope. */
export function failure(status: number, type: string, code: string, message: string): Answer {
  return {
    status,
    body: {
      meta: { status, request_id: crypto.randomUUID() },
      errors: [
        {
          type,
          code,
          title: message,
          message,
          documentation_url: `https://duffel.com/docs/api/overview/errors#${code}`,
        },
      ],
    },
  };
}

export interface MockOrder extends Json {
  id: string;
  total_amount: string;
  passengers: (Json & { id: string; type: string })[];
  slices: Json[];
  documents: Json[];
  cancelled_at: string | null;
  payment_status: {
    awaiting_payment: boolean;
    paid_at: string | null;
    payment_required_by?: string | null;
    price_guarantee_expires_at?: string | null;
  };
  airline_initiated_changes: Json[];
}

const ticketNumber = () => `999${String(crypto.randomInt(0, 10_000_000_000)).padStart(10, '0')}`;

/** E-tickets for each passenger of an order (infants included). */
export function issueTickets(order: MockOrder): void {
  order.documents = order.passengers.map((p) => ({
    type: 'electronic_ticket',
    unique_identifier: ticketNumber(),
    passenger_ids: [p.id],
  }));
}

const bookingReference = () =>
  Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[crypto.randomInt(0, 32)]).join('');

/** A new order of an offer (instant: paid and ticketed at once). */
export function createOrder(
  offer: Json,
  passengers: Json[],
  services: Json[],
  totalMinor: number,
  instant: boolean,
  now: Date,
): MockOrder {
  const order: MockOrder = {
    id: newId('ord'),
    booking_reference: bookingReference(),
    live_mode: false,
    created_at: now.toISOString(),
    synced_at: now.toISOString(),
    owner: offer.owner,
    slices: offer.slices as Json[],
    passengers: passengers as MockOrder['passengers'],
    services,
    conditions: offer.conditions,
    base_amount: offer.base_amount,
    base_currency: offer.base_currency,
    tax_amount: offer.tax_amount,
    tax_currency: offer.tax_currency,
    total_amount: money(totalMinor),
    total_currency: offer.total_currency as string,
    payment_status: {
      awaiting_payment: !instant,
      paid_at: instant ? now.toISOString() : null,
      payment_required_by: instant ? null : new Date(now.getTime() + 24 * 3_600_000).toISOString(),
      price_guarantee_expires_at: null,
    },
    documents: [],
    cancelled_at: null,
    cancellation: null,
    metadata: {},
    airline_initiated_changes: [],
    available_actions: ['cancel', 'change'],
  };
  if (instant) issueTickets(order);
  return order;
}

const METADATA_KEY = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * `PATCH /air/orders/:id`: the order's metadata, the only field Duffel lets change, replaced by the
 * one sent (at most 50 string pairs, keys of 40 letters, digits, dashes or underscores, values of
 * 500 characters). A body without `metadata` (4.x's client sends `{ options: { metadata } }`) is refused.
 */
export function updateOrder(order: MockOrder, body: Json): Answer {
  const metadata = body.metadata;
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
    return failure(422, 'validation_error', 'validation_required', 'metadata is required');
  const entries = Object.entries(metadata);
  const valid =
    entries.length <= 50 &&
    entries.every(([k, v]) => METADATA_KEY.test(k) && typeof v === 'string' && v.length <= 500);
  if (!valid) return failure(422, 'validation_error', 'invalid_metadata', 'metadata is invalid');
  order.metadata = Object.fromEntries(entries);
  return data(order);
}

/** A cancellation quote: the whole order back within the void window, else less the refund penalty per passenger. */
export function cancellationQuote(order: MockOrder, inVoidWindow: boolean, now: Date): Json {
  const paid = order.payment_status.awaiting_payment ? 0 : minor(order.total_amount);
  const penalty =
    REFUND_PENALTY_MINOR * order.passengers.filter((p) => p.type !== 'infant_without_seat').length;
  const back = inVoidWindow ? paid : Math.max(0, paid - penalty);
  return {
    id: newId('ore'),
    order_id: order.id,
    live_mode: false,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + 15 * 60_000).toISOString(),
    confirmed_at: null,
    refund_amount: money(back),
    refund_currency: order.total_currency,
    refund_to: paid === 0 ? 'awaiting_payment' : 'balance',
    airline_credits: [],
  };
}

/** The change offers of a change request: each carrier's flights for the added slices. */
export function changeOffers(
  order: MockOrder,
  request: { slices: { remove: { slice_id: string }[]; add: SliceQuery[] } },
  now: Date,
): Json[] {
  const passengers: OfferPassenger[] = order.passengers.map((p) => ({
    id: p.id,
    type: p.type as OfferPassenger['type'],
  }));
  const removed = order.slices.filter((s) => request.slices.remove.some((r) => r.slice_id === s.id));
  const seated = passengers.filter((p) => p.type !== 'infant_without_seat').length;
  return CARRIERS.map((carrier, i) => {
    const add = request.slices.add.map((q) => slice(carrier, q, passengers));
    const fareMove = i === 0 ? 10_000 * seated : 0;
    const penalty = CHANGE_PENALTY_MINOR * seated;
    return {
      id: newId('oco'),
      order_change_id: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      expires_at: new Date(now.getTime() + 15 * 60_000).toISOString(),
      slices: { add, remove: removed },
      penalty_amount: money(penalty),
      penalty_currency: order.total_currency,
      change_total_amount: money(penalty + fareMove),
      change_total_currency: order.total_currency,
      new_total_amount: money(minor(order.total_amount) + fareMove),
      new_total_currency: order.total_currency,
      refund_to: 'balance',
    };
  });
}

/**
 * Applies a confirmed change: the removed slices replaced in place by the added ones, in order
 * (the journeys keep their order), new e-tickets.
 */
export function applyChange(order: MockOrder, change: Json): void {
  const slices = change.slices as { add: Json[]; remove: Json[] };
  const removed = new Set(slices.remove.map((s) => s.id));
  const added = [...slices.add];
  order.slices = order.slices.flatMap((s) => {
    if (!removed.has(s.id)) return [s];
    const next = added.shift();
    return next ? [next] : [];
  });
  order.slices.push(...added);
  order.total_amount = change.new_total_amount as string;
  issueTickets(order);
}

/** An airline-initiated change moving the order's first slice by `minutes` (same flights). */
export function airlineChange(order: MockOrder, minutes: number, now: Date): Json {
  const first = order.slices[0] as Json & { segments: Json[] };
  const moved = {
    ...first,
    id: newId('sli'),
    segments: first.segments.map((s) => ({
      ...s,
      id: newId('seg'),
      departing_at: shift(s.departing_at as string, minutes),
      arriving_at: shift(s.arriving_at as string, minutes),
    })),
  };
  const change = {
    id: newId('aic'),
    order_id: order.id,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    removed: [first],
    added: [moved],
    action_taken: null,
    action_taken_at: null,
    available_actions: ['accept', 'cancel', 'change'],
    travel_agent_ticket: null,
  };
  order.airline_initiated_changes.push(change);
  return change;
}

function shift(local: string, minutes: number): string {
  const at = new Date(`${local}Z`);
  at.setUTCMinutes(at.getUTCMinutes() + minutes);
  return at.toISOString().slice(0, 19);
}
