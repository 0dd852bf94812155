import { validateJourneys } from '@portal/domain/journey-rules';
import type { ShoppingRequest, ShoppingStarted } from '@portal/domain/shopping';
import { cityCodeOf, getAirport, getCity } from '@portal/reference-data/airports';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { loadAgencyPricing, supplierAllowed } from './agency-pricing';
import { recordSearch } from './look-to-book';
import { newId, quoteExpiry, type ShoppingDeps } from './shopping.context';
import { deleteSearchesBefore, insertSearch, rateFromCny, updateSupplierProgress } from './shopping.repo';
import { storeOffers } from './store-offers';
import type { QueryLeg, SupplierQuery } from './suppliers/supplier';

const SEARCH_RETENTION_MS = 60 * 60 * 1000;

/** The airports of a search code: a metro city gives all its airports (SHA → PVG, SHA). */
export function airportsOf(code: string): string[] {
  const city = getCity(code);
  if (city && city.airports.length > 1) return city.airports.map((a) => a.code);
  if (getAirport(code)) return [code];
  return city?.airports.map((a) => a.code) ?? [];
}

/** Throws JOURNEY_INVALID with `data.errors` (keys and leg index) when spec §5 rules fail. */
export function checkJourneys(journeys: { origin: string; destination: string; date: string }[]): void {
  const errors = validateJourneys(journeys, (code) => cityCodeOf(code) ?? code);
  const unknown = journeys.flatMap((j, legIndex) =>
    [j.origin, j.destination].some((c) => airportsOf(c).length === 0)
      ? [{ key: 'order.flight.booking.journeyError.rules' as const, legIndex }]
      : [],
  );
  const all = [...errors, ...unknown.filter((u) => !errors.some((e) => e.legIndex === u.legIndex))];
  if (all.length > 0) throw new AppError('JOURNEY_INVALID', undefined, { errors: all });
}

/** The journeys actually flown: a roundtrip adds the way back on the first journey's returnDate. */
export function queryLegs(request: ShoppingRequest): QueryLeg[] {
  const legs = request.journeys.map((j) => ({
    origins: airportsOf(j.origin),
    destinations: airportsOf(j.destination),
    date: j.date,
  }));
  const first = request.journeys[0];
  const out = legs[0];
  if (request.bookingType === 'roundtrip' && first?.returnDate && out && legs.length === 1) {
    legs.push({ origins: out.destinations, destinations: out.origins, date: first.returnDate });
  }
  return legs;
}

/** Starts an async search: stores it, answers at once, and asks every allowed supplier in the background. */
export async function startSearch(
  deps: ShoppingDeps,
  ctx: RequestContext,
  request: ShoppingRequest,
): Promise<ShoppingStarted> {
  checkJourneys(request.journeys);
  if (
    request.bookingType === 'roundtrip' &&
    !request.journeys[0]?.returnDate &&
    request.journeys.length === 1
  ) {
    throw new AppError('JOURNEY_INVALID', undefined, {
      errors: [{ key: 'flight.booking.journeyError.dateRequired', legIndex: 1 }],
    });
  }
  const now = deps.now();
  await deleteSearchesBefore(deps.db, new Date(now.getTime() - SEARCH_RETENTION_MS));
  const pricing = await loadAgencyPricing(deps.db, ctx.agency);
  const currency = ctx.company.config.commonConfig.settlementCurrency;
  const suppliers = deps.registry.list().filter((s) => supplierAllowed(pricing.settings, s.name));
  const id = newId();
  const expiresAt = quoteExpiry(now);
  await insertSearch(
    deps.db,
    { id, agencyId: ctx.agency.id, userId: ctx.user.id, request, currency, createdAt: now, expiresAt },
    suppliers.map((s) => s.name),
  );
  await recordSearch(deps.db, ctx.agency.id, now);
  const rate = await rateFromCny(deps.db, currency);
  const query: SupplierQuery = {
    legs: queryLegs(request),
    passengers: request.passengers,
    cabin: request.cabinClass,
  };
  const target = { searchId: id, pricing, currency, rate, expiresAt };
  for (const supplier of suppliers) {
    deps.runner.track(
      (async () => {
        const outcome = await deps.runner.ask(supplier, query, pricing.settings.maxResponseTimeMs);
        const stored = outcome.offers.length > 0 ? await storeOffers(deps.db, target, outcome.offers) : [];
        await updateSupplierProgress(deps.db, id, {
          name: supplier.name,
          status: outcome.status,
          count: stored.length,
          elapsedMs: outcome.elapsedMs,
        });
      })(),
    );
  }
  return { searchId: id, expiresAt: expiresAt.toISOString() };
}
