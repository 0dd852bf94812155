import type { PassengerCounts } from '@portal/domain/shopping';
import type { Db } from '../platform/db';
import { enqueueJob } from '../platform/jobs';
import { toMinor } from '../modules/wallet/index';
import type { StoredPrices } from '../modules/flight-orders/flight-orders.schema';
import { PAYMENT_DEADLINE_JOB, TICKETING_JOB } from '../modules/flight-orders/order-jobs';
import { voidWindowEnd } from '../modules/flight-orders/void-window';
import type { Offer } from '../modules/shopping/index';
import { ticketPrefix } from '../simulation/flight/booking-refs';
import { pickRoute, type PricedOffer } from './business-offers';
import { paymentEvent, moneyBackEvent } from './business-ledger';
import { DAY_MS, HOUR_MS, MINUTE_MS, type FlightHistory, type PlannedOrder } from './business-context';

/** Who books for each agency, and how often (the seeded users and the business seed's). */
export const BOOKERS: Record<number, readonly string[]> = {
  1: ['operator', 'operator', 'lina', 'lina', 'admin'],
  2: ['subop', 'subop', 'eastop', 'eastadmin'],
  222: ['partner'],
};

/** The mix of a quarter's original bookings by what became of them (the rest were issued). */
export const ORIGIN_MIX = { pending: 12, issuing: 5, canceled: 20, expired: 14, failed: 4 } as const;
export const ORIGIN_ORDERS = 250;

const PAYMENT_WINDOW_MS = 30 * MINUTE_MS;

function costOf(offer: Offer, counts: PassengerCounts): number {
  return offer.amounts.reduce(
    (sum, a) => sum + (a.fare + a.tax + a.fuelSurcharge + a.airportTax) * (counts[a.passengerType] ?? 0),
    0,
  );
}

function pricesOf(priced: PricedOffer): StoredPrices {
  const prices: StoredPrices = {
    ticketPriceMinor: 0,
    taxMinor: 0,
    fuelSurchargeMinor: 0,
    airportTaxMinor: 0,
  };
  for (const entry of priced.solution.priceDetail.priceList) {
    prices.ticketPriceMinor += toMinor(entry.price, 'CNY') * entry.count;
    prices.taxMinor += toMinor(entry.tax, 'CNY') * entry.count;
    prices.fuelSurchargeMinor += toMinor(entry.fuelSurcharge, 'CNY') * entry.count;
    prices.airportTaxMinor += toMinor(entry.airportTax, 'CNY') * entry.count;
  }
  return prices;
}

/** A new booking in to_be_paid, as `create-order.ts` stores one (its first timeline row included). */
async function book(
  h: FlightHistory,
  input: { agencyId: number; createdAt: Date; departureDay: Date },
): Promise<PlannedOrder> {
  const { rng } = h;
  const adults = rng.chance(0.6) ? 1 : rng.int(2, 3);
  const children = adults === 2 && rng.chance(0.2) ? 1 : 0;
  const priced = await h.book.offer(rng, {
    agencyId: input.agencyId,
    route: pickRoute(rng),
    day: input.departureDay,
    adults,
    children,
  });
  const passengers = h.passengers(adults, children);
  const lead = passengers[0];
  const createdAt = input.createdAt;
  const order: PlannedOrder = {
    id: h.uuid(),
    bookingNumber: h.bookingNumber(createdAt),
    agencyId: input.agencyId,
    userId: h.userId(rng.pick(BOOKERS[input.agencyId] ?? ['admin'])),
    type: 'origin',
    status: 'to_be_paid',
    supplier: priced.offer.supplier,
    solutionId: priced.solution.id,
    solution: priced.solution,
    offer: priced.offer,
    passengers,
    contact: {
      name: lead ? `${lead.surname} ${lead.given_names}` : 'Traveller',
      email: `${(lead?.given_names ?? 'trip').toLowerCase()}.${(lead?.surname ?? 'x').toLowerCase()}@example.com`,
      phone: { areaCode: '86', number: `139${String(rng.int(10_000_000, 99_999_999))}` },
    },
    remark: null,
    currency: 'CNY',
    saleTotalMinor: priced.totalMinor,
    orderTotalMinor: priced.totalMinor,
    costMinor: costOf(priced.offer, { adult: adults, child: children, infant: 0 }),
    costCurrency: priced.offer.currency,
    prices: pricesOf(priced),
    markupLegs: await h.book.markupLegs(input.agencyId, priced.solution),
    passengerNames: passengers.map((p) => `${p.surname}/${p.given_names}`).join('|'),
    flightNumbers: priced.solution.legs
      .flatMap((l) => l.segments)
      .map((s) => `${s.marketingCarrier}${s.flightNumber}`)
      .join('|'),
    airline: priced.solution.validatingCarrier,
    departureAt: priced.departureAt,
    pnr: h.pnr(),
    paymentState: 'unpaid',
    paymentDeadline: new Date(
      Math.min(createdAt.getTime() + PAYMENT_WINDOW_MS, priced.departureAt.getTime()),
    ),
    ticketingTier: priced.solution.ticketingTier,
    createdAt,
    updatedAt: createdAt,
  };
  h.orders.push(order);
  h.event(order, null, 'to_be_paid', createdAt);
  return order;
}

/** Paid with the balance (mostly) or an outside channel: the payment entry and proceeding. */
function pay(h: FlightHistory, order: PlannedOrder, at: Date): void {
  const channel = h.rng.chance(0.85) ? 'balance' : h.rng.pick(['yeepay-alipay', 'yeepay-credit-card']);
  order.paymentState = 'paid';
  order.paymentChannel = channel;
  order.paidAt = at;
  h.walk(order, [['proceeding', { key: 'paidWith', params: { channel } }]], at);
  h.money.push(
    paymentEvent({
      agencyId: order.agencyId,
      orderId: order.id,
      bookingNumber: order.bookingNumber,
      kind: 'origin-flight',
      amountMinor: order.orderTotalMinor ?? 0,
      description: 'Flight order',
      createdBy: order.userId,
      markupLegs: order.markupLegs ?? [],
      channel,
      at,
    }),
  );
}

/** Tickets issued: one number per passenger, registered once (`flight_tickets`). */
function issue(h: FlightHistory, order: PlannedOrder, at: Date): void {
  const prefix = ticketPrefix(order.offer);
  order.passengers = order.passengers.map((p) => ({ ...p, ticketNumbers: [h.ticketNumber(prefix)] }));
  for (const p of order.passengers) {
    for (const ticketNumber of p.ticketNumbers)
      h.tickets.push({ ticketNumber, orderId: order.id, passengerId: p.id });
  }
  order.ticketNumbers = order.passengers.flatMap((p) => p.ticketNumbers).join('|');
  order.issuedAt = at;
  order.voidDeadline = voidWindowEnd(at, order.offer.legs[0]?.segments[0]?.departureTimeZone ?? 'UTC');
  h.walk(order, [['issued', { key: 'ticketsIssued' }]], at);
}

/** A booking time in office hours (09:00-21:00 Beijing) `daysAgo` days before now, at least an hour ago. */
function officeTime(h: FlightHistory, daysAgo: number): Date {
  const day = Math.floor((h.now.getTime() - daysAgo * DAY_MS) / DAY_MS) * DAY_MS;
  let at = day + h.rng.int(60, 13 * 60) * MINUTE_MS;
  if (at > h.now.getTime() - HOUR_MS) at -= DAY_MS;
  return new Date(at);
}

/** The departure: domestic trips a few days out, others up to six weeks. */
function departureFrom(h: FlightHistory, bookedAt: Date): Date {
  const days = h.rng.chance(0.5) ? h.rng.int(1, 10) : h.rng.int(7, 45);
  return new Date(bookedAt.getTime() + days * DAY_MS);
}

type Fate = keyof typeof ORIGIN_MIX | 'issued';

/** The fates of the quarter's bookings, shuffled by the seed (the recent ones fixed below). */
function fates(h: FlightHistory): Fate[] {
  const old: Fate[] = [
    ...Array<Fate>(ORIGIN_MIX.canceled).fill('canceled'),
    ...Array<Fate>(ORIGIN_MIX.expired).fill('expired'),
    ...Array<Fate>(ORIGIN_MIX.failed).fill('failed'),
  ];
  const recent = ORIGIN_MIX.pending + ORIGIN_MIX.issuing;
  while (old.length < ORIGIN_ORDERS - recent) old.push('issued');
  for (let i = old.length - 1; i > 0; i--) {
    const j = h.rng.int(0, i);
    const a = old[i];
    const b = old[j];
    if (a !== undefined && b !== undefined) [old[i], old[j]] = [b, a];
  }
  return [
    ...Array<Fate>(ORIGIN_MIX.pending).fill('pending'),
    ...Array<Fate>(ORIGIN_MIX.issuing).fill('issuing'),
    ...old,
  ];
}

/**
 * The quarter's original bookings: most by the head office, some by the sub-agency (its parent
 * earns its markup) and the partner agency, each with its timeline and its money; the recent ones
 * still wait for payment or ticketing (their deadline and ticketing jobs queued like a booking's).
 */
export async function planOriginOrders(h: FlightHistory): Promise<PlannedOrder[]> {
  const issued: PlannedOrder[] = [];
  const now = h.now.getTime();
  for (const [i, fate] of fates(h).entries()) {
    const agencyId = i % 7 === 3 ? 2 : i % 23 === 5 ? 222 : 1;
    if (fate === 'pending' || fate === 'issuing') {
      const createdAt = new Date(now - h.rng.int(fate === 'pending' ? 2 : 6, 25) * MINUTE_MS);
      const order = await book(h, { agencyId, createdAt, departureDay: departureFrom(h, createdAt) });
      if (fate === 'pending') {
        h.afterInsert.push((tx) => queueDeadline(tx, order));
        continue;
      }
      pay(h, order, new Date(createdAt.getTime() + 3 * MINUTE_MS));
      const runAt = new Date(now + h.rng.int(1, 4) * MINUTE_MS);
      h.afterInsert.push((tx) => enqueueJob(tx, TICKETING_JOB, { orderId: order.id }, runAt));
      continue;
    }
    const createdAt = officeTime(h, h.rng.int(0, 89));
    const order = await book(h, { agencyId, createdAt, departureDay: departureFrom(h, createdAt) });
    const minutes = (n: number) => new Date(createdAt.getTime() + n * MINUTE_MS);
    if (fate === 'canceled') {
      h.walk(order, [['canceled', { key: 'canceledByUser' }]], minutes(h.rng.int(2, 25)));
    } else if (fate === 'expired') {
      h.walk(order, [['origin_canceled', { key: 'paymentDeadlinePassed' }]], minutes(30));
    } else if (fate === 'failed') {
      pay(h, order, minutes(5));
      const at = minutes(h.rng.int(20, 90));
      h.walk(
        order,
        [
          ['failed', { key: 'ticketingFailed' }],
          'failed_reimbursing',
          ['failed_reimbursed', { key: 'moneyReturned' }],
        ],
        at,
      );
      h.money.push(
        moneyBackEvent({
          agencyId: order.agencyId,
          orderId: order.id,
          bookingNumber: order.bookingNumber,
          kind: 'reimbursement',
          amountMinor: order.orderTotalMinor ?? 0,
          description: 'Ticketing failed: flight order',
          at,
        }),
      );
    } else {
      pay(h, order, minutes(h.rng.int(1, 25)));
      issue(h, order, minutes(h.rng.int(35, 120)));
      issued.push(order);
    }
  }
  return issued;
}

async function queueDeadline(tx: Db, order: PlannedOrder): Promise<void> {
  if (order.paymentDeadline)
    await enqueueJob(tx, PAYMENT_DEADLINE_JOB, { orderId: order.id }, order.paymentDeadline);
}
