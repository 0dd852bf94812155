import crypto from 'node:crypto';
import {
  CreateFlightOrderBody,
  type CreateFlightOrderDraft,
  type FlightOrder,
  type OrderPassenger,
} from '@portal/domain/flight-order';
import { validateContact, validatePassengerCounts } from '@portal/domain/passenger-rules';
import { hasAncillaries, validateAncillaries } from '@portal/domain/ancillaries';
import { duplicateBookingNumbers } from '@portal/domain/duplicate-booking';
import type { PassengerCounts, VerificationResult } from '@portal/domain/shopping';
import type { TimelineNote } from '@portal/domain/timeline-notes';
import { ticketingDeadline } from '@portal/domain/ticketing-tier';
import type { Db } from '../../platform/db';
import { AppError, parse } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { recordBooking } from '../shopping/index';
import { findSolution } from '../shopping/index';
import type { Offer } from '../shopping/index';
import { loadAncillaryOffer, verifySolution } from '../shopping/index';
import { toMinor } from '../wallet/index';
import { orderMarkupLegs } from '../shopping/index';
import { PAYMENT_WINDOW_MS, SUPPLIER_CALL_MS, type FlightOrderDeps } from './flight-orders.context';
import { findDuplicates } from './duplicate-check';
import { assertPassengersFitFare, ruleErrors } from './passenger-fare-check';
import { insertOrderWithEvent, type NewFlightOrder } from './flight-orders.repo';
import { presentOrder, type OrderLinks } from './flight-orders.presenter';
import { queuePaymentDeadline } from './order-jobs';
import type { StoredPrices } from './flight-orders.schema';
import { toSupplierPassengers } from './supplier-passengers';
import { notifyOrderEvent } from '../notifications/index';
import { type AncillaryLine, insertAncillaries, linesOf, sharesOf, totalsOf } from './order-ancillaries';

/** What the outside step of a booking ends with: a booking at the supplier not yet saved, or a changed quote. */
export type BookingOutcome =
  | {
      kind: 'booked';
      order: NewOrder;
      now: Date;
      booking: { supplier: string; pnr: string };
      /** The first timeline row's note: a possible duplicate booked anyway, with the agent's reason. */
      note: TimelineNote | null;
      /** Seats and bags the supplier confirmed with the booking (in the order's totals). */
      ancillaries: AncillaryLine[];
    }
  | { kind: 'quote_changed'; verification: VerificationResult };

type NewOrder = Omit<NewFlightOrder, 'bookingNumber'>;

function costOf(offer: Offer, counts: PassengerCounts): number {
  return offer.amounts.reduce(
    (sum, a) => sum + (a.fare + a.tax + a.fuelSurcharge + a.airportTax) * (counts[a.passengerType] ?? 0),
    0,
  );
}

/**
 * The outside step of spec §7 create order, run outside any transaction: the solution of the agency
 * (404/410), every passenger and contact rule of spec §5 on the typed draft, the strict body
 * check, the duplicate check (409 DUPLICATE_BOOKING unless `duplicateConfirmed` gives a reason),
 * then the price check with the supplier (a changed quote is an outcome, stored with its new
 * solution) and the supplier booking (502 BOOKING_FAILED). Everything that can be refused is
 * refused before the supplier books. The booking is then saved by `saveBookedOrder`.
 */
export async function bookAtSupplier(
  deps: FlightOrderDeps,
  ctx: RequestContext,
  draft: CreateFlightOrderDraft,
): Promise<BookingOutcome> {
  const { solutionId } = draft;
  const row = await findSolution(deps.db, ctx.agency.id, solutionId);
  if (!row) throw new AppError('SOLUTION_NOT_FOUND');
  const now = deps.now();
  if (now.getTime() > row.expiresAt.getTime()) throw new AppError('SOLUTION_EXPIRED');

  const solution = row.payload;
  assertPassengersFitFare(
    draft.passengers.map((passenger, index) => ({ passenger, index })),
    solution,
    now,
    ctx.company.timeZone,
  );

  const searched: PassengerCounts = { adult: 0, child: 0, infant: 0 };
  for (const entry of solution.priceDetail.priceList) searched[entry.passengerType] += entry.count;
  const countErrors = validatePassengerCounts(draft.passengers, searched);
  if (countErrors.length > 0) {
    throw new AppError('PASSENGER_COUNT_MISMATCH', undefined, { errors: ruleErrors('', countErrors) });
  }
  const contactErrors = validateContact(draft.contact);
  if (contactErrors.length > 0) {
    throw new AppError('CONTACT_INVALID', undefined, { errors: ruleErrors('contact', contactErrors) });
  }
  // What passes the rules must also be a complete booking payload (e.g. document type pairs).
  const body = parse(CreateFlightOrderBody, draft);
  const duplicates = await findDuplicates(
    deps.db,
    ctx,
    body.passengers.map((p) => ({
      surname: p.surname,
      givenNames: p.given_names,
      documentNumber: p.travel_document.number,
    })),
    row.offer,
  );
  const duplicateOf = duplicateBookingNumbers(duplicates).join(', ');
  if (duplicates.length > 0 && !body.duplicateConfirmed) {
    throw new AppError('DUPLICATE_BOOKING', { bookingNumbers: duplicateOf }, { duplicates });
  }
  const duplicateReason = duplicates.length > 0 ? (body.duplicateConfirmed?.reason ?? null) : null;

  // Seats and bags are checked on the supplier's maps of now, before anything is booked.
  const selections = hasAncillaries(body.ancillaries) ? (body.ancillaries ?? []) : [];
  const ancillaryOffer =
    selections.length > 0 ? await loadAncillaryOffer(deps, row.supplier, row.offer, row.currency) : null;
  if (ancillaryOffer) {
    const errors = validateAncillaries(selections, {
      seatMaps: ancillaryOffer.maps,
      bags: ancillaryOffer.bags,
      passengerTypes: body.passengers.map((p) => p.type),
    });
    if (errors.length > 0)
      throw new AppError('ANCILLARY_INVALID', undefined, { errors: ruleErrors('', errors) });
  }

  const verification = await verifySolution(deps, ctx, solutionId, row);
  if (verification.outcome === 'unavailable' || verification.outcome === 'timeout') {
    throw new AppError('BOOKING_FAILED', undefined, verification);
  }
  if (verification.outcome !== 'confirmed') return { kind: 'quote_changed', verification };

  const supplier = deps.registry.get(row.supplier);
  if (!supplier) throw new AppError('BOOKING_FAILED');
  const supplierPassengers = toSupplierPassengers(body.passengers, body.contact);
  const booked = await deps.runner
    .bounded(SUPPLIER_CALL_MS, (signal) =>
      selections.length > 0
        ? supplier.book(row.offer, supplierPassengers, signal, selections)
        : supplier.book(row.offer, supplierPassengers, signal),
    )
    .catch(() => undefined);
  if (!booked) throw new AppError('BOOKING_FAILED');

  const currency = row.currency;
  const ancillaries = ancillaryOffer
    ? linesOf(booked.ancillaries, ancillaryOffer, row.offer.currency, 'booked')
    : [];
  const extras = totalsOf(ancillaries);
  const prices: StoredPrices = {
    ticketPriceMinor: 0,
    taxMinor: 0,
    fuelSurchargeMinor: 0,
    airportTaxMinor: 0,
    ...(ancillaries.length > 0
      ? { ancillariesMinor: extras.priceMinor, ancillaryShares: sharesOf(ancillaries) }
      : {}),
  };
  for (const entry of solution.priceDetail.priceList) {
    prices.ticketPriceMinor += toMinor(entry.price, currency) * entry.count;
    prices.taxMinor += toMinor(entry.tax, currency) * entry.count;
    prices.fuelSurchargeMinor += toMinor(entry.fuelSurcharge, currency) * entry.count;
    prices.airportTaxMinor += toMinor(entry.airportTax, currency) * entry.count;
  }
  const departureAt = new Date(row.departureAt);
  const ticketBy = ticketingDeadline(solution.ticketingTier as never, now, departureAt);
  const deadline = Math.min(
    now.getTime() + PAYMENT_WINDOW_MS,
    departureAt.getTime(),
    ...(ticketBy &&
    ticketBy.getTime() < now.getTime() + PAYMENT_WINDOW_MS &&
    ticketBy.getTime() > now.getTime()
      ? [ticketBy.getTime()]
      : []),
  );
  const passengers: OrderPassenger[] = body.passengers.map((p) => ({
    id: crypto.randomUUID(),
    type: p.type,
    surname: p.surname.toUpperCase(),
    given_names: p.given_names.toUpperCase(),
    gender: p.gender,
    birthday: p.birthday,
    nationality: p.nationality,
    travel_document: {
      type: p.travel_document.type,
      interfaceType: p.travel_document.interfaceType,
      number: p.travel_document.number,
      expiryDate: p.travel_document.expiryDate,
      issuingPlace: p.travel_document.issuingPlace ?? null,
    },
    frequentFlyer: p.frequentFlyer ?? null,
    ticketNumbers: [],
  }));
  const order: NewOrder = {
    agencyId: ctx.agency.id,
    userId: ctx.user.id,
    type: 'origin',
    status: 'to_be_paid',
    supplier: row.supplier,
    solutionId: row.id,
    solution,
    offer: row.offer,
    passengers,
    contact: body.contact,
    remark: body.remark ?? null,
    currency,
    saleTotalMinor: row.totalMinor + extras.priceMinor,
    orderTotalMinor: row.totalMinor + extras.priceMinor,
    costMinor: costOf(row.offer, searched) + extras.costMinor,
    costCurrency: row.offer.currency,
    prices,
    markupLegs: await orderMarkupLegs(deps.db, ctx.agency, solution, currency),
    passengerNames: passengers.map((p) => `${p.surname}/${p.given_names}`).join('|'),
    flightNumbers: solution.legs
      .flatMap((l) => l.segments)
      .map((s) => `${s.marketingCarrier}${s.flightNumber}`)
      .join('|'),
    airline: solution.validatingCarrier,
    departureAt,
    pnr: booked.pnr,
    paymentState: 'unpaid',
    paymentDeadline: new Date(deadline),
    ticketingTier: solution.ticketingTier,
    duplicateReason,
  };
  const note: TimelineNote | null = duplicateReason
    ? { key: 'duplicateBookingConfirmed', params: { bookingNumbers: duplicateOf, reason: duplicateReason } }
    : null;
  return {
    kind: 'booked',
    order,
    now,
    booking: { supplier: row.supplier, pnr: booked.pnr },
    note,
    ancillaries,
  };
}

/**
 * A new order's links: nothing can refer to an order before its booking commits (no change,
 * refund or void order, no ticket claim, no disruption), so there is nothing to read.
 */
const NEW_ORDER_LINKS: OrderLinks = {
  related: [],
  claimedTickets: 0,
  disruptionOnRecord: false,
  paymentIssue: null,
};

/**
 * The booking's one short transaction `tx`: the order in `to_be_paid` with its first timeline row,
 * its payment-deadline job and the agency's booking count; answers the order as presented at
 * `now`. The answer is made from what the transaction wrote (the row, its one timeline row, no
 * links) rather than read back: four statements fewer in the booking's transaction. The booking
 * count comes last: it is one row per agency and day that every booking of the agency updates,
 * locked until commit, so the other bookings of the agency wait only for the commit behind it.
 * The route's answer is `answer(order)`; `beforeCount(answer)` runs just before the count (the
 * route's idempotency store of the answer, so that it is not under that lock either).
 */
export async function saveBookedOrder<A>(
  tx: Db,
  booked: Extract<BookingOutcome, { kind: 'booked' }>,
  now: Date,
  answer: (order: FlightOrder) => A,
  beforeCount?: (answered: A) => Promise<void>,
): Promise<A> {
  const { order, event } = await insertOrderWithEvent(tx, booked.order, booked.now, booked.note);
  const ancillaries = await insertAncillaries(tx, order.id, booked.ancillaries);
  await queuePaymentDeadline(tx, order);
  await notifyOrderEvent(tx, { kind: 'order.booked', order: { ...order, ancillaries }, at: booked.now });
  const answered = answer(presentOrder(order, [event], now, { ...NEW_ORDER_LINKS, ancillaries }));
  await beforeCount?.(answered);
  await recordBooking(tx, order.agencyId, booked.now);
  return answered;
}
