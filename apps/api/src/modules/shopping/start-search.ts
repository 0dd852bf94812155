import { setImmediate } from 'node:timers/promises';
import type { ShoppingRequest, ShoppingStarted } from '@portal/domain/shopping';
import type { Db } from '../../platform/db';
import type { RequestContext } from '../../platform/request-context';
import { airportsOf, checkShoppingJourneys, searchToday } from './journey-check';
import { loadAgencyPricing, supplierUsable } from './agency-pricing';
import { recordSearch } from './look-to-book';
import { newId, quoteExpiry, type ShoppingDeps } from './shopping.context';
import {
  deleteSearchesBefore,
  insertSearch,
  insertSolutions,
  type StoredSolution,
  supplierOrder,
  updateSupplierProgress,
} from './shopping.repo';
import { rateFromCny } from '../exchange-rates/index';
import type { MergedRow } from './solutions-cache';
import { pricedRows, type OfferTarget } from './store-offers';
import type { FlightSupplier, QueryLeg, SupplierQuery } from './suppliers/supplier';

const SEARCH_RETENTION_MS = 60 * 60 * 1000;
/** How often an instance deletes the searches past retention: not at every search. */
const SWEEP_EVERY_MS = 60 * 1000;
/** When this process last swept each database, by the searches' clock. */
const lastSweep = new WeakMap<Db, number>();

/** Deletes the searches (and their solutions) past retention, at most once a minute. */
async function sweepSearches(db: Db, now: Date): Promise<void> {
  const last = lastSweep.get(db);
  if (last !== undefined && now.getTime() >= last && now.getTime() - last < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now.getTime());
  await deleteSearchesBefore(db, new Date(now.getTime() - SEARCH_RETENTION_MS));
}

/**
 * The journeys actually flown: a roundtrip adds the way back on the first journey's returnDate.
 * Multi-city legs name airports (SHA is Hongqiao there, not all of Shanghai).
 */
export function queryLegs(request: ShoppingRequest): QueryLeg[] {
  const places = request.bookingType === 'multicity' ? (code: string) => [code] : airportsOf;
  const legs = request.journeys.map((j) => ({
    origins: places(j.origin),
    destinations: places(j.destination),
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
  const now = deps.now();
  checkShoppingJourneys(request, searchToday(now, ctx.company.timeZone));
  await sweepSearches(deps.db, now);
  const pricing = await loadAgencyPricing(deps.db, ctx.agency);
  const currency = ctx.company.config.commonConfig.settlementCurrency;
  const suppliers = deps.registry.list().filter((s) => supplierUsable(pricing, s.name, s.optIn));
  const id = newId();
  const expiresAt = quoteExpiry(now);
  const names = suppliers.map((s) => s.name);
  const rate = await rateFromCny(deps.db, currency);
  await insertSearch(
    deps.db,
    { id, agencyId: ctx.agency.id, userId: ctx.user.id, request, currency, createdAt: now, expiresAt },
    names,
  );
  // While this instance runs the search, its polls read the search and its progress from here.
  deps.cache.keepSearch({ id, agencyId: ctx.agency.id, request, currency, suppliers: supplierOrder(names) });
  await recordSearch(deps.db, ctx.agency.id, now);
  const query: SupplierQuery = {
    legs: queryLegs(request),
    passengers: request.passengers,
    cabin: request.cabinClass,
  };
  void askSuppliers(deps, { searchId: id, pricing, currency, rate, expiresAt, now }, suppliers, query);
  return { searchId: id, expiresAt: expiresAt.toISOString() };
}

/** What the polls' lists need of a stored row (not the supplier's offer, the bulk of it). */
const mergedRow = (row: StoredSolution): MergedRow => ({
  id: row.id,
  supplier: row.supplier,
  dedupeKey: row.dedupeKey,
  flightsKey: row.flightsKey,
  payload: row.payload,
  totalMinor: row.totalMinor,
  departureAt: row.departureAt,
  durationMinutes: row.durationMinutes,
});

/**
 * Asks each supplier in the background for a stored search, storing its offers and progress as
 * it settles (polls read them). `signal` cancels the suppliers' calls still running. The promise
 * (already tracked by the runner) resolves once every supplier has settled; it never rejects.
 */
export function askSuppliers(
  deps: ShoppingDeps,
  target: OfferTarget,
  suppliers: readonly FlightSupplier[],
  query: SupplierQuery,
  signal?: AbortSignal,
): Promise<void> {
  const id = target.searchId;
  deps.runner.began(id);
  const tasks = suppliers.map((supplier) =>
    (async () => {
      const bound = target.pricing.settings.maxResponseTimeMs;
      const outcome = await deps.runner.ask(supplier, { ...query, maxResponseMs: bound }, bound, signal);
      const settled = { name: supplier.name, status: outcome.status, elapsedMs: outcome.elapsedMs };
      const rows = pricedRows(target, outcome.offers, { listed: true, filter: true });
      // Polls of this instance assemble the lists from these rows and read the progress here, so
      // the polls waiting for news of this search answer at once, before the rows are written.
      deps.cache.keepStored(id, supplier.name, rows.map(mergedRow));
      deps.cache.keepProgress(id, { ...settled, count: rows.length });
      deps.runner.progressed(id);
      // The rows and the supplier's progress in one statement, once the woken polls have had
      // their turn. Until it is written, this instance's reads of a row wait for it, and its
      // polls keep reading the search here (the runner forgets it once every task settled).
      // When the write fails, other instances must still see the supplier settle (with nothing).
      const failed = () => updateSupplierProgress(deps.db, id, { ...settled, status: 'error', count: 0 });
      const inTurn = (write: () => Promise<void>) =>
        deps.runner.write(() => setImmediate().then(write).catch(failed));
      await insertSolutions(deps.db, rows, { searchId: id, ...settled }, inTurn);
    })(),
  );
  for (const task of tasks) deps.runner.track(task);
  const all = Promise.allSettled(tasks).then(() => deps.runner.settled(id));
  deps.runner.track(all);
  return all;
}
