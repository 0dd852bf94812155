import {
  type AncillaryPurchaseBody,
  type AncillarySelection,
  validateAncillaries,
} from '@portal/domain/ancillaries';
import { canSeeOrder } from '@portal/domain/order-visibility';
import type { Db } from '../../../platform/db';
import { AppError } from '../../../platform/errors';
import { enqueueJob } from '../../../platform/jobs';
import type { RequestContext } from '../../../platform/request-context';
import { type AncillaryOffer, loadAncillaryOffer } from '../../shopping/index';
import { PAYMENT_WINDOW_MS, type FlightOrderDeps } from '../flight-orders.context';
import type { FlightPaymentRecipe } from '../flight-payable';
import { findOrder, insertOrder } from '../flight-orders.repo';
import type { FlightOrderRow } from '../flight-orders.schema';
import { ancillariesOf, type AncillaryLine, insertAncillaries, totalsOf } from '../order-ancillaries';
import { queuePaymentDeadline } from '../order-jobs';
import { ruleErrors } from '../passenger-fare-check';
import { anyClaimed } from './claims';
import { lockOwnOrder } from './refund';

export const ANCILLARY_CONFIRM_JOB = 'flight-ancillary-confirm';

/** What a purchase needs from outside, read before its transaction: the order and the supplier's offer. */
export interface PurchasePrep {
  order: FlightOrderRow;
  offer: AncillaryOffer;
}

/**
 * The outside step of a purchase (no transaction): the caller's issued original (404 / 409), the
 * supplier's seat maps and bags now (409 ANCILLARY_NOT_SOLD when it sells none after issue).
 */
export async function preparePurchase(
  deps: FlightOrderDeps,
  ctx: RequestContext,
  id: string,
): Promise<PurchasePrep> {
  const order = await findOrder(deps.db, ctx.agency.id, id);
  if (!order || !canSeeOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
  if (order.type !== 'origin' || order.status !== 'issued') {
    throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to: 'to_be_paid' });
  }
  const supplier = deps.registry.get(order.supplier);
  if (!supplier?.addAncillaries) throw new AppError('ANCILLARY_NOT_SOLD');
  const offer = await loadAncillaryOffer(deps, order.supplier, order.offer, order.currency);
  if (offer.maps.length === 0 && offer.bags.length === 0) throw new AppError('ANCILLARY_NOT_SOLD');
  return { order, offer };
}

/** The lines of a selection at the supplier's prices now (display currency and cost). */
function priceLines(prep: PurchasePrep, selections: readonly AncillarySelection[]): AncillaryLine[] {
  const { offer, order } = prep;
  const base = { currency: order.currency, costCurrency: order.offer.currency, status: 'pending' as const };
  return selections.flatMap((sel) => [
    ...sel.seats.map((s) => {
      const seat = offer.maps
        .find((m) => m.segmentIndex === s.segmentIndex)
        ?.rows.flatMap((r) => r.seats)
        .find((x) => x?.designator === s.designator);
      const cost = seat?.priceMinor ?? 0;
      return {
        ...base,
        passengerIndex: sel.passengerIndex,
        kind: 'seat' as const,
        segmentIndexes: [s.segmentIndex],
        designator: s.designator,
        serviceId: null,
        quantity: 1,
        weightKg: null,
        priceMinor: offer.convert(cost),
        costMinor: cost,
      };
    }),
    ...sel.bags.map((b) => {
      const bag = offer.bags.find((x) => x.id === b.serviceId);
      const cost = (bag?.priceMinor ?? 0) * b.quantity;
      return {
        ...base,
        passengerIndex: sel.passengerIndex,
        kind: 'bag' as const,
        segmentIndexes: [...(bag?.segmentIndexes ?? [])],
        designator: null,
        serviceId: b.serviceId,
        quantity: b.quantity,
        weightKg: bag?.weightKg ?? null,
        priceMinor: offer.convert(cost),
        costMinor: cost,
      };
    }),
  ]);
}

/**
 * `POST /order/v2/flight/orders/{id}/ancillaries`, in the request's transaction: the selection
 * checked on the supplier's maps with the seats other passengers of the order hold and the bags
 * already bought (400 ANCILLARY_INVALID), none for a ticket being or already refunded, voided or
 * changed (409 TICKET_IN_AFTER_SALES), then a purchase order of type `ancillary` in to_be_paid
 * (its payment deadline job queued) holding the lines as pending; free seats only: straight to
 * proceeding with the supplier's confirmation queued.
 */
export async function requestPurchase(
  tx: Db,
  ctx: RequestContext,
  prep: PurchasePrep,
  body: AncillaryPurchaseBody,
  now: Date,
): Promise<FlightOrderRow> {
  const order = await lockOwnOrder(tx, ctx, prep.order.id);
  const held = (await ancillariesOf(tx, [order.id])).filter((l) => l.status === 'booked');
  const changing = new Set(
    body.selections.flatMap((s) => s.seats.map((c) => `${s.passengerIndex}|${c.segmentIndex}`)),
  );
  const heldSeats = new Set(
    held
      .filter((l) => l.kind === 'seat' && !changing.has(`${l.passengerIndex}|${l.segmentIndexes[0] ?? -1}`))
      .map((l) => `${l.segmentIndexes[0] ?? -1}|${l.designator ?? ''}`),
  );
  const heldBags = new Map<string, number>();
  for (const l of held.filter((x) => x.kind === 'bag')) {
    const key = `${l.passengerIndex}|${l.serviceId ?? ''}`;
    heldBags.set(key, (heldBags.get(key) ?? 0) + l.quantity);
  }
  const errors = validateAncillaries(body.selections, {
    seatMaps: prep.offer.maps,
    bags: prep.offer.bags,
    passengerTypes: order.passengers.map((p) => p.type),
    heldSeats,
    heldBags,
  });
  if (errors.length > 0)
    throw new AppError('ANCILLARY_INVALID', undefined, { errors: ruleErrors('', errors) });

  const lines = priceLines(prep, body.selections);
  const ticketSegments = lines.flatMap((l) =>
    l.segmentIndexes.map((segmentIndex) => ({
      passengerId: order.passengers[l.passengerIndex]?.id ?? '',
      segmentIndex,
    })),
  );
  if (await anyClaimed(tx, order.id, ticketSegments)) throw new AppError('TICKET_IN_AFTER_SALES');
  const total = totalsOf(lines);
  const free = total.priceMinor === 0;
  const deadline = new Date(Math.min(now.getTime() + PAYMENT_WINDOW_MS, order.departureAt.getTime()));
  const purchase = await insertOrder(
    tx,
    {
      agencyId: order.agencyId,
      userId: ctx.user.id,
      type: 'ancillary',
      status: free ? 'proceeding' : 'to_be_paid',
      supplier: order.supplier,
      solutionId: order.solutionId,
      solution: order.solution,
      offer: order.offer,
      passengers: order.passengers,
      contact: order.contact,
      remark: null,
      currency: order.currency,
      saleTotalMinor: total.priceMinor,
      orderTotalMinor: total.priceMinor,
      costMinor: total.costMinor,
      costCurrency: order.costCurrency,
      prices: {
        ticketPriceMinor: 0,
        taxMinor: 0,
        fuelSurchargeMinor: 0,
        airportTaxMinor: 0,
        ancillariesMinor: total.priceMinor,
      },
      passengerNames: order.passengerNames,
      flightNumbers: order.flightNumbers,
      ticketNumbers: order.ticketNumbers,
      airline: order.airline,
      departureAt: order.departureAt,
      pnr: order.pnr,
      paymentState: free ? 'paid' : 'unpaid',
      paymentDeadline: free ? null : deadline,
      ticketingTier: order.ticketingTier,
      originalBookingId: order.id,
      afterSales: null,
    },
    now,
  );
  await insertAncillaries(tx, order.id, lines, purchase.id);
  if (free) await enqueueJob(tx, ANCILLARY_CONFIRM_JOB, { orderId: purchase.id }, now);
  else await queuePaymentDeadline(tx, purchase);
  return purchase;
}

/** A purchase order's payment: entry `origin-flight` under its own id, then the supplier's confirmation. */
export function ancillaryPayment(): FlightPaymentRecipe {
  return {
    ledgerKind: 'origin-flight',
    description: 'Seats and bags',
    onPaid: async (tx, order, now) => {
      await enqueueJob(tx, ANCILLARY_CONFIRM_JOB, { orderId: order.id }, now);
    },
  };
}
