import type { Solution } from '@portal/domain/shopping';
import { markupLegsOf, type MarkupLeg } from '@portal/domain/wallet-markup';
import type { Db } from '../../platform/db';
import type { AgencyRow } from '../agencies/index';
import { chainLevelsFor, loadAgencyPricing } from './agency-pricing';
import { toMinor } from '../wallet/index';

/**
 * At booking: what each ancestor of `agency` earns when the order of `solution` is paid, from the
 * price chain shopping priced it with (`markupLegsOf`); stored on the order, posted by its payment
 * and unwound by its refunds. Empty for a top-level agency, and when the chain no longer
 * reproduces the quoted fares (settings changed since the quote: the whole price goes to the
 * payment's supplier leg, nothing is credited that was not charged).
 */
export async function orderMarkupLegs(
  db: Db,
  agency: AgencyRow,
  solution: Solution,
  currency: string,
): Promise<MarkupLeg[]> {
  if (agency.parentId === null || !solution.category) return [];
  const pricing = await loadAgencyPricing(db, agency);
  const levels = chainLevelsFor(pricing, solution.category);
  const fares = solution.priceDetail.priceList.map((entry) => ({
    netFareMinor: toMinor(entry.price, currency),
    saleFareMinor:
      toMinor(entry.salePrice, currency) -
      toMinor(entry.tax, currency) -
      toMinor(entry.fuelSurcharge, currency) -
      toMinor(entry.airportTax, currency),
    count: entry.count,
  }));
  return markupLegsOf(levels, fares) ?? [];
}
