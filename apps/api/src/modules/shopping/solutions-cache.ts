import { LRUCache } from 'lru-cache';
import type { Solution, SupplierProgress } from '@portal/domain/shopping';
import type { SearchRow } from './shopping.schema';
import type { ListedSolution } from './shopping.repo';

/** How many progress states of one search are kept: the current one and those clients still hold. */
const STATES_PER_SEARCH = 4;

/** What assembling a list reads of a stored solution row. */
export type MergedRow = Pick<
  ListedSolution,
  | 'id'
  | 'supplier'
  | 'dedupeKey'
  | 'flightsKey'
  | 'payload'
  | 'totalMinor'
  | 'departureAt'
  | 'durationMinutes'
>;

/**
 * What the polls of a search read of its row, and its suppliers' names in the order the database
 * lists them (`listSupplierProgress`).
 */
export type KeptSearch = Pick<SearchRow, 'id' | 'agencyId' | 'request' | 'currency'> & {
  suppliers: readonly string[];
};

/**
 * The assembled (merged, sorted, family-linked) solutions of recent searches, keyed by the search
 * and a signature of which suppliers had settled. The listed rows are those of settled suppliers
 * only, so a signature names one list for good: the current list answers polls without reading the
 * rows again, and earlier ones let a poll with a cursor be answered with only what changed.
 *
 * It also keeps the rows each supplier of a search stored in this instance, so that the list of a
 * new signature is assembled without reading back what this instance has just written. It holds
 * no state the database does not: another instance (or this one after an eviction) reads the rows.
 */
export class SolutionsCache {
  /** Per search, its last `STATES_PER_SEARCH` lists by signature. */
  private readonly entries: LRUCache<string, LRUCache<string, Solution[]>>;
  private readonly stored: LRUCache<string, Map<string, readonly MergedRow[]>>;
  private readonly settled: LRUCache<string, Map<string, SupplierProgress>>;
  private readonly searches: LRUCache<string, KeptSearch>;

  /** `capacity`: the most searches each of its tables keeps; the least recently used go first. */
  constructor(capacity = 500) {
    this.entries = new LRUCache({ max: capacity });
    this.stored = new LRUCache({ max: capacity });
    this.settled = new LRUCache({ max: capacity });
    this.searches = new LRUCache({ max: capacity });
  }

  get(searchId: string, signature: string): Solution[] | undefined {
    return this.entries.get(searchId)?.get(signature);
  }

  set(searchId: string, signature: string, solutions: Solution[]): void {
    const states = this.entries.get(searchId) ?? new LRUCache<string, Solution[]>({ max: STATES_PER_SEARCH });
    states.set(signature, solutions);
    this.entries.set(searchId, states);
  }

  /**
   * Keeps the listed rows `supplier` stored for `searchId` (all of them, once: call it after they
   * were written and before the supplier is marked settled). A supplier that found nothing keeps [].
   */
  keepStored(searchId: string, supplier: string, rows: readonly MergedRow[]): void {
    const suppliers = this.stored.get(searchId) ?? new Map<string, readonly MergedRow[]>();
    suppliers.set(supplier, rows);
    this.stored.set(searchId, suppliers);
  }

  /** The rows kept for these suppliers of `searchId`; undefined unless every one of them is kept. */
  storedRows(searchId: string, suppliers: readonly string[]): MergedRow[] | undefined {
    const kept = this.stored.get(searchId);
    if (!kept) return undefined;
    const rows: MergedRow[] = [];
    for (const supplier of suppliers) {
      const own = kept.get(supplier);
      if (!own) return undefined;
      rows.push(...own);
    }
    return rows;
  }

  /** Keeps a search this instance has stored and runs (call it once its rows are written). */
  keepSearch(search: KeptSearch): void {
    this.searches.set(search.id, search);
  }

  /** The search as kept here, if it is. */
  search(searchId: string): KeptSearch | undefined {
    return this.searches.get(searchId);
  }

  /**
   * The progress of a search kept here, as the database has it: what its suppliers kept here
   * settled with, the others pending; undefined when the search is not kept.
   */
  progress(searchId: string): SupplierProgress[] | undefined {
    const search = this.searches.get(searchId);
    if (!search) return undefined;
    const pending = search.suppliers.map((name) => ({
      name,
      status: 'pending' as const,
      count: 0,
      elapsedMs: 0,
    }));
    return this.progressSince(searchId, pending) ?? pending;
  }

  /** Keeps what a supplier of `searchId` settled with, once it is written to the database. */
  keepProgress(searchId: string, progress: SupplierProgress): void {
    const suppliers = this.settled.get(searchId) ?? new Map<string, SupplierProgress>();
    suppliers.set(progress.name, progress);
    this.settled.set(searchId, suppliers);
  }

  /**
   * `suppliers` (as read from the database, in its order) with what the suppliers kept here have
   * settled with since; undefined when this instance keeps nothing of the search.
   */
  progressSince(searchId: string, suppliers: readonly SupplierProgress[]): SupplierProgress[] | undefined {
    const kept = this.settled.get(searchId);
    if (!kept) return undefined;
    return suppliers.map((s) => kept.get(s.name) ?? s);
  }
}
