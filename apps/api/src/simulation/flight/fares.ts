import type { Cabin, PassengerCounts, PassengerType, Restrictions } from '@portal/domain/shopping';
import { type ActionTerms, type FareTerms, uniformWindows } from '@portal/domain/fare-terms';
import { getAirport } from '@portal/reference-data/airports';
import type { OfferBaggage, OfferPenalty, OfferRules, PassengerAmounts } from '../../modules/shopping/index';
import type { Random } from '../prng';
import type { Itinerary } from './schedule';

/** The rule sets the simulated airlines publish (`rulesFor`). */
export type FareRuleKind = 'light' | 'standard' | 'flex' | 'lcc' | 'lcc-saver';

/** A fare product a supplier sells on an itinerary: family, price factor, bags, rules, restrictions. */
export interface FareProduct {
  fareFamily: string | null;
  /** Code in the fare basis ('' for the standard product). */
  tag: string;
  priceFactor: number;
  /** Position in the cabin's booking classes (0 = the full-fare class). */
  classRank: 'high' | 'mid' | 'low';
  checkedPieces: number;
  checkedKg: number | null;
  paidBag: boolean;
  withFareBasis: boolean;
  rules: FareRuleKind;
  restrictions: Partial<Restrictions>;
  ticketingTier: string;
}

const BOOKING_CLASSES: Record<Cabin, string[]> = {
  first: ['F', 'A'],
  premium_first: ['P', 'F'],
  business: ['J', 'C', 'D', 'I'],
  premium_business: ['C', 'D', 'Z'],
  premium_economy: ['W', 'E', 'R'],
  economy: ['Y', 'B', 'M', 'H', 'K', 'L', 'Q', 'T', 'V'],
};

const CABIN_FACTOR: Record<Cabin, number> = {
  first: 5.5,
  premium_first: 4.5,
  business: 3.2,
  premium_business: 2.6,
  premium_economy: 1.7,
  economy: 1,
};

const CABIN_NAME: Record<Cabin, string> = {
  first: 'First',
  premium_first: 'Premium First',
  business: 'Business',
  premium_business: 'Premium Business',
  premium_economy: 'Premium Economy',
  economy: 'Economy',
};

/** "Economy Standard" style fare family names. */
export function familyName(cabin: Cabin, brand: string): string {
  return `${CABIN_NAME[cabin]} ${brand}`;
}

/** A booking class of the cabin for the product's rank. */
export function bookingClassFor(cabin: Cabin, rank: FareProduct['classRank'], rng: Random): string {
  const classes = BOOKING_CLASSES[cabin];
  const third = Math.max(1, Math.floor(classes.length / 3));
  const from = rank === 'high' ? 0 : rank === 'mid' ? third : Math.min(classes.length - 1, 2 * third);
  const to =
    rank === 'high' ? 0 : rank === 'mid' ? Math.min(classes.length - 1, 2 * third - 1) : classes.length - 1;
  return classes[rng.int(from, Math.max(from, to))] ?? classes[0] ?? 'Y';
}

/** Fare basis like `MOWCN` / `KLTRT`: class, product tag, one-way or return, CN for China sales. */
export function fareBasisFor(
  bookingClass: string,
  product: FareProduct,
  roundtrip: boolean,
  fromChina: boolean,
): string | null {
  if (!product.withFareBasis) return null;
  return `${bookingClass}${product.tag}${roundtrip ? 'RT' : 'OW'}${fromChina ? 'CN' : ''}`.slice(0, 8);
}

const yuan = (amount: number) => Math.round(amount) * 100;
const roundTo10 = (amount: number) => Math.round(amount / 10) * 10;

/** True when every airport of the itineraries is in mainland China. */
export function isChinaDomestic(itineraries: readonly Itinerary[]): boolean {
  return itineraries.every((it) =>
    it.flights.every(
      (f) => getAirport(f.origin)?.countryCode === 'CN' && getAirport(f.destination)?.countryCode === 'CN',
    ),
  );
}

/**
 * Per-passenger-type amounts in CNY minor units: fare from distance × cabin × product × supplier
 * price level; taxes by market (China domestic: airport construction fee and fuel surcharge per
 * segment; international: tax, fuel surcharge by distance, departure tax). Child ≈75 %, infant ≈10 %.
 */
export function priceAmounts(
  itineraries: readonly Itinerary[],
  cabin: Cabin,
  product: FareProduct,
  level: number,
  passengers: PassengerCounts,
  noFuel: boolean,
): PassengerAmounts[] {
  const flights = itineraries.flatMap((it) => it.flights);
  const km = flights.reduce((sum, f) => sum + f.distanceKm, 0);
  const domestic = isChinaDomestic(itineraries);
  const fare = roundTo10(
    (itineraries.length * 280 + 0.62 * km) * CABIN_FACTOR[cabin] * product.priceFactor * level,
  );
  const fuel = noFuel
    ? 0
    : domestic
      ? flights.length * (km / flights.length < 800 ? 10 : 20)
      : roundTo10(0.06 * km);
  const tax = domestic ? 0 : roundTo10(150 + 0.03 * km);
  const departures = flights.filter((f) => getAirport(f.origin)?.countryCode === 'CN').length;
  const airportTax = domestic ? flights.length * 50 : departures * 90 + (flights.length - departures) * 60;
  const result: PassengerAmounts[] = [
    {
      passengerType: 'adult',
      fare: yuan(fare),
      tax: yuan(tax),
      fuelSurcharge: yuan(fuel),
      airportTax: yuan(airportTax),
    },
  ];
  if (passengers.child > 0) {
    result.push({
      passengerType: 'child',
      fare: yuan(roundTo10(fare * 0.75)),
      tax: yuan(tax),
      fuelSurcharge: yuan(domestic ? fuel / 2 : fuel),
      airportTax: domestic ? 0 : yuan(airportTax),
    });
  }
  if (passengers.infant > 0) {
    result.push({
      passengerType: 'infant',
      fare: yuan(roundTo10(fare * 0.1)),
      tax: 0,
      fuelSurcharge: 0,
      airportTax: 0,
    });
  }
  return result;
}

/** Baggage per passenger type: carry-on 1 × 7 kg; checked by product; infants a 10 kg bag on full service. */
export function baggageFor(
  product: FareProduct,
  passengers: PassengerCounts,
  paidBagMinor: number,
): OfferBaggage[] {
  const types: PassengerType[] = [
    'adult',
    ...(passengers.child > 0 ? (['child'] as const) : []),
    ...(passengers.infant > 0 ? (['infant'] as const) : []),
  ];
  return types.map((passengerType) => {
    const infant = passengerType === 'infant';
    const pieces = infant ? (product.paidBag ? 0 : 1) : product.checkedPieces;
    return {
      passengerType,
      carryOn: {
        pieces: infant ? 0 : 1,
        weightKg: infant ? null : 7,
        dimensions: infant ? null : '55x40x20 cm',
      },
      checked: {
        pieces,
        weightKg: pieces === 0 ? null : infant ? 10 : product.checkedKg,
        dimensions: pieces === 0 ? null : '158 cm (L+W+H)',
      },
      paidBagPrice: pieces === 0 && product.paidBag ? paidBagMinor : null,
    };
  });
}

const penalty = (allowed: boolean, fee: number | null, note: string): OfferPenalty => ({
  allowed,
  fee,
  note,
});

/** Percents of the fare by window (>7 days, 2-7 days, <48 h, after departure); null: not allowed. */
function byPercent(percents: readonly (number | null)[]): ActionTerms['windows'] {
  return uniformWindows(true).map((w, i) => {
    const percent = percents[i] ?? null;
    return percent === null ? { ...w, allowed: false } : { ...w, percentOfFare: percent };
  });
}

const anyTime = { per: 'passenger', deadlineHours: null } as const;

/**
 * The structured change and refund terms of a rule set, in CNY: what the desk quotes by and what
 * the screens show. Light: changes 20/30/40 % of the fare, refunds give the taxes back; Standard:
 * changes 5/10/15/20 %, refunds 20/30/40/50 %; Flex: free changes before departure, refunds 0/5/5/10 %;
 * low-cost: changes CNY 300 a segment up to 24 h before departure, refunds give the taxes back;
 * low-cost Saver: no change, no refund.
 */
export function termsFor(kind: FareRuleKind): FareTerms {
  const none: ActionTerms = { ...anyTime, windows: uniformWindows(false) };
  switch (kind) {
    case 'light':
      return {
        currency: 'CNY',
        change: { ...anyTime, windows: byPercent([20, 30, 40, null]) },
        refund: { ...anyTime, keeps: 'fare', windows: byPercent([0, 0, 0, null]) },
      };
    case 'standard':
      return {
        currency: 'CNY',
        change: { ...anyTime, windows: byPercent([5, 10, 15, 20]) },
        refund: { ...anyTime, keeps: 'nothing', windows: byPercent([20, 30, 40, 50]) },
      };
    case 'flex':
      return {
        currency: 'CNY',
        change: { ...anyTime, windows: byPercent([0, 0, 0, 10]) },
        refund: { ...anyTime, keeps: 'nothing', windows: byPercent([0, 5, 5, 10]) },
      };
    case 'lcc':
      return {
        currency: 'CNY',
        change: {
          per: 'segment',
          deadlineHours: 24,
          windows: uniformWindows(true, (w) => ({ amountMinor: w === 'afterDeparture' ? 0 : 30_000 })).map(
            (w) => (w.window === 'afterDeparture' ? { ...w, allowed: false } : w),
          ),
        },
        refund: { ...anyTime, keeps: 'fare', windows: byPercent([0, 0, 0, null]) },
      };
    case 'lcc-saver':
      return { currency: 'CNY', change: none, refund: { ...none, keeps: 'fare' } };
  }
}

/**
 * Change, refund and no-show rules of a product: the airline's own wording with the headline fee
 * (the earliest window's, from the adult fare) and the structured terms (`termsFor`).
 */
export function rulesFor(kind: FareRuleKind, adultFareMinor: number): OfferRules {
  const pct = (p: number) => Math.round((adultFareMinor * p) / 10_000) * 100;
  const terms = termsFor(kind);
  switch (kind) {
    case 'light':
      return {
        change: penalty(true, pct(20), 'Change before departure with a fee plus any fare difference'),
        refund: penalty(false, null, 'Non-refundable; taxes refundable'),
        noShow: penalty(false, null, 'No-show forfeits the fare'),
        terms,
      };
    case 'standard':
      return {
        change: penalty(true, pct(5), 'Change with a fee rising nearer departure plus any fare difference'),
        refund: penalty(true, pct(20), 'Refund with a fee rising nearer departure'),
        noShow: penalty(true, pct(50), 'No-show fee on change or refund'),
        terms,
      };
    case 'flex':
      return {
        change: penalty(true, null, 'Free changes before departure; fare difference applies'),
        refund: penalty(true, null, 'Free refund more than 7 days before departure, then a small fee'),
        noShow: penalty(true, pct(10), 'No-show fee on change or refund'),
        terms,
      };
    case 'lcc':
      return {
        change: penalty(true, 30_000, 'Change online up to 24 h before departure, fee per segment'),
        refund: penalty(false, null, 'Non-refundable; airport taxes refunded on request'),
        noShow: penalty(false, null, 'No-show forfeits the fare and taxes'),
        terms,
      };
    case 'lcc-saver':
      return {
        change: penalty(false, null, 'No changes'),
        refund: penalty(false, null, 'Non-refundable'),
        noShow: penalty(false, null, 'No-show forfeits the fare and taxes'),
        terms,
      };
  }
}
/** The restrictions of a product over the market's defaults. */
export function restrictionsFor(
  product: FareProduct,
  domestic: boolean,
  channel: string,
  lcc: boolean,
): Restrictions {
  return {
    minAge: null,
    maxAge: null,
    documentTypes: [],
    eligibleCountries: [],
    ineligibleCountries: [],
    invoiceType: domestic ? 'itinerary' : lcc ? 'none' : 'bill',
    ticketingChannel: channel,
    productType: 'normal',
    ...product.restrictions,
  };
}
