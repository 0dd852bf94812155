import type { Currency } from '@portal/domain/currency';
import { adjustmentsFor, type AgencyPricing, categoryOf, offerVisible } from './agency-pricing';
import { newId } from './shopping.context';
import { insertSolutions, type StoredSolution } from './shopping.repo';
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

/** Which offers become rows: listed in the search's polls, and filtered by the agency's settings. */
export interface RowOptions {
  listed: boolean;
  filter: boolean;
}

/**
 * Filters offers by the agency's settings and drops flights already departed (a search for today
 * sees only what still flies), and prices them into the rows to store (`payload` is the priced
 * Solution).
 */
export function pricedRows(target: OfferTarget, offers: Offer[], options: RowOptions): StoredSolution[] {
  const kept = options.filter
    ? offers.filter((o) => notYetDeparted(o, target.now) && offerVisible(target.pricing, o))
    : offers;
  return kept.map((offer) => {
    const p = priceOffer(offer, newId(), target);
    return {
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
    };
  });
}

/** Prices offers into rows (`pricedRows`) and stores them; returns the rows stored. */
export async function storeOffers(
  db: Db,
  target: OfferTarget,
  offers: Offer[],
  options: RowOptions = { listed: true, filter: true },
): Promise<StoredSolution[]> {
  const rows = pricedRows(target, offers, options);
  await insertSolutions(db, rows);
  return rows;
}
