import {
  changeAmountDue,
  isInvoluntaryChange,
  type AfterSalesQuote,
  type AfterSalesSelection,
  type ChangeRequest,
} from '@portal/domain/after-sales';
import type { OrderPassenger } from '@portal/domain/flight-order';
import type { PriceListEntry, Solution, VerificationResult } from '@portal/domain/shopping';
import type { Db } from '../../../platform/db';
import type { SolutionRow } from '../../shopping/index';
import { AppError } from '../../../platform/errors';
import type { RequestContext } from '../../../platform/request-context';
import { insertOrder, type NewFlightOrder } from '../flight-orders.repo';
import type { FlightOrderRow, StoredPrices } from '../flight-orders.schema';
import { notifyOrderEvent } from '../../notifications/index';
import { rateFromCny } from '../../exchange-rates/index';
import { findSearch, findSolution } from '../../shopping/index';
import type { Offer } from '../../shopping/index';
import { verifySolution } from '../../shopping/index';
import { toMinor } from '../../wallet/index';
import {
  assertTicketsFree,
  changeFactsOf,
  findChangeable,
  selectedPassengers,
  type ChangeDeps,
} from './change-search';
import { cnyToOrder, queueChangeReview } from './change-jobs';
import { assertPassengersFitFare } from '../passenger-fare-check';
import { claimTickets, splitByWeights, assertSelection } from './claims';
import { attachDocuments } from './documents';
import { assertChangeGrounds } from './involuntary-change';
import { changeFeeOfTerms } from './terms-check';
import { serviceFeeFor } from './service-fees';

/** Fare (sale price less taxes) and taxes (tax, fuel surcharge, airport tax) of a price list entry. */
function fareAndTaxes(entry: PriceListEntry | undefined, currency: string): { fare: number; taxes: number } {
  if (!entry) return { fare: 0, taxes: 0 };
  const taxes =
    toMinor(entry.tax, currency) +
    toMinor(entry.fuelSurcharge, currency) +
    toMinor(entry.airportTax, currency);
  return { fare: toMinor(entry.salePrice, currency) - taxes, taxes };
}

const entryOf = (solution: Solution, type: string) =>
  solution.priceDetail.priceList.find((e) => e.passengerType === type);

/**
 * What the selected tickets cost when bought: each selected passenger's fare and taxes of their
 * type, split evenly over the order's segments (earlier segments take the odd minor units, as the
 * ticket claims split what was paid), summed over the selected segments.
 */
export function selectedShare(
  order: Pick<FlightOrderRow, 'solution' | 'passengers' | 'currency'>,
  selection: AfterSalesSelection,
): { fare: number; taxes: number } {
  const segmentCount = order.solution.legs.flatMap((l) => l.segments).length;
  const ones = Array.from({ length: segmentCount }, () => 1);
  const segments = new Set(selection.segmentIndexes);
  const pick = (total: number) =>
    splitByWeights(total, ones).reduce((sum, share, i) => (segments.has(i) ? sum + share : sum), 0);
  return selectedPassengers(order, selection).reduce(
    (sum, p) => {
      const { fare, taxes } = fareAndTaxes(entryOf(order.solution, p.type), order.currency);
      return { fare: sum.fare + pick(fare), taxes: sum.taxes + pick(taxes) };
    },
    { fare: 0, taxes: 0 },
  );
}

export interface QuoteInput {
  order: Pick<FlightOrderRow, 'solution' | 'passengers' | 'currency' | 'offer'>;
  selection: AfterSalesSelection;
  reason: number;
  /** The new flights, priced for the selected passengers in the order's currency. */
  newSolution: Solution;
  /** Units of the order currency per 1 CNY (the supplier's change fee is in CNY). */
  orderPerCny: string;
  /** The fare terms' change fee of the selected tickets, all passengers, CNY minor units (`changeFeeOfTerms`). */
  changeFeeCny: number;
  /** The agency's change service fee of one request, in the order currency (`serviceFeeFor`). */
  serviceFeeMinor: number;
}

/**
 * The quote of a change (spec §3 price fields), in the order's currency: price difference = the
 * new fares of the selected passengers − the fare share of their selected tickets; tax difference
 * likewise on taxes; change fee = the fee of the fare's terms for the selected tickets at the
 * time asked (none when the airline caused the change); service fee = the agency's change service fee of the request (spec §9: settlement
 * currency, converted); amount due by `changeAmountDue` (never below zero).
 */
export function changeQuote(input: QuoteInput): AfterSalesQuote {
  const { order, selection, newSolution } = input;
  const currency = order.currency;
  const passengers = selectedPassengers(order, selection);
  const old = selectedShare(order, selection);
  const next = passengers.reduce(
    (sum, p) => {
      const { fare, taxes } = fareAndTaxes(entryOf(newSolution, p.type), currency);
      return { fare: sum.fare + fare, taxes: sum.taxes + taxes };
    },
    { fare: 0, taxes: 0 },
  );
  const changeFee = isInvoluntaryChange(input.reason)
    ? 0
    : cnyToOrder(input.changeFeeCny, currency, input.orderPerCny);
  const parts = {
    priceDifferenceMinor: next.fare - old.fare,
    taxDifferenceMinor: next.taxes - old.taxes,
    changeFeeMinor: changeFee,
    serviceFeeMinor: input.serviceFeeMinor,
  };
  return {
    currency,
    paidMinor: old.fare + old.taxes,
    ...parts,
    refundFeeMinor: 0,
    refundableTotalMinor: 0,
    amountDueMinor: changeAmountDue(parts),
  };
}

/** Passenger price fields of a solution for its passengers, minor units (as a booking stores them). */
function pricesOf(solution: Solution, currency: string): StoredPrices {
  const prices: StoredPrices = {
    ticketPriceMinor: 0,
    taxMinor: 0,
    fuelSurchargeMinor: 0,
    airportTaxMinor: 0,
  };
  for (const entry of solution.priceDetail.priceList) {
    prices.ticketPriceMinor += toMinor(entry.price, currency) * entry.count;
    prices.taxMinor += toMinor(entry.tax, currency) * entry.count;
    prices.fuelSurchargeMinor += toMinor(entry.fuelSurcharge, currency) * entry.count;
    prices.airportTaxMinor += toMinor(entry.airportTax, currency) * entry.count;
  }
  return prices;
}

const costOf = (offer: Offer) =>
  offer.amounts.reduce(
    (sum, a) =>
      sum + (a.fare + a.tax + a.fuelSurcharge + a.airportTax) * (offer.passengers[a.passengerType] ?? 0),
    0,
  );

const sameSet = <T>(a: readonly T[], b: readonly T[]) =>
  a.length === b.length && a.every((x) => b.includes(x));

/** What the outside step of a change request ends with. */
export type ChangeOutcome =
  | { kind: 'ready'; solution: SolutionRow; orderPerCny: string; serviceFeeMinor: number }
  | { kind: 'quote_changed'; verification: VerificationResult };

/**
 * The outside step of `POST .../{id}/change`, with no transaction open: the order allows 'change',
 * the solution comes from the caller's change search of this order for the same tickets, every
 * selected passenger passes the booking's passenger and fare rules on its fare (400
 * PASSENGER_INVALID, `assertPassengersFitFare`), and its supplier confirms it (a changed quote is an outcome with the new solution; unavailable or no
 * answer is 502 BOOKING_FAILED). Reads the rate and the agency's change service fee.
 */
export async function prepareChange(
  deps: ChangeDeps,
  ctx: RequestContext,
  orderId: string,
  request: ChangeRequest,
): Promise<ChangeOutcome> {
  const order = await findChangeable(deps.db, ctx, orderId, deps.now());
  assertSelection(order, request.selection);
  const search = await findSearch(deps.db, ctx.agency.id, request.changeSearchId);
  const facts = search ? changeFactsOf(search) : undefined;
  if (!search || !facts || facts.orderId !== order.id || facts.userId !== ctx.user.id) {
    throw new AppError('SEARCH_NOT_FOUND');
  }
  const solution = await findSolution(deps.db, ctx.agency.id, request.solutionId);
  if (!solution || solution.searchId !== search.id) throw new AppError('SOLUTION_NOT_FOUND');
  const errors = [
    ...(sameSet(facts.selection.passengerIds, request.selection.passengerIds) &&
    sameSet(facts.selection.segmentIndexes, request.selection.segmentIndexes)
      ? []
      : [{ path: 'selection', message: 'not the selection the change search was made for' }]),
    ...(facts.reason === request.reason
      ? []
      : [{ path: 'reason', message: 'not the reason the change search was made for' }]),
  ];
  if (errors.length > 0) throw new AppError('ILLEGAL_INPUT', undefined, { errors });
  // The airline's reason only while the supplier's record stands (checked again at the request).
  await assertChangeGrounds(deps.db, order, request.reason);
  // The booking's passenger and fare rules on the new fare, before the supplier or the wallet.
  const moved = new Set(request.selection.passengerIds);
  assertPassengersFitFare(
    order.passengers.flatMap((passenger, index) => (moved.has(passenger.id) ? [{ passenger, index }] : [])),
    solution.payload,
    deps.now(),
    ctx.company.timeZone,
  );
  // The fare's change terms, before the supplier is asked (checked again in the transaction).
  changeFeeOfTerms(order, request.selection, request.reason, deps.now());
  await assertTicketsFree(deps.db, order, request.selection);

  const verification = await verifySolution(deps, ctx, solution.id);
  if (verification.outcome === 'unavailable' || verification.outcome === 'timeout') {
    throw new AppError('BOOKING_FAILED', undefined, verification);
  }
  if (verification.outcome !== 'confirmed') return { kind: 'quote_changed', verification };

  return {
    kind: 'ready',
    solution,
    orderPerCny: await rateFromCny(deps.db, order.currency),
    serviceFeeMinor: await serviceFeeFor(deps.db, ctx.agency.id, 'change', order.currency),
  };
}

/**
 * The short transaction of a change request: the order is locked and checked again, the change
 * order is created in chg_reviewing with its quote, the selected ticket-segments are claimed
 * (409 TICKET_IN_AFTER_SALES when one is taken meanwhile), documents attached, the desk review
 * queued and the request notified.
 */
export async function saveChange(
  deps: ChangeDeps,
  tx: Db,
  ctx: RequestContext,
  orderId: string,
  request: ChangeRequest,
  ready: Extract<ChangeOutcome, { kind: 'ready' }>,
): Promise<FlightOrderRow> {
  const now = deps.now();
  const order = await findChangeable(tx, ctx, orderId, now, { forUpdate: true });
  const newSolution: Solution = { ...ready.solution.payload, families: [] };
  const quote = changeQuote({
    order,
    selection: request.selection,
    reason: request.reason,
    newSolution,
    orderPerCny: ready.orderPerCny,
    changeFeeCny: changeFeeOfTerms(order, request.selection, request.reason, now),
    serviceFeeMinor: ready.serviceFeeMinor,
  });
  const passengers: OrderPassenger[] = selectedPassengers(order, request.selection).map((p) => ({
    ...p,
    ticketNumbers: [],
  }));
  const segments = newSolution.legs.flatMap((l) => l.segments);
  const row: Omit<NewFlightOrder, 'bookingNumber'> = {
    agencyId: ctx.agency.id,
    userId: ctx.user.id,
    type: 'change',
    status: 'chg_reviewing',
    supplier: order.supplier,
    solutionId: ready.solution.id,
    solution: newSolution,
    offer: ready.solution.offer,
    passengers,
    contact: order.contact,
    remark: request.remark ?? null,
    currency: order.currency,
    saleTotalMinor: ready.solution.totalMinor,
    orderTotalMinor: quote.amountDueMinor,
    costMinor: costOf(ready.solution.offer),
    costCurrency: ready.solution.offer.currency,
    prices: pricesOf(newSolution, order.currency),
    passengerNames: passengers.map((p) => `${p.surname}/${p.given_names}`).join('|'),
    flightNumbers: segments.map((s) => `${s.marketingCarrier}${s.flightNumber}`).join('|'),
    airline: newSolution.validatingCarrier,
    departureAt: ready.solution.departureAt,
    pnr: order.pnr,
    paymentState: 'unpaid',
    ticketingTier: newSolution.ticketingTier,
    originalBookingId: order.id,
    afterSales: {
      selection: request.selection,
      refundReason: null,
      changeReason: request.reason,
      remark: request.remark ?? null,
      quote,
      rejectReason: null,
      changeSearchId: request.changeSearchId,
    },
  };
  const change = await insertOrder(tx, row, now);
  await claimTickets(tx, {
    order,
    selection: request.selection,
    afterSalesOrderId: change.id,
    kind: 'change',
  });
  await attachDocuments(tx, {
    agencyId: ctx.agency.id,
    orderId: order.id,
    afterSalesOrderId: change.id,
    documentIds: request.documentIds,
    now,
    timeScale: deps.timeScale,
  });
  await queueChangeReview(deps)(tx, change, now);
  await notifyOrderEvent(tx, { kind: 'change.requested', order: change, at: now });
  return change;
}
