import { performance } from 'node:perf_hooks';

/** At most this many answers are kept per instance; the least recently used go first. */
export const ORDER_LIST_CACHE_ENTRIES = 1_000;
/**
 * And at most this many list rows in all: a 20-row answer holds about 25 KB (100 rows about
 * 97 KB, measured with 100,000 orders), so the cache stays near 25 MB whatever the page sizes.
 */
export const ORDER_LIST_CACHE_ROWS = 20_000;

export interface OrderListCacheOptions {
  /** How long an answer may be reused, ms: a safety net, as notifications drop answers sooner. 0: off. */
  maxAgeMs: number;
  maxEntries?: number;
  /** The most rows (the weights `read` is given) kept in all. */
  maxWeight?: number;
  /** A monotonic clock, ms (tests). */
  clock?: () => number;
}

interface Entry {
  value: unknown;
  agencyId: number;
  /** The agency's generation read before the statement ran. */
  generation: number;
  /** When the statement started. */
  readAt: number;
  /** Its rows (1 for a count). */
  weight: number;
}

/**
 * The raw statement results of order lists and status counts of one API instance and one
 * database, keyed by statement shape and placeholder values (which hold the scope: the agency
 * and, for "only own orders", the user), so answers are presented per request from shared rows.
 *
 * An answer is valid while its agency's generation stays the one read before its statement ran:
 * `invalidate` (a notification of the database, or a write of this instance) bumps it, so a write
 * committed while a statement runs never leaves that statement's answer behind. Generations come
 * from one counter, and `invalidateAll` moves every agency past it. The cache is bypassed (no
 * hits, no stores) while notifications are not heard, since a change could then go unseen.
 */
export class OrderListCache {
  private readonly entries = new Map<string, Entry>();
  /** Per agency, the counter's value at its last change. */
  private readonly changedAt = new Map<number, number>();
  private counter = 0;
  /** The counter's value when every answer was dropped last; no agency's generation is older. */
  private clearedAt = 0;
  private listening = false;
  /** The weights of the answers held. */
  private weight = 0;
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly maxWeight: number;
  private readonly clock: () => number;

  constructor(options: OrderListCacheOptions) {
    this.maxAgeMs = options.maxAgeMs;
    this.maxEntries = options.maxEntries ?? ORDER_LIST_CACHE_ENTRIES;
    this.maxWeight = options.maxWeight ?? ORDER_LIST_CACHE_ROWS;
    this.clock = options.clock ?? (() => performance.now());
  }

  /** True when answers are reused: turned on, and notifications are heard. */
  get active(): boolean {
    return this.listening && this.maxAgeMs > 0;
  }

  /** The number of answers held. */
  get size(): number {
    return this.entries.size;
  }

  /**
   * The answer of `key` (a list of `agencyId`): reused while valid, else `load`ed and kept when
   * no change of the agency (or listening stop) happened while it ran. `weigh` tells how many
   * rows an answer holds.
   */
  async read<T>(
    key: string,
    agencyId: number,
    load: () => Promise<T>,
    weigh: (value: T) => number = () => 1,
  ): Promise<T> {
    if (!this.active) return load();
    const entry = this.entries.get(key);
    const now = this.clock();
    if (entry && this.isValid(entry, now)) {
      // Most recently used goes last: eviction takes the first key.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as T;
    }
    if (entry) this.remove(key, entry);
    const generation = this.generationOf(agencyId);
    const value = await load();
    if (this.active && this.generationOf(agencyId) === generation) {
      this.store(key, agencyId, generation, value, now, weigh(value));
    }
    return value;
  }

  /** Orders of `agencyId` (or their ticket claims) changed: its answers are no longer valid. */
  invalidate(agencyId: number): void {
    this.changedAt.set(agencyId, ++this.counter);
  }

  /** Anything may have changed (a TRUNCATE, an unreadable notification): drop every answer. */
  invalidateAll(): void {
    this.clearedAt = ++this.counter;
    this.changedAt.clear();
    this.entries.clear();
    this.weight = 0;
  }

  /** Notifications are heard from now on (`true`, after every start) or may be missed (`false`). */
  setListening(on: boolean): void {
    // Either way what is held may predate a change nobody heard of.
    this.invalidateAll();
    this.listening = on;
  }

  private generationOf(agencyId: number): number {
    return Math.max(this.changedAt.get(agencyId) ?? 0, this.clearedAt);
  }

  private isValid(entry: Entry, now: number): boolean {
    return entry.generation === this.generationOf(entry.agencyId) && now - entry.readAt < this.maxAgeMs;
  }

  private store(
    key: string,
    agencyId: number,
    generation: number,
    value: unknown,
    readAt: number,
    weight: number,
  ) {
    // Another read of the same key may have stored meanwhile.
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    this.entries.set(key, { value, agencyId, generation, readAt, weight });
    this.weight += weight;
    while (this.entries.size > this.maxEntries || (this.weight > this.maxWeight && this.entries.size > 1)) {
      const oldest = this.entries.entries().next();
      if (oldest.done) break;
      this.remove(...oldest.value);
    }
  }

  private remove(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.weight -= entry.weight;
  }
}
