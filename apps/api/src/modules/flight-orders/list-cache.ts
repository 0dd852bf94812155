import { performance } from 'node:perf_hooks';
import { LRUCache } from 'lru-cache';

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
  /**
   * Bounded by count and by rows (`maxWeight`; an answer of 0 rows counts as 1, as lru-cache wants
   * positive sizes; one answer of more than `maxWeight` rows is not kept). The age is checked with
   * the generation in `isValid` rather than by lru-cache's `ttl`: it counts from when the statement
   * started, and an answer goes *at* `maxAgeMs`.
   */
  private readonly entries: LRUCache<string, Entry>;
  /** Per agency, the counter's value at its last change. */
  private readonly changedAt = new Map<number, number>();
  private counter = 0;
  /** The counter's value when every answer was dropped last; no agency's generation is older. */
  private clearedAt = 0;
  private listening = false;
  private readonly maxAgeMs: number;
  private readonly clock: () => number;

  constructor(options: OrderListCacheOptions) {
    this.maxAgeMs = options.maxAgeMs;
    this.clock = options.clock ?? (() => performance.now());
    this.entries = new LRUCache({
      max: options.maxEntries ?? ORDER_LIST_CACHE_ENTRIES,
      maxSize: options.maxWeight ?? ORDER_LIST_CACHE_ROWS,
    });
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
    // `get` makes it the most recently used.
    const entry = this.entries.get(key);
    const now = this.clock();
    if (entry && this.isValid(entry, now)) return entry.value as T;
    if (entry) this.entries.delete(key);
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
    // Replaces what another read of the same key may have stored meanwhile; the least recently
    // used answers go until both bounds hold.
    this.entries.set(key, { value, agencyId, generation, readAt }, { size: Math.max(1, weight) });
  }
}
