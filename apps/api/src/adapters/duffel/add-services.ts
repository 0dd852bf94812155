/*
 * Bags added to a ticketed Duffel order (the after-sales purchase): the order's available services
 * (`GET /air/orders/:id/available_services`), then `POST /air/orders/:id/services` paid from the
 * Duffel balance. Duffel sells seats with the booking only: a seat asked afterwards is rejected.
 *
 * A purchase is bought once however often it is asked, with nothing kept in the process: before
 * buying, the adapter marks the attempt on the Duffel order itself (`PATCH /air/orders/:id`, the
 * metadata key of `purchaseMarkKey`) with how many of each asked bag the order held then. The
 * portal asks again with the same request id after a lost answer or a restart; the order then holds
 * those quantities plus the asked ones (bought: answered `added`, nothing bought again), or just
 * those (not bought: bought now), or anything else (unknown: thrown, never bought blind).
 */
import { createHash } from 'node:crypto';
import type { Order as DuffelOrder, OrderAvailableService } from '@duffel/api/types';
import { z } from 'zod';
import type { AddAncillariesAnswer, AddAncillariesRequest } from '../../modules/shopping/index';
import { asRefusal, readOrder } from './after-sales';
import { type DuffelClient, type DuffelLog, failureOf, requestOf } from './client';
import { decimalOf, minorOf, OFFER_CURRENCY } from './map-offer';
import { segmentIdsOf } from './seats';

const rejected = (reason: string): AddAncillariesAnswer => ({ status: 'rejected', reason });

/** Duffel's limits on an order's metadata: key length, value length. */
const KEY_LENGTH = 40;
const VALUE_LENGTH = 500;
const MARK_PREFIX = 'portal_purchase_';
/** A mark is read only while its purchase is retried (hours); older ones make room for new ones. */
const MARK_KEPT_MS = 30 * 24 * 3_600_000;

/** The metadata key marking the purchase `requestId` on the Duffel order (Duffel's alphabet, 40 characters at most). */
export function purchaseMarkKey(requestId: string): string {
  const room = KEY_LENGTH - MARK_PREFIX.length;
  const plain =
    /^[A-Za-z0-9_-]+$/.test(requestId) && requestId.length <= room
      ? requestId
      : createHash('sha256').update(requestId).digest('hex').slice(0, room);
  return MARK_PREFIX + plain;
}

/** What a mark holds: the purchase, when it was tried, the bags asked and what the order held of each before. */
const PurchaseMark = z.object({
  request: z.string(),
  at: z.string(),
  bags: z.string(),
  before: z.array(z.number().int().nonnegative()),
});
type PurchaseMark = z.infer<typeof PurchaseMark>;

function readMark(value: string | undefined): PurchaseMark | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed = PurchaseMark.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** One bag asked: a service for a passenger, in a stable order (the portal's lines come unordered). */
interface WantedBag {
  passengerIndex: number;
  serviceId: string;
  quantity: number;
}

function wantedBags(request: AddAncillariesRequest): WantedBag[] {
  const byKey = new Map<string, WantedBag>();
  for (const selection of request.selections) {
    for (const bag of selection.bags) {
      const key = `${bag.serviceId}|${selection.passengerIndex}`;
      const known = byKey.get(key);
      byKey.set(key, {
        passengerIndex: selection.passengerIndex,
        serviceId: bag.serviceId,
        quantity: (known?.quantity ?? 0) + bag.quantity,
      });
    }
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, bag]) => bag);
}

/** A short digest of the bags asked: a mark is only read back for the same bags. */
const fingerprintOf = (wanted: readonly WantedBag[]) =>
  createHash('sha256')
    .update(wanted.map((w) => `${w.serviceId}|${w.passengerIndex}|${w.quantity}`).join(','))
    .digest('hex')
    .slice(0, 16);

/** What tells a bag on the order apart: the service, or its passengers, segments and weight. */
interface BagShape {
  id: string;
  passengerIds: readonly string[];
  segmentIds: readonly string[];
  weightKg: number | null;
  unitMinor: number;
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

type OrderService = NonNullable<DuffelOrder['services']>[number];

const weightOf = (service: OrderService | OrderAvailableService): number | null =>
  service.metadata && 'maximum_weight_kg' in service.metadata
    ? (service.metadata.maximum_weight_kg ?? null)
    : null;

function shapeOfAvailable(service: OrderAvailableService): BagShape {
  return {
    id: service.id,
    passengerIds: service.passenger_ids,
    segmentIds: service.segment_ids,
    weightKg: weightOf(service),
    unitMinor: minorOf(service.total_amount) ?? 0,
  };
}

/** The asked service as Duffel offers it, else as the order holds it (a bag no longer offered once bought). */
function shapeOf(serviceId: string, available: readonly OrderAvailableService[], order: DuffelOrder) {
  const offered = available.find((s) => s.id === serviceId);
  if (offered) return shapeOfAvailable(offered);
  const held = (order.services ?? []).find((s) => s.id === serviceId && s.type === 'baggage');
  if (!held) return undefined;
  return {
    id: held.id,
    passengerIds: held.passenger_ids,
    segmentIds: held.segment_ids,
    weightKg: weightOf(held),
    unitMinor: Math.round((minorOf(held.total_amount) ?? 0) / Math.max(1, held.quantity)),
  };
}

/** How many of the bag the order holds (Duffel may give a bought service its own id: the shape counts too). */
function quantityHeld(order: DuffelOrder, shape: BagShape): number {
  return (order.services ?? [])
    .filter(
      (s) =>
        s.id === shape.id ||
        (s.type === 'baggage' &&
          sameSet(s.passenger_ids, shape.passengerIds) &&
          sameSet(s.segment_ids, shape.segmentIds) &&
          weightOf(s) === shape.weightKg),
    )
    .reduce((sum, s) => sum + s.quantity, 0);
}

/** The confirmed lines: the bags asked, priced and placed on the order's segments. */
function addedAnswer(
  wanted: readonly WantedBag[],
  shapes: readonly BagShape[],
  order: DuffelOrder,
): AddAncillariesAnswer {
  const segmentIds = segmentIdsOf(order);
  const bags = wanted.flatMap((w, i) => {
    const shape = shapes[i];
    if (!shape) return [];
    return [
      {
        passengerIndex: w.passengerIndex,
        serviceId: w.serviceId,
        segmentIndexes: shape.segmentIds.map((id) => segmentIds.indexOf(id)).filter((n) => n >= 0),
        quantity: w.quantity,
        weightKg: shape.weightKg ?? 0,
        priceMinor: shape.unitMinor * w.quantity,
      },
    ];
  });
  return { status: 'added', ancillaries: { seats: [], bags } };
}

/** The asked bags as Duffel offers them to their passengers, with their total; else why not. */
function offeredBags(
  wanted: readonly WantedBag[],
  available: readonly OrderAvailableService[],
  passengerIds: readonly string[],
): { shapes: BagShape[]; totalMinor: number } | { reason: string } {
  const shapes: BagShape[] = [];
  let totalMinor = 0;
  for (const bag of wanted) {
    const service = available.find((s) => s.id === bag.serviceId);
    const price = minorOf(service?.total_amount);
    if (
      !service ||
      !service.passenger_ids.includes(passengerIds[bag.passengerIndex] ?? '') ||
      bag.quantity < 1 ||
      bag.quantity > service.maximum_quantity ||
      price === null ||
      service.total_currency !== OFFER_CURRENCY
    ) {
      return { reason: `bag ${bag.serviceId} is not offered to passenger ${bag.passengerIndex + 1}` };
    }
    shapes.push(shapeOfAvailable(service));
    totalMinor += price * bag.quantity;
  }
  return { shapes, totalMinor };
}

/** Writes the mark (the order's other metadata kept, the adapter's own stale marks dropped). */
async function markPurchase(
  client: DuffelClient,
  order: DuffelOrder,
  key: string,
  mark: PurchaseMark,
  signal: AbortSignal,
): Promise<void> {
  const kept = Object.entries(order.metadata ?? {}).filter(([k, v]) => {
    if (!k.startsWith(MARK_PREFIX)) return true;
    const at = Date.parse(readMark(v)?.at ?? '');
    return Number.isNaN(at) || Date.now() - at < MARK_KEPT_MS;
  });
  const body = { metadata: { ...Object.fromEntries(kept), [key]: JSON.stringify(mark) } };
  await client.call(
    'orders.update',
    body,
    (api) => requestOf(api)<DuffelOrder>({ method: 'PATCH', path: `air/orders/${order.id}`, data: body }),
    signal,
  );
}

/** Duffel's refusal as the answer; any other failure stays unknown (thrown). */
function refusalOr(error: unknown): AddAncillariesAnswer {
  if (failureOf(error) && asRefusal(error) !== error)
    return rejected(`duffel: ${failureOf(error)?.code ?? ''}`);
  throw error;
}

/**
 * Adds the request's bags to the order, once per request id (see the file's note); a choice Duffel
 * does not offer, or a seat, is rejected with the reason.
 */
export async function addBags(
  client: DuffelClient,
  log: DuffelLog,
  request: AddAncillariesRequest,
  signal: AbortSignal,
): Promise<AddAncillariesAnswer> {
  if (request.selections.some((s) => s.seats.length > 0)) {
    return rejected('Duffel sells seats with the booking only');
  }
  const wanted = wantedBags(request);
  if (wanted.length === 0) return rejected('no bag asked');
  const order = await readOrder(client, request.pnr, signal);
  if (!order) return rejected('Duffel has no such order');
  const available = await client.call(
    'orders.getAvailableServices',
    { id: order.id },
    (api) => api.orders.getAvailableServices(order.id),
    signal,
  );
  const key = purchaseMarkKey(request.requestId);
  const bags = fingerprintOf(wanted);
  const mark = readMark(order.metadata?.[key]);
  if (mark) {
    if (mark.request !== request.requestId || mark.bags !== bags)
      return rejected('the purchase was tried before with other bags');
    const shapes = wanted.map((w) => shapeOf(w.serviceId, available, order));
    const held = shapes.map((s) => (s ? quantityHeld(order, s) : -1));
    const bought = wanted.every((w, i) => (held[i] ?? -1) >= (mark.before[i] ?? Infinity) + w.quantity);
    const known = shapes.filter((s): s is BagShape => s !== undefined);
    if (bought && known.length === wanted.length) {
      log.info({ duffel: 'purchase already added', requestId: request.requestId }, 'duffel purchase found');
      return addedAnswer(wanted, known, order);
    }
    if (!wanted.every((_, i) => held[i] === mark.before[i])) {
      log.warn(
        { duffel: 'purchase unclear', requestId: request.requestId, before: mark.before, held },
        'duffel purchase neither made nor untouched',
      );
      throw new Error(`duffel: cannot tell whether purchase ${request.requestId} was added`);
    }
  }
  if (order.cancelled_at) return rejected('the order is cancelled');
  const passengerIds = order.passengers.map((p) => p.id);
  const offered = offeredBags(wanted, available, passengerIds);
  if ('reason' in offered) return rejected(offered.reason);
  if (!mark) {
    const before = offered.shapes.map((s) => quantityHeld(order, s));
    const value = { request: request.requestId, at: new Date().toISOString(), bags, before };
    if (JSON.stringify(value).length > VALUE_LENGTH) return rejected('too many bags for one Duffel purchase');
    try {
      await markPurchase(client, order, key, value, signal);
    } catch (error) {
      return refusalOr(error);
    }
  }
  const body = {
    add_services: wanted.map((w) => ({ id: w.serviceId, quantity: w.quantity })),
    payment: { type: 'balance' as const, amount: decimalOf(offered.totalMinor), currency: OFFER_CURRENCY },
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
    return refusalOr(error);
  }
  return addedAnswer(wanted, offered.shapes, updated);
}
