import { and, eq, isNull, sum } from 'drizzle-orm';
import type { AfterSalesSelection } from '@portal/domain/after-sales';
import type { Db } from '../../../platform/db';
import { isUniqueViolation } from '../../../platform/db-errors';
import { AppError } from '../../../platform/errors';
import type { FlightOrderRow } from '../flight-orders.schema';
import { toMinor } from '../../wallet/index';
import { ticketClaims, type TicketClaimRow } from './after-sales.schema';

export type ClaimKind = TicketClaimRow['kind'];

/** What was paid for one ticket-segment: a passenger of the order on one of its segments. */
export interface TicketShare {
  passengerId: string;
  segmentIndex: number;
  paidMinor: number;
}

/**
 * Splits `totalMinor` over `weights` in proportion, by largest remainder, so the shares are
 * integers that sum to exactly `totalMinor` (ties go to the earlier index). All-zero weights
 * split evenly.
 */
export function splitByWeights(totalMinor: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const w = weights.map((x) => BigInt(Math.max(0, Math.trunc(x))));
  const even = w.every((x) => x === 0n);
  const ws = even ? w.map(() => 1n) : w;
  const total = BigInt(totalMinor);
  const sumW = ws.reduce((a, b) => a + b, 0n);
  const shares = ws.map((x) => (total * x) / sumW);
  const rest = ws.map((x, i) => ({ i, r: (total * x) % sumW }));
  let left = Number(total - shares.reduce((a, b) => a + b, 0n));
  rest.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rest) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0n) + 1n;
    left -= 1;
  }
  return shares.map(Number);
}

/**
 * What was paid for each ticket-segment of `order`, given what was paid for the whole order: over
 * passengers in proportion to their passenger type's sale price (`priceDetail.priceList`), then
 * each passenger's share evenly over the order's segments (the earlier segments take the odd
 * minor units). Seats and bags bought with the booking are not split: each ticket-segment takes the
 * price of its own (`prices.ancillaryShares`). The shares sum exactly to `paidMinor`.
 */
export function ticketShares(order: FlightOrderRow, paidMinor: number): TicketShare[] {
  const priceOf = new Map<string, number>();
  for (const entry of order.solution.priceDetail.priceList) {
    priceOf.set(entry.passengerType, safeMinor(entry.salePrice, order.currency));
  }
  // Seats and bags bought with the booking go to the ticket-segments they are for (docs/ancillaries.md).
  const extras = order.type === 'origin' ? (order.prices.ancillaryShares ?? []) : [];
  const extrasMinor = extras.reduce((sum, e) => sum + e.minor, 0);
  const fareMinor = paidMinor >= extrasMinor ? paidMinor - extrasMinor : paidMinor;
  const extraOf = (passengerIndex: number, segmentIndex: number) =>
    fareMinor === paidMinor
      ? 0
      : extras
          .filter((e) => e.passengerIndex === passengerIndex && e.segmentIndex === segmentIndex)
          .reduce((sum, e) => sum + e.minor, 0);
  const segmentCount = order.solution.legs.flatMap((l) => l.segments).length;
  const perPassenger = splitByWeights(
    fareMinor,
    order.passengers.map((p) => priceOf.get(p.type) ?? 0),
  );
  return order.passengers.flatMap((p, i) =>
    splitByWeights(
      perPassenger[i] ?? 0,
      Array.from({ length: segmentCount }, () => 1),
    ).map((paid, segmentIndex) => ({
      passengerId: p.id,
      segmentIndex,
      paidMinor: paid + extraOf(i, segmentIndex),
    })),
  );
}

function safeMinor(amount: string, currency: string): number {
  try {
    return toMinor(amount, currency);
  } catch {
    return 0;
  }
}

/**
 * What was paid for `order`'s tickets as a whole: an original's order total once paid; a change
 * order's new tickets cost what the tickets it replaced cost (its claims on the order it changed)
 * plus what the change itself was paid.
 */
export async function paidForOrder(db: Db, order: FlightOrderRow): Promise<number> {
  const own = order.paymentState === 'paid' ? order.orderTotalMinor : 0;
  if (order.type !== 'change') return own;
  const [row] = await db
    .select({ paid: sum(ticketClaims.paidMinor) })
    .from(ticketClaims)
    .where(and(eq(ticketClaims.afterSalesOrderId, order.id), eq(ticketClaims.kind, 'change')));
  return own + Number(row?.paid ?? 0);
}

/**
 * The ticket of `passenger` that holds segment `segmentIndex` of its order: one ticket per 4
 * coupons (conjunction tickets), the last one for any further segment; null before issue.
 */
export function ticketOfSegment(
  passenger: { ticketNumbers: readonly string[] },
  segmentIndex: number,
): string | null {
  // Rows of old data (and hand-made test rows) may lack the list.
  const ticketNumbers: readonly string[] | undefined = passenger.ticketNumbers;
  if (!ticketNumbers || ticketNumbers.length === 0) return null;
  return ticketNumbers[Math.min(Math.floor(segmentIndex / 4), ticketNumbers.length - 1)] ?? null;
}

/** Throws a 400 ILLEGAL_INPUT unless the selection names passengers and segments of `order`. */
export function assertSelection(order: FlightOrderRow, selection: AfterSalesSelection): void {
  const passengerIds = new Set(order.passengers.map((p) => p.id));
  const segmentCount = order.solution.legs.flatMap((l) => l.segments).length;
  const errors = [
    ...selection.passengerIds.flatMap((id, i) =>
      passengerIds.has(id)
        ? []
        : [{ path: `selection.passengerIds.${i}`, message: 'not a passenger of this order' }],
    ),
    ...selection.segmentIndexes.flatMap((index, i) =>
      index < segmentCount
        ? []
        : [{ path: `selection.segmentIndexes.${i}`, message: 'not a segment of this order' }],
    ),
  ];
  if (errors.length > 0) throw new AppError('ILLEGAL_INPUT', undefined, { errors });
}

export interface ClaimInput {
  order: FlightOrderRow;
  selection: AfterSalesSelection;
  afterSalesOrderId: string;
  kind: ClaimKind;
}

/**
 * Claims the selected ticket-segments of `order` for an after-sales order, in the caller's
 * transaction, each with what was paid for it and the ticket it is on. The selection must name
 * passengers and segments of the order (400 ILLEGAL_INPUT); a ticket-segment held by a live
 * request, or already refunded, voided or changed (claims kept), is refused with 409
 * TICKET_IN_AFTER_SALES, whatever the order of concurrent requests (partial unique index
 * `ticket_claims_live_idx`), and so is the same coupon of the same ticket number named by another
 * order (`ticket_claims_live_ticket_idx`): a ticket is refunded, voided or changed at most once.
 * Returns the claims.
 */
export async function claimTickets(tx: Db, input: ClaimInput): Promise<TicketClaimRow[]> {
  const { order, selection } = input;
  assertSelection(order, selection);
  const shares = ticketShares(order, await paidForOrder(tx, order));
  const passengers = new Set(selection.passengerIds);
  const segments = new Set(selection.segmentIndexes);
  const picked = shares.filter((s) => passengers.has(s.passengerId) && segments.has(s.segmentIndex));
  const passengerOf = new Map(order.passengers.map((p) => [p.id, p]));
  try {
    // A savepoint: on PostgreSQL a refused insert would otherwise abort the caller's transaction.
    return await tx.transaction((sp) =>
      sp
        .insert(ticketClaims)
        .values(
          picked.map((s) => ({
            orderId: order.id,
            passengerId: s.passengerId,
            segmentIndex: s.segmentIndex,
            ticketNumber: ticketOfSegment(
              passengerOf.get(s.passengerId) ?? { ticketNumbers: [] },
              s.segmentIndex,
            ),
            afterSalesOrderId: input.afterSalesOrderId,
            kind: input.kind,
            paidMinor: s.paidMinor,
          })),
        )
        .returning(),
    );
  } catch (error) {
    if (
      isUniqueViolation(error, 'ticket_claims_live_idx') ||
      isUniqueViolation(error, 'ticket_claims_live_ticket_idx')
    )
      throw new AppError('TICKET_IN_AFTER_SALES');
    throw error;
  }
}

/**
 * Whether any of `ticketSegments` (passenger id and segment index of `orderId`) is held by a live
 * claim: a request under way, or a refund, void or change done (claims kept).
 */
export async function anyClaimed(
  db: Db,
  orderId: string,
  ticketSegments: readonly { passengerId: string; segmentIndex: number }[],
): Promise<boolean> {
  if (ticketSegments.length === 0) return false;
  const live = await db
    .select({ passengerId: ticketClaims.passengerId, segmentIndex: ticketClaims.segmentIndex })
    .from(ticketClaims)
    .where(and(eq(ticketClaims.orderId, orderId), isNull(ticketClaims.releasedAt)));
  const held = new Set(live.map((c) => `${c.passengerId}|${c.segmentIndex}`));
  return ticketSegments.some((t) => held.has(`${t.passengerId}|${t.segmentIndex}`));
}

/** What was paid for the ticket-segments an after-sales order holds (the cap of its money back). */
export async function claimedPaid(db: Db, afterSalesOrderId: string): Promise<number> {
  const [row] = await db
    .select({ paid: sum(ticketClaims.paidMinor) })
    .from(ticketClaims)
    .where(eq(ticketClaims.afterSalesOrderId, afterSalesOrderId));
  return Number(row?.paid ?? 0);
}

/**
 * Releases the claims of an after-sales order that ended without effect (rejected, canceled,
 * failed), in the caller's transaction, so its tickets can be changed, refunded or voided again.
 */
export async function releaseClaims(tx: Db, afterSalesOrderId: string, now: Date): Promise<number> {
  const released = await tx
    .update(ticketClaims)
    .set({ releasedAt: now })
    .where(and(eq(ticketClaims.afterSalesOrderId, afterSalesOrderId), isNull(ticketClaims.releasedAt)))
    .returning({ id: ticketClaims.id });
  return released.length;
}
