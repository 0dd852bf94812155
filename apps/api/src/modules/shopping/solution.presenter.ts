import { convertMinor, fromMinor, minorDigits } from '@portal/domain/currency-conversion';
import { convertTerms } from '@portal/domain/fare-terms';
import type { Currency } from '@portal/domain/currency';
import type { FlightCategory } from '@portal/domain/flight-category';
import { applyAdjustmentChain, type Adjustment } from '@portal/domain/markup';
import type { MoneyJson, PriceListEntry, Segment, Solution, SolutionLeg } from '@portal/domain/shopping';
import type { Offer, OfferPenalty, OfferSegment } from './suppliers/supplier';

/** How to price an offer for an agency: its adjustments, currency and whether suppliers show. */
export interface PricingContext {
  /** The offer's flight category, which chose `adjustments`. */
  category: FlightCategory;
  adjustments: Adjustment[];
  currency: Currency;
  /** Units of `currency` per 1 CNY. */
  rate: string;
  showSupplier: boolean;
}

export interface PricedSolution {
  solution: Solution;
  totalMinor: number;
  /** Same flights, dates, cabin and fare family (or product). */
  dedupeKey: string;
  /** Same flights, dates and cabin. */
  flightsKey: string;
  departureAt: Date;
  durationMinutes: number;
}

/** Merge keys: the same flights on the same dates in the same cabin (and fare family). */
export function keysOf(offer: Offer): { dedupeKey: string; flightsKey: string } {
  const flights = offer.legs
    .map((l) =>
      l.segments.map((s) => `${s.carrier}${s.flightNumber}@${s.departureLocal.slice(0, 10)}`).join('+'),
    )
    .join('/');
  const flightsKey = `${flights}|${offer.cabin}`;
  return {
    flightsKey,
    dedupeKey: `${flightsKey}|${offer.fareFamily ?? `product:${offer.restrictions.productType}`}`,
  };
}

function legOf(offer: Offer, index: number): SolutionLeg {
  const leg = offer.legs[index];
  const segments = leg?.segments ?? [];
  const first = segments[0];
  const last = segments.at(-1);
  const durationMinutes =
    first && last ? Math.round((Date.parse(last.arrivalUtc) - Date.parse(first.departureUtc)) / 60_000) : 0;
  const dayOffset =
    first && last
      ? Math.round(
          (Date.parse(`${last.arrivalLocal.slice(0, 10)}T00:00Z`) -
            Date.parse(`${first.departureLocal.slice(0, 10)}T00:00Z`)) /
            86_400_000,
        )
      : 0;
  return {
    segments: segments.map(presentSegment),
    durationMinutes,
    arrivalDayOffset: dayOffset,
  };
}

/**
 * The Solution of an offer as the agency sees it: amounts converted to the settlement currency
 * (rounded up, spec §9) and the agency chain's adjustments on the ticket price added to salePrice.
 */
export function presentOffer(offer: Offer, id: string, expiresAt: Date, ctx: PricingContext): PricedSolution {
  const digits = minorDigits(ctx.currency);
  const convert = (cny: number) => convertMinor(cny, { digits: 2 }, ctx.rate, { digits });
  const money = (minor: number): MoneyJson => ({ amount: fromMinor(minor, digits), currency: ctx.currency });
  let totalMinor = 0;
  const priceList: PriceListEntry[] = offer.amounts.map((a) => {
    const count = offer.passengers[a.passengerType];
    const fare = convert(a.fare);
    const tax = convert(a.tax);
    const fuel = convert(a.fuelSurcharge);
    const airportTax = convert(a.airportTax);
    const adjusted = applyAdjustmentChain(fare, ctx.adjustments).total;
    const sale = adjusted + tax + fuel + airportTax;
    totalMinor += sale * count;
    return {
      passengerType: a.passengerType,
      count,
      price: fromMinor(fare, digits),
      tax: fromMinor(tax, digits),
      fuelSurcharge: fromMinor(fuel, digits),
      airportTax: fromMinor(airportTax, digits),
      salePrice: fromMinor(sale, digits),
      currency: ctx.currency,
    };
  });
  const penalty = (p: OfferPenalty) => ({
    allowed: p.allowed,
    fee: p.fee === null ? null : money(convert(p.fee)),
    note: p.note,
  });
  const legs = offer.legs.map((_, i) => legOf(offer, i));
  const solution: Solution = {
    id,
    supplier: ctx.showSupplier ? offer.supplier : null,
    contentType: offer.contentType,
    validatingCarrier: offer.validatingCarrier,
    legs,
    cabin: offer.cabin,
    fareFamily: offer.fareFamily,
    priceDetail: { productType: offer.restrictions.productType, priceList, total: money(totalMinor) },
    baggage: offer.baggage.map((b) => ({
      ...b,
      paidBagPrice: b.paidBagPrice === null ? null : money(convert(b.paidBagPrice)),
    })),
    rules: {
      change: penalty(offer.rules.change),
      refund: penalty(offer.rules.refund),
      noShow: penalty(offer.rules.noShow),
      ...(offer.rules.terms ? { terms: convertTerms(offer.rules.terms, ctx.currency, convert) } : {}),
    },
    restrictions: offer.restrictions,
    ticketingTier: offer.ticketingTier,
    seatsLeft: offer.seatsLeft,
    expiresAt: expiresAt.toISOString(),
    families: [],
    category: ctx.category,
  };
  const firstDeparture = offer.legs[0]?.segments[0]?.departureUtc;
  return {
    solution,
    totalMinor,
    ...keysOf(offer),
    departureAt: new Date(firstDeparture ?? 0),
    durationMinutes: legs.reduce((sum, l) => sum + l.durationMinutes, 0),
  };
}

/** A supplier's flight as the domain `Segment` (local times in each airport's zone). */
export function presentSegment(s: OfferSegment): Segment {
  return {
    marketingCarrier: s.carrier,
    operatingCarrier: s.operatingCarrier,
    flightNumber: s.flightNumber,
    aircraft: s.aircraft,
    departure: {
      airport: s.origin,
      terminal: s.departureTerminal,
      time: s.departureLocal,
      timeZone: s.departureTimeZone,
    },
    arrival: {
      airport: s.destination,
      terminal: s.arrivalTerminal,
      time: s.arrivalLocal,
      timeZone: s.arrivalTimeZone,
    },
    durationMinutes: s.durationMinutes,
    cabin: s.cabin,
    bookingClass: s.bookingClass,
    fareBasis: s.fareBasis,
  };
}
