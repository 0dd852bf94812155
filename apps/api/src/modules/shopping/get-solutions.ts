import { isCurrency } from '@portal/domain/currency';
import {
  ShoppingRequest,
  type Solution,
  type SolutionSort,
  type SolutionsResult,
  type SupplierProgress,
} from '@portal/domain/shopping';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import type { ShoppingDeps } from './shopping.context';
import {
  findSearch,
  type ListedSolution as SolutionRow,
  listSolutions,
  listSupplierProgress,
} from './shopping.repo';

/** Keeps the cheapest row of each itinerary offered by several suppliers (ties: supplier name). */
export function mergeRows(rows: readonly SolutionRow[]): SolutionRow[] {
  const best = new Map<string, SolutionRow>();
  for (const row of rows) {
    const current = best.get(row.dedupeKey);
    if (
      !current ||
      row.totalMinor < current.totalMinor ||
      (row.totalMinor === current.totalMinor && row.supplier < current.supplier)
    ) {
      best.set(row.dedupeKey, row);
    }
  }
  return [...best.values()];
}

/** Sorts per the request: price (total), time (departure then duration), default (price and duration blended). */
export function sortRows(rows: SolutionRow[], sort: SolutionSort): SolutionRow[] {
  const byId = (a: SolutionRow, b: SolutionRow) => a.dedupeKey.localeCompare(b.dedupeKey);
  if (sort === 'price') return rows.sort((a, b) => a.totalMinor - b.totalMinor || byId(a, b));
  if (sort === 'time') {
    return rows.sort(
      (a, b) =>
        a.departureAt.getTime() - b.departureAt.getTime() ||
        a.durationMinutes - b.durationMinutes ||
        byId(a, b),
    );
  }
  const minPrice = Math.max(1, Math.min(...rows.map((r) => r.totalMinor)));
  const minDuration = Math.max(1, Math.min(...rows.map((r) => r.durationMinutes)));
  const score = (r: SolutionRow) => r.totalMinor / minPrice + (0.6 * r.durationMinutes) / minDuration;
  return rows.sort((a, b) => score(a) - score(b) || byId(a, b));
}

/** Adds the other fare families of the same flights, cheapest first. */
export function withFamilies(rows: readonly SolutionRow[]): Solution[] {
  const byFlights = new Map<string, SolutionRow[]>();
  for (const row of rows) byFlights.set(row.flightsKey, [...(byFlights.get(row.flightsKey) ?? []), row]);
  return rows.map((row) => {
    const others = (byFlights.get(row.flightsKey) ?? [])
      .filter((o) => o.id !== row.id && o.payload.fareFamily !== null)
      .sort((a, b) => a.totalMinor - b.totalMinor);
    return {
      ...row.payload,
      families: others.map((o) => ({
        solutionId: o.id,
        fareFamily: o.payload.fareFamily ?? '',
        total: o.payload.priceDetail.total,
      })),
    };
  });
}

const isFinished = (suppliers: SupplierProgress[]) => suppliers.every((s) => s.status !== 'pending');

/** The solutions gathered so far for the caller's agency, merged and sorted. */
export async function getSolutions(
  deps: ShoppingDeps,
  ctx: RequestContext,
  searchId: string,
): Promise<SolutionsResult> {
  const search = await findSearch(deps.db, ctx.agency.id, searchId);
  if (!search) throw new AppError('SEARCH_NOT_FOUND');
  // Progress first: a supplier marked done has its solutions stored already.
  const suppliers = await listSupplierProgress(deps.db, search.id);
  const signature = suppliers.map((s) => `${s.name}:${s.status}:${s.count}`).join('|');
  let solutions = deps.cache.get(search.id, signature);
  if (!solutions) {
    const rows = await listSolutions(deps.db, search.id);
    const request = ShoppingRequest.safeParse(search.request);
    solutions = withFamilies(sortRows(mergeRows(rows), request.success ? request.data.sort : 'price'));
    deps.cache.set(search.id, signature, solutions);
  }
  return {
    finished: isFinished(suppliers),
    suppliers,
    solutions,
    currency: isCurrency(search.currency) ? search.currency : 'CNY',
  };
}
