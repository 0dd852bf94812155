import type { AfterSalesSelection } from '@portal/domain/after-sales';
import type { Db } from '../platform/db';
import { enqueueJob } from '../platform/jobs';
import { claimTickets, releaseClaims, serviceFeeFor } from '../modules/flight-orders/index';
import type { StoredAfterSales } from '../modules/flight-orders/flight-orders.schema';
import { changeQuote } from '../modules/flight-orders/after-sales/change';
import { changeFeeOfTerms } from '../modules/flight-orders/after-sales/terms-check';
import { REFUND_CONFIRM_DEADLINE_JOB, refundQuote } from '../modules/flight-orders/after-sales/refund';
import { ticketPrefix } from '../simulation/flight/booking-refs';
import { moneyBackEvent, paymentEvent } from './business-ledger';
import { DAY_MS, HOUR_MS, MINUTE_MS, type FlightHistory, type PlannedOrder } from './business-context';

/** How many after-sales orders of each outcome the quarter holds. */
export const AFTER_SALES_MIX = {
  change: { changed: 20, chg_rejected: 3, change_canceled: 2 },
  refund: { refunded_reimbursed: 20, rfd_to_be_confirm: 3, rfd_rejected: 2 },
  void: { voided_reimbursed: 8, void_rejected: 2 },
} as const;

const wholeOrder = (order: PlannedOrder): AfterSalesSelection => ({
  passengerIds: order.passengers.map((p) => p.id),
  segmentIndexes: order.solution.legs.flatMap((l) => l.segments).map((_, i) => i),
});

/** The after-sales order's row: the original's passengers, flights and PNR, linked to it. */
function afterSalesOrder(
  h: FlightHistory,
  from: PlannedOrder,
  type: 'refund' | 'void',
  afterSales: StoredAfterSales,
  at: Date,
  status: 'rfd_reviewing' | 'void_proceeding',
): PlannedOrder {
  const order: PlannedOrder = {
    ...from,
    id: h.uuid(),
    bookingNumber: h.bookingNumber(at),
    userId: from.userId,
    type,
    status,
    remark: afterSales.remark,
    saleTotalMinor: afterSales.quote?.refundableTotalMinor ?? 0,
    orderTotalMinor: afterSales.quote?.refundableTotalMinor ?? 0,
    costMinor: 0,
    prices: { ticketPriceMinor: 0, taxMinor: 0, fuelSurchargeMinor: 0, airportTaxMinor: 0 },
    markupLegs: [],
    paymentState: 'unpaid',
    paymentChannel: null,
    paidAt: null,
    paymentDeadline: null,
    issuedAt: null,
    voidDeadline: null,
    originalBookingId: from.id,
    afterSales,
    createdAt: at,
    updatedAt: at,
  };
  h.orders.push(order);
  h.event(order, null, status, at);
  return order;
}

/** Claims the original's tickets for `order` after the insert; a request without effect frees them. */
function claim(
  h: FlightHistory,
  from: PlannedOrder,
  order: PlannedOrder,
  kind: 'change' | 'refund' | 'void',
  freedAt?: Date,
) {
  const selection = order.afterSales?.selection ?? wholeOrder(from);
  h.afterInsert.push(async (tx, rows) => {
    const original = rows.get(from.id);
    if (!original) throw new Error(`order ${from.bookingNumber} not inserted`);
    await claimTickets(tx, { order: original, selection, afterSalesOrderId: order.id, kind });
    if (freedAt) await releaseClaims(tx, order.id, freedAt);
  });
}

function credit(
  h: FlightHistory,
  order: PlannedOrder,
  from: PlannedOrder,
  kind: 'refund-flight' | 'void-flight',
  at: Date,
) {
  const amount = order.afterSales?.quote?.refundableTotalMinor ?? 0;
  if (amount <= 0) return;
  h.money.push(
    moneyBackEvent({
      agencyId: order.agencyId,
      orderId: order.id,
      bookingNumber: order.bookingNumber,
      kind,
      amountMinor: amount,
      description: kind === 'refund-flight' ? 'Refund: flight order' : 'Void: flight order',
      unwinds: from.id,
      at,
    }),
  );
}

async function voidOf(h: FlightHistory, from: PlannedOrder, outcome: keyof typeof AFTER_SALES_MIX.void) {
  const issuedAt = from.issuedAt ?? from.createdAt;
  const deadline = (from.voidDeadline ?? issuedAt).getTime();
  const at = new Date(
    Math.max(
      issuedAt.getTime() + MINUTE_MS,
      Math.min(issuedAt.getTime() + HOUR_MS, deadline - 10 * MINUTE_MS),
    ),
  );
  const serviceFee = await serviceFeeFor(h.book.db, from.agencyId, 'void', 'CNY');
  const afterSales: StoredAfterSales = {
    selection: wholeOrder(from),
    refundReason: null,
    changeReason: null,
    remark: 'Booked the wrong date',
    quote: refundQuote('CNY', from.orderTotalMinor ?? 0, 0, serviceFee),
    rejectReason: null,
  };
  const order = afterSalesOrder(h, from, 'void', afterSales, at, 'void_proceeding');
  const done = new Date(at.getTime() + 4 * MINUTE_MS);
  if (outcome === 'void_rejected') {
    order.afterSales = { ...afterSales, rejectReason: 'The airline had already reported the ticket to BSP' };
    h.walk(order, ['void_rejected'], done);
    claim(h, from, order, 'void', done);
    return;
  }
  h.walk(
    order,
    [
      ['voided', { key: 'voidedBySupplier' }],
      'voided_reimbursing',
      ['voided_reimbursed', { key: 'moneyReturned' }],
    ],
    done,
  );
  claim(h, from, order, 'void');
  credit(h, order, from, 'void-flight', done);
}

async function refundOf(h: FlightHistory, from: PlannedOrder, outcome: keyof typeof AFTER_SALES_MIX.refund) {
  const issuedAt = (from.issuedAt ?? from.createdAt).getTime();
  const latest = Math.min(from.departureAt.getTime() - DAY_MS, h.now.getTime() - 4 * HOUR_MS);
  const at =
    outcome === 'rfd_to_be_confirm'
      ? new Date(h.now.getTime() - h.rng.int(30, 600) * MINUTE_MS)
      : new Date(issuedAt + Math.floor(h.rng.next() * Math.max(HOUR_MS, latest - issuedAt)));
  const paid = from.orderTotalMinor ?? 0;
  const fee = Math.min(paid, (from.offer.rules.refund.fee ?? 0) * from.passengers.length);
  const quote = refundQuote('CNY', paid, fee, await serviceFeeFor(h.book.db, from.agencyId, 'refund', 'CNY'));
  const afterSales: StoredAfterSales = {
    selection: wholeOrder(from),
    refundReason: { value: h.rng.pick([0, 0, 1, 4, 7]), subOption: null },
    changeReason: null,
    remark: h.rng.pick([null, 'Customer cancelled the trip', 'Meeting postponed']),
    quote: null,
    rejectReason: null,
  };
  const order = afterSalesOrder(h, from, 'refund', afterSales, at, 'rfd_reviewing');
  const quotedAt = new Date(at.getTime() + 10 * MINUTE_MS);
  if (outcome === 'rfd_rejected') {
    order.afterSales = {
      ...afterSales,
      rejectReason: 'Refund not permitted: the fare is non-refundable after check-in',
    };
    h.walk(order, [['rfd_rejected', { key: 'refundFailed' }]], quotedAt);
    claim(h, from, order, 'refund', quotedAt);
    return;
  }
  order.afterSales = { ...afterSales, quote };
  order.orderTotalMinor = quote.refundableTotalMinor;
  order.saleTotalMinor = quote.refundableTotalMinor;
  order.confirmDeadline = new Date(quotedAt.getTime() + DAY_MS);
  h.walk(order, [['rfd_to_be_confirm', { key: 'refundQuoted' }]], quotedAt);
  claim(h, from, order, 'refund');
  if (outcome === 'rfd_to_be_confirm') {
    const due = order.confirmDeadline;
    h.afterInsert.push((tx: Db) =>
      enqueueJob(tx, REFUND_CONFIRM_DEADLINE_JOB, { orderId: order.id }, due).then(() => undefined),
    );
    return;
  }
  h.walk(order, [['rfd_proceeding', { key: 'refundConfirmed' }]], new Date(quotedAt.getTime() + HOUR_MS));
  const done = new Date(quotedAt.getTime() + 3 * HOUR_MS);
  h.walk(
    order,
    [
      ['refunded', { key: 'refundedBySupplier' }],
      'refunded_reimbursing',
      ['refunded_reimbursed', { key: 'moneyReturned' }],
    ],
    done,
  );
  credit(h, order, from, 'refund-flight', done);
}

async function changeOf(h: FlightHistory, from: PlannedOrder, outcome: keyof typeof AFTER_SALES_MIX.change) {
  const issuedAt = (from.issuedAt ?? from.createdAt).getTime();
  const latest = Math.min(from.departureAt.getTime() - DAY_MS, h.now.getTime() - 4 * HOUR_MS);
  const at = new Date(issuedAt + Math.floor(h.rng.next() * Math.max(HOUR_MS, latest - issuedAt)));
  const segments = from.offer.legs.flatMap((l) => l.segments);
  const counts = { adult: 0, child: 0 };
  for (const p of from.passengers) if (p.type === 'adult' || p.type === 'child') counts[p.type] += 1;
  const priced = await h.book.offer(h.rng, {
    agencyId: from.agencyId,
    route: { from: segments[0]?.origin ?? 'PEK', to: segments.at(-1)?.destination ?? 'SHA' },
    day: new Date(from.departureAt.getTime() + h.rng.int(1, 3) * DAY_MS),
    adults: counts.adult,
    children: counts.child,
  });
  const selection = wholeOrder(from);
  const newSolution = { ...priced.solution, families: [] };
  const quote = changeQuote({
    order: from,
    selection,
    reason: 0,
    newSolution,
    orderPerCny: '1',
    changeFeeCny: changeFeeOfTerms(from, selection, 0, at),
    serviceFeeMinor: await serviceFeeFor(h.book.db, from.agencyId, 'change', 'CNY'),
  });
  const order: PlannedOrder = {
    ...from,
    id: h.uuid(),
    bookingNumber: h.bookingNumber(at),
    type: 'change',
    status: 'chg_reviewing',
    supplier: from.supplier,
    solutionId: priced.solution.id,
    solution: newSolution,
    offer: priced.offer,
    passengers: from.passengers.map((p) => ({ ...p, ticketNumbers: [] })),
    saleTotalMinor: priced.totalMinor,
    orderTotalMinor: quote.amountDueMinor,
    costMinor: 0,
    costCurrency: priced.offer.currency,
    markupLegs: [],
    flightNumbers: newSolution.legs
      .flatMap((l) => l.segments)
      .map((s) => `${s.marketingCarrier}${s.flightNumber}`)
      .join('|'),
    ticketNumbers: '',
    departureAt: priced.departureAt,
    paymentState: 'unpaid',
    paymentChannel: null,
    paidAt: null,
    paymentDeadline: null,
    issuedAt: null,
    voidDeadline: null,
    originalBookingId: from.id,
    afterSales: {
      selection,
      refundReason: null,
      changeReason: 0,
      remark: 'Traveller asked for a later flight',
      quote,
      rejectReason: null,
      changeSearchId: null,
    },
    createdAt: at,
    updatedAt: at,
  };
  h.orders.push(order);
  h.event(order, null, 'chg_reviewing', at);
  const reviewed = new Date(at.getTime() + 15 * MINUTE_MS);
  if (outcome === 'chg_rejected') {
    order.afterSales = {
      ...order.afterSales,
      quote: null,
      rejectReason: 'No seats left in the booking class on the new date',
    } as StoredAfterSales;
    h.walk(order, [['chg_rejected', { key: 'changeRejected' }]], reviewed);
    claim(h, from, order, 'change', reviewed);
    return;
  }
  const due = quote.amountDueMinor;
  if (outcome === 'change_canceled' || due > 0) {
    h.walk(order, [['chg_to_be_paid', { key: 'changeApproved' }]], reviewed);
  }
  if (outcome === 'change_canceled') {
    const canceled = new Date(reviewed.getTime() + 2 * HOUR_MS);
    h.walk(order, [['change_canceled', { key: 'canceledByUser' }]], canceled);
    claim(h, from, order, 'change', canceled);
    return;
  }
  const paidAt = new Date(reviewed.getTime() + h.rng.int(5, 60) * MINUTE_MS);
  if (due > 0) {
    order.paymentState = 'paid';
    order.paymentChannel = 'balance';
    order.paidAt = paidAt;
    h.walk(order, [['chg_proceeding', { key: 'paidWith', params: { channel: 'balance' } }]], paidAt);
    h.money.push(
      paymentEvent({
        agencyId: order.agencyId,
        orderId: order.id,
        bookingNumber: order.bookingNumber,
        kind: 'change-flight',
        amountMinor: due,
        description: 'Flight change order',
        createdBy: order.userId,
        markupLegs: [],
        channel: 'balance',
        at: paidAt,
      }),
    );
  } else {
    h.walk(order, [['chg_proceeding', { key: 'changeApprovedNothingToPay' }]], reviewed);
  }
  const reissued = new Date(paidAt.getTime() + 20 * MINUTE_MS);
  const prefix = ticketPrefix(order.offer);
  order.passengers = order.passengers.map((p) => ({ ...p, ticketNumbers: [h.ticketNumber(prefix)] }));
  for (const p of order.passengers) {
    for (const ticketNumber of p.ticketNumbers)
      h.tickets.push({ ticketNumber, orderId: order.id, passengerId: p.id });
  }
  order.ticketNumbers = order.passengers.flatMap((p) => p.ticketNumbers).join('|');
  order.issuedAt = reissued;
  h.walk(order, [['changed', { key: 'ticketsReissued' }]], reissued);
  claim(h, from, order, 'change');
}

/** Picks `n` orders out of `pool` that pass `fits`, removing them from the pool. */
function take(
  h: FlightHistory,
  pool: PlannedOrder[],
  n: number,
  fits: (o: PlannedOrder) => boolean,
): PlannedOrder[] {
  const picked: PlannedOrder[] = [];
  for (let i = 0; i < pool.length && picked.length < n;) {
    const order = pool[i];
    if (order && fits(order) && h.rng.chance(0.5)) {
      picked.push(order);
      pool.splice(i, 1);
    } else i += 1;
  }
  return picked;
}

/**
 * The quarter's voids (within the void window), refunds and changes of issued bookings, each an
 * order of its own linked to the original, with the original's tickets claimed and the money back
 * or the difference paid, as the after-sales desk's answers leave them.
 */
export async function planAfterSales(
  h: FlightHistory,
  issued: readonly PlannedOrder[],
): Promise<PlannedOrder[]> {
  const pool = [...issued];
  const now = h.now.getTime();
  const past = (o: PlannedOrder, ms: number) => (o.issuedAt ?? o.createdAt).getTime() < now - ms;
  for (const [outcome, n] of Object.entries(AFTER_SALES_MIX.void) as [
    keyof typeof AFTER_SALES_MIX.void,
    number,
  ][]) {
    for (const o of take(h, pool, n, (x) => past(x, 2 * HOUR_MS) && x.agencyId !== 2))
      await voidOf(h, o, outcome);
  }
  const refundable = (x: PlannedOrder) =>
    x.agencyId !== 2 &&
    x.offer.rules.refund.allowed &&
    past(x, DAY_MS) &&
    x.departureAt.getTime() - (x.issuedAt ?? x.createdAt).getTime() > 2 * DAY_MS;
  for (const [outcome, n] of Object.entries(AFTER_SALES_MIX.refund) as [
    keyof typeof AFTER_SALES_MIX.refund,
    number,
  ][]) {
    const fits =
      outcome === 'rfd_to_be_confirm'
        ? (x: PlannedOrder) => refundable(x) && x.departureAt.getTime() > now + 2 * DAY_MS
        : refundable;
    for (const o of take(h, pool, n, fits)) await refundOf(h, o, outcome);
  }
  const changeable = (x: PlannedOrder) =>
    x.agencyId !== 2 &&
    x.offer.rules.change.allowed &&
    past(x, DAY_MS) &&
    x.departureAt.getTime() - (x.issuedAt ?? x.createdAt).getTime() > 2 * DAY_MS;
  for (const [outcome, n] of Object.entries(AFTER_SALES_MIX.change) as [
    keyof typeof AFTER_SALES_MIX.change,
    number,
  ][]) {
    for (const o of take(h, pool, n, changeable)) await changeOf(h, o, outcome);
  }
  return pool;
}
