import type { Currency } from '@portal/domain/currency';
import { adjustmentsFor, type AgencyPricing, categoryOf, offerVisible } from './agency-pricing';
import { newId } from './shopping.context';
import { insertSolutions, type StoredSolution, type SupplierSettled } from './shopping.repo';
import { presentOffer, type PricedSolution } from './solution.presenter';
import type { Db } from '../../platform/db';
import type { Offer } from './suppliers/supplier';

/** Where priced offers go: the search, the agency's pricing, currency and rate, the quote's expiry. */
export interface OfferTarget {
  searchId: string;
  pricing: AgencyPricing;
  currency: Currency;
  rate: string;
  expiresAt: Date;
  /** The search's clock: an offer whose first flight departs by then has flown and is dropped. */
  now: Date;
}

/** Whether an offer's first flight departs after `now`. */
export function notYetDeparted(offer: Offer, now: Date): boolean {
  const departure = offer.legs[0]?.segments[0]?.departureUtc;
  return departure !== undefined && Date.parse(departure) > now.getTime();
}

/** Prices an offer for the agency (chain adjustments of its flight category). */
export function priceOffer(offer: Offer, id: string, target: OfferTarget): PricedSolution {
  const category = categoryOf(offer);
  return presentOffer(offer, id, target.expiresAt, {
    category,
    adjustments: adjustmentsFor(target.pricing, category),
    currency: target.currency,
    rate: target.rate,
    showSupplier: target.pricing.settings.showSuppliers,
  });
}

/**
 * Filters offers by the agency's settings and drops flights already departed (a search for today
 * sees only what still flies), prices and stores them; returns the rows stored (`payload` is the
 * priced Solution). With `settles`, the same statement marks the supplier settled (also with none).
 */
export async function storeOffers(
  db: Db,
  target: OfferTarget,
  offers: Offer[],
  options: { listed: boolean; filter: boolean; settles?: SupplierSettled } = { listed: true, filter: true },
): Promise<StoredSolution[]> {
  const kept = options.filter
    ? offers.filter((o) => notYetDeparted(o, target.now) && offerVisible(target.pricing, o))
    : offers;
  const priced = kept.map((offer) => ({ offer, priced: priceOffer(offer, newId(), target) }));
  const rows: StoredSolution[] = priced.map(({ offer, priced: p }) => ({
    id: p.solution.id,
    searchId: target.searchId,
    agencyId: target.pricing.agencyId,
    supplier: offer.supplier,
    dedupeKey: p.dedupeKey,
    flightsKey: p.flightsKey,
    payload: p.solution,
    totalMinor: p.totalMinor,
    currency: target.currency,
    departureAt: p.departureAt,
    durationMinutes: p.durationMinutes,
    offer,
    listed: options.listed,
    expiresAt: target.expiresAt,
  }));
  await insertSolutions(db, rows, options.settles);
  return rows;
}
