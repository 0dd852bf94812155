import type { Solution } from '@portal/domain/shopping';

interface Entry {
  signature: string;
  solutions: Solution[];
}

/**
 * The assembled (merged, sorted, family-linked) solutions of recent searches, keyed by the search
 * and a signature of its suppliers' progress. Stored rows only change when a supplier reports, so a
 * poll whose progress matches the cached signature is answered without reading the rows again.
 * It holds no state the database does not: another instance simply builds its own copy.
 */
export class SolutionsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly capacity = 500) {}

  get(searchId: string, signature: string): Solution[] | undefined {
    const entry = this.entries.get(searchId);
    if (!entry || entry.signature !== signature) return undefined;
    // Refresh its place in the insertion order, so the least recently used goes first.
    this.entries.delete(searchId);
    this.entries.set(searchId, entry);
    return entry.solutions;
  }

  set(searchId: string, signature: string, solutions: Solution[]): void {
    this.entries.delete(searchId);
    this.entries.set(searchId, { signature, solutions });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }
}
