import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { AfterSalesSelection, ChangeReason, type ChangeSearchRequest } from '@portal/domain/after-sales';
import { actionRule } from '@portal/domain/flight-order-actions';
import type { PassengerCounts, ShoppingRequest, ShoppingStarted } from '@portal/domain/shopping';
import { isCurrency } from '@portal/domain/currency';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import type { RequestContext } from '../../../platform/request-context';
import type { SearchRow } from '../../shopping/index';
import type { FlightOrderDeps } from '../flight-orders.context';
import { canSeeOrder } from '@portal/domain/order-visibility';
import { findOrder } from '../flight-orders.repo';
import type { FlightOrderRow } from '../flight-orders.schema';
import { loadAgencyPricing } from '../../shopping/index';
import { checkShoppingJourneys, searchToday } from '../../shopping/index';
import { newId, quoteExpiry } from '../../shopping/index';
import { rateFromCny } from '../../exchange-rates/index';
import { insertSearch } from '../../shopping/index';
import { askSuppliers } from '../../shopping/index';
import type { FlightSupplier, Offer, SupplierQuery } from '../../shopping/index';
import { ticketClaims } from './after-sales.schema';
import { assertSelection } from './claims';
import { assertChangeGrounds } from './involuntary-change';
import { changeFeeOfTerms } from './terms-check';

/** The search kind of a change search (`searches.kind`). */
export const CHANGE_SEARCH_KIND = 'change';

/** What a change search remembers beside its shopping request: the order and tickets it is for. */
export const ChangeSearchFacts = z.object({
  orderId: z.string(),
  userId: z.number().int(),
  selection: AfterSalesSelection,
  reason: ChangeReason,
});
export type ChangeSearchFacts = z.infer<typeof ChangeSearchFacts>;

/**
 * The pending change searches of one app instance, one per user and order: starting a new one
 * aborts the earlier one's supplier calls still running (their AbortSignal fires). A search run by
 * another instance is not reached; its supplier calls end by their own bound.
 */
export class ChangeSearches {
  private readonly pending = new Map<string, AbortController>();

  /** The signal of a new search for `key`, after aborting the earlier one. */
  begin(key: string): AbortSignal {
    this.pending.get(key)?.abort(new Error('replaced by a newer change search'));
    const controller = new AbortController();
    this.pending.set(key, controller);
    return controller.signal;
  }

  /** Forgets a search whose suppliers have all settled (unless a newer one replaced it). */
  end(key: string, signal: AbortSignal): void {
    if (this.pending.get(key)?.signal === signal) this.pending.delete(key);
  }

  /** Aborts every pending search (app shutdown). */
  close(): void {
    for (const controller of this.pending.values()) controller.abort(new Error('shutting down'));
    this.pending.clear();
  }
}

/** What the change use cases need: the order dependencies and this instance's pending searches. */
export interface ChangeDeps extends FlightOrderDeps {
  changeSearches: ChangeSearches;
}

/** The caller's order if it allows 'change' now (404 unknown or hidden, 409 ILLEGAL_TRANSITION otherwise). */
export async function findChangeable(
  db: Db,
  ctx: RequestContext,
  id: string,
  now: Date,
  options: { forUpdate?: boolean } = {},
): Promise<FlightOrderRow> {
  const order = await findOrder(db, ctx.agency.id, id, options);
  if (!order || !canSeeOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
  const rule = actionRule(
    {
      status: order.status,
      type: order.type,
      paymentDeadline: order.paymentDeadline?.toISOString() ?? null,
      confirmDeadline: order.confirmDeadline?.toISOString() ?? null,
      voidDeadline: order.voidDeadline?.toISOString() ?? null,
      now,
    },
    'change',
  );
  if (!rule) throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to: 'chg_reviewing' });
  return order;
}

/** 409 TICKET_IN_AFTER_SALES when a selected ticket-segment is held by a live (or effective) request. */
export async function assertTicketsFree(
  db: Db,
  order: FlightOrderRow,
  selection: AfterSalesSelection,
): Promise<void> {
  const [held] = await db
    .select({ id: ticketClaims.id })
    .from(ticketClaims)
    .where(
      and(
        eq(ticketClaims.orderId, order.id),
        inArray(ticketClaims.passengerId, selection.passengerIds),
        inArray(ticketClaims.segmentIndex, selection.segmentIndexes),
        isNull(ticketClaims.releasedAt),
      ),
    )
    .limit(1);
  if (held) throw new AppError('TICKET_IN_AFTER_SALES');
}

/** The passengers of `order` a selection names, in the order's order. */
export function selectedPassengers(
  order: Pick<FlightOrderRow, 'passengers'>,
  selection: AfterSalesSelection,
) {
  const ids = new Set(selection.passengerIds);
  return order.passengers.filter((p) => ids.has(p.id));
}

/** How many selected passengers of each type (the new flights are searched and priced for them). */
export function selectedCounts(order: FlightOrderRow, selection: AfterSalesSelection): PassengerCounts {
  const counts: PassengerCounts = { adult: 0, child: 0, infant: 0 };
  for (const p of selectedPassengers(order, selection)) counts[p.type] += 1;
  return counts;
}

interface FieldError {
  path: string;
  message: string;
}

/**
 * The journeys to search: for each named leg, from its first selected segment's origin to its
 * last selected segment's destination on the new date. Every selected segment must lie in a
 * named leg, every named leg must hold selected segments, and a leg's selected segments must be
 * consecutive (400 ILLEGAL_INPUT with the paths otherwise). The new dates must keep the legs in
 * order with the legs not changed (400 JOURNEY_INVALID).
 */
export function changeJourneys(
  order: FlightOrderRow,
  request: Pick<ChangeSearchRequest, 'selection' | 'legs'>,
): { origin: string; destination: string; date: string }[] {
  const legs = order.solution.legs;
  const firstIndex: number[] = [];
  legs.reduce((start, leg) => {
    firstIndex.push(start);
    return start + leg.segments.length;
  }, 0);
  const legOf = (segmentIndex: number) =>
    legs.findIndex((leg, i) => {
      const start = firstIndex[i] ?? 0;
      return segmentIndex >= start && segmentIndex < start + leg.segments.length;
    });
  const errors: FieldError[] = [];
  const named = new Set<number>();
  request.legs.forEach((leg, i) => {
    if (leg.legIndex >= legs.length)
      errors.push({ path: `legs.${i}.legIndex`, message: 'not a leg of this order' });
    else if (named.has(leg.legIndex)) errors.push({ path: `legs.${i}.legIndex`, message: 'repeated leg' });
    named.add(leg.legIndex);
  });
  request.selection.segmentIndexes.forEach((index, i) => {
    if (!named.has(legOf(index))) {
      errors.push({ path: `selection.segmentIndexes.${i}`, message: 'segment of a leg not being changed' });
    }
  });
  const journeys = request.legs.map((leg, i) => {
    const start = firstIndex[leg.legIndex] ?? 0;
    const segments = legs[leg.legIndex]?.segments ?? [];
    const picked = segments
      .map((_, k) => start + k)
      .filter((index) => request.selection.segmentIndexes.includes(index));
    const first = picked[0];
    const last = picked.at(-1);
    if (first === undefined || last === undefined) {
      errors.push({ path: `legs.${i}.legIndex`, message: 'no selected segment in this leg' });
    } else if (last - first + 1 !== picked.length) {
      errors.push({ path: `legs.${i}.legIndex`, message: 'selected segments of a leg must be consecutive' });
    }
    const from = segments[(first ?? start) - start];
    const to = segments[(last ?? start) - start];
    return {
      legIndex: leg.legIndex,
      origin: from?.departure.airport ?? '',
      destination: to?.arrival.airport ?? '',
      date: leg.date,
    };
  });
  if (errors.length > 0) throw new AppError('ILLEGAL_INPUT', undefined, { errors });

  // The whole trip after the change: new dates on the changed legs, the others as flown.
  const dates = legs.map(
    (leg, i) =>
      journeys.find((j) => j.legIndex === i)?.date ?? leg.segments[0]?.departure.time.slice(0, 10) ?? '',
  );
  const outOfOrder = dates.findIndex((date, i) => i > 0 && date < (dates[i - 1] ?? ''));
  if (outOfOrder > 0) {
    throw new AppError('JOURNEY_INVALID', undefined, {
      errors: [{ key: 'flight.booking.journeyError.dateOrder', legIndex: outOfOrder }],
    });
  }
  return [...journeys]
    .sort((a, b) => a.legIndex - b.legIndex)
    .map(({ origin, destination, date }) => ({ origin, destination, date }));
}

/** Only the order's own supplier can change its tickets, and only to flights of the same airline. */
function sameAirline(supplier: FlightSupplier, carrier: string): FlightSupplier {
  return {
    name: supplier.name,
    contentType: supplier.contentType,
    async search(query, signal) {
      const result = supplier.search(query, signal);
      const offers: Offer[] = [];
      if (Symbol.asyncIterator in result) for await (const offer of result) offers.push(offer);
      else offers.push(...(await result));
      return offers.filter((offer) => offer.validatingCarrier === carrier);
    },
    verify: (offer, signal) => supplier.verify(offer, signal),
    book: (offer, passengers, signal) => supplier.book(offer, passengers, signal),
    ticket: (offer, pnr, passengers, signal) => supplier.ticket(offer, pnr, passengers, signal),
    cancel: (pnr, signal) => supplier.cancel(pnr, signal),
  };
}

/**
 * `POST /order/v2/flight/orders/{id}/change/search`: on an order that allows 'change', searches
 * the new dates of the selected legs for the selected passengers (same cabin unless given) with
 * the order's supplier and airline, priced for the agency in the order's currency, and answers at
 * once with the search id to poll (`/shopping/v2/flight/async-shopping/solutions`). The caller's
 * earlier change search of this order, if still running, is aborted.
 */
export async function startChangeSearch(
  deps: ChangeDeps,
  ctx: RequestContext,
  orderId: string,
  request: ChangeSearchRequest,
): Promise<ShoppingStarted> {
  const now = deps.now();
  const order = await findChangeable(deps.db, ctx, orderId, now);
  assertSelection(order, request.selection);
  // The airline's reason only on the supplier's record, before the supplier or a stored search.
  await assertChangeGrounds(deps.db, order, request.reason);
  // A change the fare's terms forbid (or no longer allow) is refused with the rule, before any search.
  changeFeeOfTerms(order, request.selection, request.reason, now);
  const journeys = changeJourneys(order, request);
  const passengers = selectedCounts(order, request.selection);
  const segments = order.solution.legs.flatMap((l) => l.segments);
  const cabin =
    request.cabin ?? segments[request.selection.segmentIndexes[0] ?? 0]?.cabin ?? order.offer.cabin;
  const shopping: ShoppingRequest = {
    journeys,
    passengers,
    cabinClass: cabin,
    bookingType: journeys.length === 1 ? 'oneway' : 'multicity',
    sort: 'price',
  };
  checkShoppingJourneys(shopping, searchToday(now, ctx.company.timeZone));
  await assertTicketsFree(deps.db, order, request.selection);

  const pricing = await loadAgencyPricing(deps.db, ctx.agency);
  const supplier = deps.registry.get(order.supplier);
  const suppliers = supplier ? [sameAirline(supplier, order.offer.validatingCarrier)] : [];
  const currency = isCurrency(order.currency) ? order.currency : 'CNY';
  const rate = await rateFromCny(deps.db, currency);
  const id = newId();
  const expiresAt = quoteExpiry(now);
  const facts: ChangeSearchFacts = {
    orderId: order.id,
    userId: ctx.user.id,
    selection: request.selection,
    reason: request.reason,
  };
  await insertSearch(
    deps.db,
    {
      id,
      agencyId: ctx.agency.id,
      userId: ctx.user.id,
      kind: CHANGE_SEARCH_KIND,
      request: { ...shopping, change: facts },
      currency,
      createdAt: now,
      expiresAt,
    },
    suppliers.map((s) => s.name),
  );
  const query: SupplierQuery = {
    legs: journeys.map((j) => ({ origins: [j.origin], destinations: [j.destination], date: j.date })),
    passengers,
    cabin,
  };
  const key = `${ctx.user.id}|${order.id}`;
  const signal = deps.changeSearches.begin(key);
  const target = { searchId: id, pricing, currency, rate, expiresAt, now };
  void askSuppliers(deps, target, suppliers, query, signal).then(() => deps.changeSearches.end(key, signal));
  return { searchId: id, expiresAt: expiresAt.toISOString() };
}

/** The change facts of a stored search, if it is a change search. */
export function changeFactsOf(search: SearchRow): ChangeSearchFacts | undefined {
  if (search.kind !== CHANGE_SEARCH_KIND) return undefined;
  const facts = ChangeSearchFacts.safeParse((search.request as { change?: unknown }).change);
  return facts.success ? facts.data : undefined;
}
