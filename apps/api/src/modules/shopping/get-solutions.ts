import { isCurrency } from '@portal/domain/currency';
import {
  ShoppingRequest,
  type Solution,
  type SolutionSort,
  type SolutionsDelta,
  type SolutionsRequest,
  type SupplierProgress,
} from '@portal/domain/shopping';
import type { SearchRow } from './shopping.schema';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import type { ShoppingDeps } from './shopping.context';
import { findSearch, listSolutions, listSupplierProgress } from './shopping.repo';
import { searchWritten } from './pending-solutions';
import type { MergedRow as SolutionRow } from './solutions-cache';

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

/**
 * Which suppliers had settled, one digit per supplier in name order ('1' settled). The listed
 * solutions are those of settled suppliers, so this names one list for good: it is the cursor.
 */
export const progressSignature = (suppliers: SupplierProgress[]) =>
  suppliers.map((s) => (s.status === 'pending' ? '0' : '1')).join('');

/** How often a waiting poll looks at the database, for searches another instance runs. */
const RECHECK_MS = 250;

/** The merged, sorted list of a search as it stood at `signature` (cached). */
async function assembled(
  deps: ShoppingDeps,
  search: Pick<SearchRow, 'id' | 'request'>,
  suppliers: SupplierProgress[],
  signature: string,
): Promise<Solution[]> {
  const cached = deps.cache.get(search.id, signature);
  if (cached) return cached;
  const settledNames = suppliers.filter((_, i) => signature[i] === '1').map((s) => s.name);
  const settled = new Set(settledNames);
  const known = new Set(suppliers.map((s) => s.name));
  // A search this instance runs: the settled suppliers' rows as kept here, not read back. Read
  // back, they wait for this instance's writes of them (a supplier may be settled here first).
  // A supplier's rows are stored before it is marked settled: rows of one still pending wait.
  const rows =
    deps.cache.storedRows(search.id, settledNames) ??
    (await searchWritten(deps.db, search.id).then(() => listSolutions(deps.db, search.id))).filter(
      (row) => settled.has(row.supplier) || !known.has(row.supplier),
    );
  const request = ShoppingRequest.safeParse(search.request);
  const solutions = withFamilies(sortRows(mergeRows(rows), request.success ? request.data.sort : 'price'));
  deps.cache.set(search.id, signature, solutions);
  return solutions;
}

/** Whether a cursor can be read against this search's suppliers, and is not ahead of them. */
function usableCursor(cursor: string | undefined, current: string): cursor is string {
  if (cursor === undefined || cursor.length !== current.length) return false;
  // Suppliers only ever settle: a cursor naming a settled supplier still pending is not ours.
  return [...cursor].every((digit, i) => digit === '0' || current[i] === '1');
}

/**
 * The solutions of the caller's agency's search: with a cursor from an earlier answer, only those
 * new or changed since and the ids removed; without one (or an unusable one), all of them. With
 * `waitMs`, holds the answer until a supplier settles, at most that long (no transaction is open).
 */
export async function getSolutions(
  deps: ShoppingDeps,
  ctx: RequestContext,
  poll: SolutionsRequest,
): Promise<SolutionsDelta> {
  // A search this instance runs is read from memory, its progress too (written before it is kept).
  const kept = deps.runner.runs(poll.searchId) ? deps.cache.search(poll.searchId) : undefined;
  const search = kept
    ? kept.agencyId === ctx.agency.id
      ? kept
      : undefined
    : await findSearch(deps.db, ctx.agency.id, poll.searchId);
  if (!search) throw new AppError('SEARCH_NOT_FOUND');
  const deadline = performance.now() + (poll.waitMs ?? 0);
  let version = deps.runner.progressVersion(search.id);
  let suppliers =
    (kept && deps.cache.progress(search.id)) ?? (await listSupplierProgress(deps.db, search.id));
  while (poll.cursor === progressSignature(suppliers) && !isFinished(suppliers)) {
    const left = deadline - performance.now();
    if (left <= 0) break;
    // A search this instance runs wakes its polls itself; another instance's is rechecked.
    const wait = deps.runner.runs(search.id) ? left : Math.min(left, RECHECK_MS);
    await deps.runner.waitForProgress(search.id, version, wait);
    const seen = version;
    version = deps.runner.progressVersion(search.id);
    // Woken by a supplier of this instance: what it settled with is known here, without a read.
    suppliers =
      (version !== seen ? deps.cache.progressSince(search.id, suppliers) : undefined) ??
      (await listSupplierProgress(deps.db, search.id));
  }
  const signature = progressSignature(suppliers);
  const solutions = await assembled(deps, search, suppliers, signature);
  const base = {
    finished: isFinished(suppliers),
    suppliers,
    currency: isCurrency(search.currency) ? search.currency : 'CNY',
    cursor: signature,
  } as const;
  if (!usableCursor(poll.cursor, signature)) {
    return { ...base, reset: true, removed: [], families: [], solutions };
  }
  if (poll.cursor === signature) return { ...base, reset: false, removed: [], families: [], solutions: [] };
  const before = new Map(
    (await assembled(deps, search, suppliers, poll.cursor)).map((s) => [s.id, JSON.stringify(s.families)]),
  );
  const now = new Set(solutions.map((s) => s.id));
  return {
    ...base,
    reset: false,
    solutions: solutions.filter((s) => !before.has(s.id)),
    // Only the families of a solution can change; its flights and price are fixed by its id.
    families: solutions
      .filter((s) => before.has(s.id) && before.get(s.id) !== JSON.stringify(s.families))
      .map((s) => ({ id: s.id, families: s.families })),
    removed: [...before.keys()].filter((id) => !now.has(id)),
  };
}
