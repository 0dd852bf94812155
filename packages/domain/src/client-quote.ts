import { minorDigits, parseDecimal, toMinor } from './currency-conversion';
import type { PassengerType } from './shopping-options';

/*
 * A client quote: the priced offer an agent sends the end traveller, with the agency's own service
 * fee folded into the shown prices. The traveller sees one price per passenger type and a total,
 * never a fee line; the shown parts always add up to the shown total (docs/client-quotes.md).
 */

/** How the agent states the service fee: an amount for each passenger, or one for the whole booking. */
export const SERVICE_FEE_MODES = ['per_passenger', 'per_booking'] as const;
export type ServiceFeeMode = (typeof SERVICE_FEE_MODES)[number];

/** The highest service fee an agent may type, in whole units of the quote's currency (a typing guard). */
export const MAX_SERVICE_FEE_UNITS = 100_000;
export const MAX_QUOTE_TRAVELLER_NAME = 100;
export const MAX_QUOTE_NOTE = 500;

/** What the agency pays for one passenger of a type (fare, taxes, its own price chain), in minor units. */
export interface QuoteFareLine {
  passengerType: PassengerType;
  count: number;
  unitMinor: number;
}

/** The fee as the server holds it: integer minor units of the quote's currency. */
export interface ServiceFee {
  mode: ServiceFeeMode;
  amountMinor: number;
}

/** One shown price: per passenger of the type (fee included) and for all of them. */
export interface ShownLine {
  passengerType: PassengerType;
  count: number;
  unitMinor: number;
  subtotalMinor: number;
}

/** What the traveller sees, and the fee that ends up in it (`feeMinor`, for the agent only). */
export interface ShownQuote {
  lines: ShownLine[];
  totalMinor: number;
  /** The fee actually inside the shown total; a per-booking fee may round up by a few minor units. */
  feeMinor: number;
}

const passengersOf = (lines: readonly QuoteFareLine[]) => lines.reduce((n, l) => n + l.count, 0);
const fareTotalOf = (lines: readonly QuoteFareLine[]) => lines.reduce((n, l) => n + l.count * l.unitMinor, 0);

/** What a fee is checked against: how many passengers, and what the agency pays for them all. */
export interface QuotedFare {
  passengers: number;
  fareMinor: number;
}

/** The fare of quoted lines, for `validateServiceFee`. */
export function quotedFareOf(lines: readonly QuoteFareLine[]): QuotedFare {
  return { passengers: passengersOf(lines), fareMinor: fareTotalOf(lines) };
}

/**
 * A per-booking fee split over the passenger types in proportion to what each type costs (largest
 * remainder, earlier type first on a tie, as `convertBreakdown`), so an infant carries a small part.
 */
function shareByType(lines: readonly QuoteFareLine[], feeMinor: number): number[] {
  const weights = lines.map((l) => BigInt(l.count * l.unitMinor));
  let whole = weights.reduce((a, b) => a + b, 0n);
  // A free fare (never seen, but possible in a test fare) shares by passengers instead.
  const byCount = whole === 0n;
  const w = byCount ? lines.map((l) => BigInt(l.count)) : weights;
  if (byCount) whole = w.reduce((a, b) => a + b, 0n);
  if (whole === 0n) return lines.map(() => 0);
  const fee = BigInt(feeMinor);
  const floors = w.map((x) => (fee * x) / whole);
  const remainders = w.map((x, i) => fee * x - (floors[i] ?? 0n) * whole);
  let missing = fee - floors.reduce((a, b) => a + b, 0n);
  const order = remainders
    .map((remainder, index) => ({ remainder, index }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  const shares = [...floors];
  for (const { index } of order) {
    if (missing <= 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    missing -= 1n;
  }
  return shares.map(Number);
}

/**
 * Folds the service fee into the shown prices. Per passenger: each passenger's price carries the
 * fee exactly. Per booking: the fee is shared over the types by cost, and each type's share over
 * its passengers rounded up to a whole minor unit, so every passenger of a type shows the same price
 * and the agency never earns less than it asked (at most one minor unit per passenger more).
 * Always: `sum(lines.subtotalMinor) === totalMinor` and each subtotal is `count × unitMinor`.
 */
export function spreadServiceFee(lines: readonly QuoteFareLine[], fee: ServiceFee): ShownQuote {
  for (const l of lines) {
    if (!Number.isSafeInteger(l.unitMinor) || !Number.isSafeInteger(l.count) || l.count < 0) {
      throw new RangeError(`Bad fare line: ${JSON.stringify(l)}`);
    }
  }
  if (!Number.isSafeInteger(fee.amountMinor) || fee.amountMinor < 0) {
    throw new RangeError(`Bad service fee: ${fee.amountMinor}`);
  }
  const perPassenger =
    fee.mode === 'per_passenger'
      ? lines.map(() => fee.amountMinor)
      : shareByType(lines, fee.amountMinor).map((share, i) => {
          const count = lines[i]?.count ?? 0;
          return count === 0 ? 0 : Math.ceil(share / count);
        });
  const shown = lines.map((l, i) => {
    const unitMinor = l.unitMinor + (perPassenger[i] ?? 0);
    return { passengerType: l.passengerType, count: l.count, unitMinor, subtotalMinor: unitMinor * l.count };
  });
  const totalMinor = shown.reduce((n, l) => n + l.subtotalMinor, 0);
  return { lines: shown, totalMinor, feeMinor: totalMinor - fareTotalOf(lines) };
}

/** The keys of the fee's validation messages (web locale `clientQuotes.validation.*`). */
export type ServiceFeeErrorKey =
  | 'clientQuotes.validation.feeFormat'
  | 'clientQuotes.validation.feeAboveCap'
  | 'clientQuotes.validation.feeAboveFare';

export interface ServiceFeeError {
  path: 'serviceFee.amount';
  key: ServiceFeeErrorKey;
  params?: Record<string, string | number>;
}

/**
 * Checks a fee as typed (a decimal text in `currency`) against what is quoted: a number of at most
 * the currency's minor digits from 0 to MAX_SERVICE_FEE_UNITS, and a whole fee no larger than the
 * fare itself (a fee above the tickets' price is taken for a slip of the decimal point). The web
 * form and the API run the same check.
 */
export function validateServiceFee(
  amount: string,
  mode: ServiceFeeMode,
  currency: string,
  fare: QuotedFare,
): ServiceFeeError[] {
  const digits = minorDigits(currency);
  const text = amount.trim();
  const decimal = parseDecimal(text);
  let minor: number | undefined;
  try {
    minor = decimal && decimal.units >= 0n ? toMinor(text, digits) : undefined;
  } catch {
    minor = undefined;
  }
  const path = 'serviceFee.amount' as const;
  if (minor === undefined || minor < 0) {
    return [{ path, key: 'clientQuotes.validation.feeFormat', params: { digits } }];
  }
  if (minor > MAX_SERVICE_FEE_UNITS * 10 ** digits) {
    return [{ path, key: 'clientQuotes.validation.feeAboveCap', params: { max: MAX_SERVICE_FEE_UNITS } }];
  }
  const whole = mode === 'per_passenger' ? minor * fare.passengers : minor;
  if (whole > fare.fareMinor) {
    return [{ path, key: 'clientQuotes.validation.feeAboveFare' }];
  }
  return [];
}
