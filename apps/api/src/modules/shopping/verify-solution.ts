import { isCurrency } from '@portal/domain/currency';
import type { Solution, VerificationResult } from '@portal/domain/shopping';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { loadAgencyPricing } from './agency-pricing';
import { supplierInList } from '../agencies/index';
import { quoteExpiry, type ShoppingDeps } from './shopping.context';
import { rateFromCny } from '../exchange-rates/index';
import { findSolution } from './shopping.repo';
import { storeOffers } from './store-offers';
import type { Offer } from './suppliers/supplier';
import type { SolutionRow } from './shopping.schema';

/** Upper bound of a price check, within the agency's max response time. */
const MAX_VERIFY_MS = 10_000;

/**
 * The price check of spec §8: refused when unknown (404) or past its 15-minute validity (410);
 * otherwise the supplier's answer as a typed outcome. A changed offer is stored as a new solution
 * with a new id and a fresh validity.
 */
export async function verifySolution(
  deps: ShoppingDeps,
  ctx: RequestContext,
  id: string,
  /** The solution `id` of the agency as the caller has just read it (the booking): not read twice. */
  known?: SolutionRow,
): Promise<VerificationResult> {
  const row =
    known?.id === id && known.agencyId === ctx.agency.id
      ? known
      : await findSolution(deps.db, ctx.agency.id, id);
  if (!row) throw new AppError('SOLUTION_NOT_FOUND');
  const now = deps.now();
  if (now.getTime() > row.expiresAt.getTime()) throw new AppError('SOLUTION_EXPIRED');
  const previousTotal = row.payload.priceDetail.total;
  const pricing = await loadAgencyPricing(deps.db, ctx.agency);
  // A supplier the platform took away since the search is not asked again, and nothing is booked.
  const supplier = deps.registry.get(row.supplier);
  if (!supplierInList(pricing.platformSuppliers, row.supplier, supplier?.optIn)) {
    throw new AppError('SUPPLIER_NOT_ALLOWED');
  }
  if (!supplier) return { outcome: 'unavailable', solution: null, previousTotal };
  const bound = Math.min(pricing.settings.maxResponseTimeMs, MAX_VERIFY_MS);
  const answer = await deps.runner
    .bounded(bound, (signal) => supplier.verify(row.offer, signal))
    .catch(() => undefined);
  if (!answer) return { outcome: 'timeout', solution: null, previousTotal };

  const currency = isCurrency(row.currency) ? row.currency : 'CNY';
  const target = {
    searchId: row.searchId,
    pricing,
    currency,
    rate: await rateFromCny(deps.db, currency),
    expiresAt: quoteExpiry(now),
    now,
  };
  const store = async (offer: Offer): Promise<Solution | null> => {
    const [stored] = await storeOffers(deps.db, target, [offer], { listed: false, filter: false });
    return stored?.payload ?? null;
  };
  switch (answer.status) {
    case 'confirmed':
      return { outcome: 'confirmed', solution: { ...row.payload, families: [] }, previousTotal };
    case 'unavailable':
      return { outcome: 'unavailable', solution: null, previousTotal };
    case 'price_changed':
      return { outcome: 'price_changed', solution: await store(answer.offer), previousTotal };
    case 'restrictions_changed':
      return { outcome: 'restrictions_changed', solution: await store(answer.offer), previousTotal };
    case 'package_changed': {
      const cheapest = [...answer.alternatives].sort((a, b) => fareOf(a) - fareOf(b))[0];
      return { outcome: 'package_changed', solution: cheapest ? await store(cheapest) : null, previousTotal };
    }
  }
}

const fareOf = (offer: Offer) =>
  offer.amounts.reduce((sum, a) => sum + a.fare + a.tax + a.fuelSurcharge + a.airportTax, 0);
