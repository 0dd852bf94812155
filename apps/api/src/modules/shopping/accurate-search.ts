import type { AccurateSearchRequest, AccurateSearchResult, SupplierProgress } from '@portal/domain/shopping';
import { journeysFromSegments } from '@portal/domain/pnr-parser';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { loadAgencyPricing, supplierUsable } from './agency-pricing';
import { checkAccurateSegments, searchToday } from './journey-check';
import { sortRows, withFamilies, mergeRows } from './get-solutions';
import { newId, quoteExpiry, type ShoppingDeps } from './shopping.context';
import { recordSearch } from './look-to-book';
import { rateFromCny } from '../exchange-rates/index';
import { insertSearch, listSolutions, updateSupplierProgress } from './shopping.repo';
import { storeOffers } from './store-offers';
import { flightsFound } from './flights-found';
import type { Offer, SupplierQuery } from './suppliers/supplier';

function wantedClass(offer: Offer, request: AccurateSearchRequest): boolean {
  const segments = offer.legs.flatMap((l) => l.segments);
  return request.segments.every((r, i) => !r.bookingClass || segments[i]?.bookingClass === r.bookingClass);
}

/**
 * Asks every allowed supplier for exactly these flights and answers at once (finished), with the
 * id the solutions are kept under; the segments follow the journey rules first (airports, not
 * flown yet, in date order). When nothing is sold, FLIGHT_NOT_FOUND says which flights were found.
 */
export async function accurateSearch(
  deps: ShoppingDeps,
  ctx: RequestContext,
  request: AccurateSearchRequest,
): Promise<AccurateSearchResult> {
  const now = deps.now();
  checkAccurateSegments(request.segments, searchToday(now, ctx.company.timeZone));
  const pricing = await loadAgencyPricing(deps.db, ctx.agency);
  const currency = ctx.company.config.commonConfig.settlementCurrency;
  const rate = await rateFromCny(deps.db, currency);
  const suppliers = deps.registry.list().filter((s) => supplierUsable(pricing, s.name, s.optIn));
  const exact = request.segments.map((s) => ({
    carrier: s.carrier,
    flightNumber: s.flightNumber,
    origin: s.origin,
    destination: s.destination,
    date: s.date,
  }));
  const journeys = journeysFromSegments(exact);
  const query: SupplierQuery = {
    legs: journeys.map((j) => ({ origins: [j.origin], destinations: [j.destination], date: j.date })),
    passengers: request.passengers,
    cabin: request.cabinClass ?? 'economy',
    exact,
    maxResponseMs: pricing.settings.maxResponseTimeMs,
  };
  // The suppliers answer first, with nothing written: a search that finds nothing leaves no rows.
  const outcomes = await Promise.all(
    suppliers.map((s) => deps.runner.ask(s, query, pricing.settings.maxResponseTimeMs)),
  );
  const found = outcomes.map((outcome) => {
    const matching = outcome.offers.filter((o) => o.legs.flatMap((l) => l.segments).length === exact.length);
    const withClass = matching.filter((o) => wantedClass(o, request));
    return { outcome, offers: withClass.length > 0 ? withClass : matching };
  });
  if (found.every((f) => f.offers.length === 0)) {
    const boundMs = pricing.settings.maxResponseTimeMs;
    const data = await flightsFound(deps, suppliers, exact, { ...query, boundMs });
    throw new AppError('FLIGHT_NOT_FOUND', undefined, data);
  }

  const id = newId();
  const expiresAt = quoteExpiry(now);
  await insertSearch(
    deps.db,
    {
      id,
      agencyId: ctx.agency.id,
      userId: ctx.user.id,
      kind: 'accurate',
      request: { ...request },
      currency,
      createdAt: now,
      expiresAt,
    },
    suppliers.map((s) => s.name),
  );
  // A look of the agency's look-to-book ratio, as a route search is (a search that found nothing wrote nothing).
  await recordSearch(deps.db, ctx.agency.id, now);
  const target = { searchId: id, pricing, currency, rate, expiresAt, now };
  const progress: SupplierProgress[] = [];
  for (const { outcome, offers } of found) {
    const stored = await storeOffers(deps.db, target, offers);
    const entry = {
      name: outcome.name,
      status: outcome.status,
      count: stored.length,
      elapsedMs: outcome.elapsedMs,
    };
    await updateSupplierProgress(deps.db, id, entry);
    progress.push(entry);
  }
  const rows = await listSolutions(deps.db, id);
  if (rows.length === 0) throw new AppError('FLIGHT_NOT_FOUND');
  return {
    searchId: id,
    finished: true,
    suppliers: progress,
    solutions: withFamilies(sortRows(mergeRows(rows), 'price')),
    currency,
  };
}
