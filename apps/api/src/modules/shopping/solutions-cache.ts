import type { Solution } from '@portal/domain/shopping';

/** How many progress states of one search are kept: the current one and those clients still hold. */
const STATES_PER_SEARCH = 4;

/**
 * The assembled (merged, sorted, family-linked) solutions of recent searches, keyed by the search
 * and a signature of which suppliers had settled. The listed rows are those of settled suppliers
 * only, so a signature names one list for good: the current list answers polls without reading the
 * rows again, and earlier ones let a poll with a cursor be answered with only what changed.
 * It holds no state the database does not: another instance simply builds its own copy.
 */
export class SolutionsCache {
  private readonly entries = new Map<string, Map<string, Solution[]>>();

  constructor(private readonly capacity = 500) {}

  get(searchId: string, signature: string): Solution[] | undefined {
    const states = this.entries.get(searchId);
    const solutions = states?.get(signature);
    if (!states || !solutions) return undefined;
    // Refresh its place in the insertion order, so the least recently used goes first.
    this.entries.delete(searchId);
    this.entries.set(searchId, states);
    return solutions;
  }

  set(searchId: string, signature: string, solutions: Solution[]): void {
    const states = this.entries.get(searchId) ?? new Map<string, Solution[]>();
    states.delete(signature);
    states.set(signature, solutions);
    while (states.size > STATES_PER_SEARCH) {
      const oldest = states.keys().next();
      if (oldest.done) break;
      states.delete(oldest.value);
    }
    this.entries.delete(searchId);
    this.entries.set(searchId, states);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
}
