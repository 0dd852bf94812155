import type { SeatMap, SolutionAncillaries } from '@portal/domain/ancillaries';
import { convertMinor, fromMinor, minorDigits } from '@portal/domain/currency-conversion';
import type { MoneyJson } from '@portal/domain/shopping';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { rateFromCny } from '../exchange-rates/index';
import type { ShoppingDeps } from './shopping.context';
import { findSolution } from './shopping.repo';
import type { SupplierBagService, SupplierSeatMap } from './suppliers/ancillaries';
import type { Offer } from './suppliers/supplier';

/** Upper bound of a seat map or bag services call. */
const ANCILLARY_CALL_MS = 10_000;

/**
 * The seats and bags a supplier sells with an offer, with the conversion of their amounts (minor
 * units of the offer currency) into the agency's display currency, as solution prices are
 * converted (`presentOffer`: rounded up at the rate from CNY). Ancillaries carry no markup.
 */
export interface AncillaryOffer {
  maps: SupplierSeatMap[];
  bags: SupplierBagService[];
  currency: string;
  /** Offer-currency minor units to display-currency minor units. */
  convert: (minor: number) => number;
  money: (minor: number) => MoneyJson;
}

/** How offer amounts become `currency` amounts (the same rounding as a solution's prices). */
export async function ancillaryPricing(
  db: ShoppingDeps['db'],
  currency: string,
): Promise<Pick<AncillaryOffer, 'currency' | 'convert' | 'money'>> {
  const rate = await rateFromCny(db, currency);
  const digits = minorDigits(currency);
  return {
    currency,
    convert: (minor) => convertMinor(minor, { digits: 2 }, rate, { digits }),
    money: (minor) => ({ amount: fromMinor(minor, digits), currency: currency as MoneyJson['currency'] }),
  };
}

/**
 * Asks the offer's supplier for its seat maps and bag services now (fresh availability); a
 * supplier without them, or one that does not answer in time, sells none.
 */
export async function loadAncillaryOffer(
  deps: ShoppingDeps,
  supplierName: string,
  offer: Offer,
  currency: string,
): Promise<AncillaryOffer> {
  const pricing = await ancillaryPricing(deps.db, currency);
  const supplier = deps.registry.get(supplierName);
  const call = async <T>(run: ((signal: AbortSignal) => Promise<T[]>) | undefined): Promise<T[]> =>
    run ? ((await deps.runner.bounded(ANCILLARY_CALL_MS, run).catch(() => undefined)) ?? []) : [];
  const [maps, bags] = await Promise.all([
    call(supplier?.seatMaps && ((signal) => supplier.seatMaps?.(offer, signal) ?? Promise.resolve([]))),
    call(supplier?.bagServices && ((signal) => supplier.bagServices?.(offer, signal) ?? Promise.resolve([]))),
  ]);
  return { maps, bags, ...pricing };
}

/** The seat maps and bags as the booking page shows them (display currency). */
export function presentAncillaries(a: AncillaryOffer): SolutionAncillaries {
  const seatMaps: SeatMap[] = a.maps.map((m) => ({
    segmentIndex: m.segmentIndex,
    aircraft: m.aircraft,
    cabin: m.cabin,
    columns: [...m.columns],
    rows: m.rows.map((r) => ({
      row: r.row,
      seats: r.seats.map((s) =>
        s === null
          ? null
          : {
              designator: s.designator,
              available: s.available,
              price: a.money(a.convert(s.priceMinor)),
              features: [...s.features],
              refusedTypes: [...s.refusedTypes],
            },
      ),
    })),
  }));
  const bags = a.bags.map((b) => ({
    id: b.id,
    segmentIndexes: [...b.segmentIndexes],
    passengerTypes: [...b.passengerTypes],
    pieces: b.pieces,
    weightKg: b.weightKg,
    price: a.money(a.convert(b.priceMinor)),
    maxQuantity: b.maxQuantity,
  }));
  return { seatMaps, bags };
}

/**
 * `GET /shopping/v2/flight/solutions/{id}/ancillaries`: the seat maps and bags of a solution of
 * the agency (404 unknown, 410 past its validity), priced in the solution's currency.
 */
export async function solutionAncillaries(
  deps: ShoppingDeps,
  ctx: RequestContext,
  id: string,
): Promise<SolutionAncillaries> {
  const row = await findSolution(deps.db, ctx.agency.id, id);
  if (!row) throw new AppError('SOLUTION_NOT_FOUND');
  if (deps.now().getTime() > row.expiresAt.getTime()) throw new AppError('SOLUTION_EXPIRED');
  return presentAncillaries(await loadAncillaryOffer(deps, row.supplier, row.offer, row.currency));
}
