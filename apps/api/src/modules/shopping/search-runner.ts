import { setMaxListeners } from 'node:events';
import pLimit from 'p-limit';
import type { FlightSupplier, Offer, SupplierQuery } from './suppliers/supplier';

export interface SupplierOutcome {
  name: string;
  status: 'done' | 'timeout' | 'error';
  offers: Offer[];
  elapsedMs: number;
}

class TimeoutSignal extends Error {
  constructor() {
    super('supplier timeout');
    this.name = 'TimeoutError';
  }
}

async function collect(result: AsyncIterable<Offer> | Promise<Offer[]>): Promise<Offer[]> {
  if (Symbol.asyncIterator in result) {
    const offers: Offer[] = [];
    for await (const offer of result) offers.push(offer);
    return offers;
  }
  return result;
}

/**
 * How many suppliers' answers are written to the database at once. A round of searches answers
 * dozens at the same moment, each a statement of 100 to 200 KB; the rest of the pool stays free
 * for the requests people wait on (`docs/performance/history.md`, "Polls before the rows are written").
 */
const CONCURRENT_WRITES = 2;

/**
 * Background searches as in-process promises, each supplier with its own AbortController bounded by
 * `boundMs`. `close()` aborts what still runs and waits for it (app shutdown, tests).
 */
export class SearchRunner {
  private readonly running = new Set<Promise<unknown>>();
  private readonly writes = pLimit(CONCURRENT_WRITES);
  private readonly controller = new AbortController();
  /** Per running search: how often its progress moved, and the polls waiting for the next move. */
  private readonly progress = new Map<string, { version: number; waiters: Set<() => void> }>();

  constructor() {
    // Every running supplier call listens for shutdown on this one signal.
    setMaxListeners(0, this.controller.signal);
  }

  /** Keeps a background task until it settles. */
  track(task: Promise<unknown>): void {
    const tracked: Promise<unknown> = task.catch(() => undefined).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /**
   * Asks one supplier; a timeout or a throw becomes a status, never an exception. When `signal`
   * aborts (a newer search replaces this one), the supplier's own signal aborts too: status `error`.
   */
  async ask(
    supplier: FlightSupplier,
    query: SupplierQuery,
    boundMs: number,
    signal?: AbortSignal,
  ): Promise<SupplierOutcome> {
    const started = performance.now();
    const controller = new AbortController();
    const onClose = () => controller.abort(new TimeoutSignal());
    const onAbort = () => controller.abort(signal?.reason);
    this.controller.signal.addEventListener('abort', onClose, { once: true });
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => controller.abort(new TimeoutSignal()), boundMs);
    const elapsed = () => Math.round(performance.now() - started);
    try {
      const aborted = new Promise<never>((_, reject) => {
        if (controller.signal.aborted) reject(controller.signal.reason);
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
      });
      const offers = await Promise.race([collect(supplier.search(query, controller.signal)), aborted]);
      return { name: supplier.name, status: 'done', offers, elapsedMs: elapsed() };
    } catch (error) {
      const status = error instanceof TimeoutSignal ? 'timeout' : 'error';
      return { name: supplier.name, status, offers: [], elapsedMs: elapsed() };
    } finally {
      clearTimeout(timer);
      this.controller.signal.removeEventListener('abort', onClose);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Runs `verify` bounded by `boundMs`; undefined on timeout. Throws what the supplier throws. */
  async bounded<T>(boundMs: number, run: (signal: AbortSignal) => Promise<T>): Promise<T | undefined> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimeoutSignal()), boundMs);
    try {
      const aborted = new Promise<never>((_, reject) => {
        controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
      });
      return await Promise.race([run(controller.signal), aborted]);
    } catch (error) {
      if (error instanceof TimeoutSignal) return undefined;
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Runs a background write of search results when its turn comes (see `CONCURRENT_WRITES`). */
  write<T>(task: () => Promise<T>): Promise<T> {
    return this.writes(task);
  }

  /** How often the progress of `searchId` moved so far in this instance (0 when unknown here). */
  progressVersion(searchId: string): number {
    return this.progress.get(searchId)?.version ?? 0;
  }

  /** Whether this instance runs `searchId` and has suppliers of it still to settle. */
  runs(searchId: string): boolean {
    return this.progress.has(searchId);
  }

  /** Starts following the progress of a search this instance runs (polls may then wait on it). */
  began(searchId: string): void {
    if (!this.progress.has(searchId)) this.progress.set(searchId, { version: 0, waiters: new Set() });
  }

  /** Records that a supplier of `searchId` settled and wakes the polls waiting on it. */
  progressed(searchId: string): void {
    const entry = this.progress.get(searchId) ?? { version: 0, waiters: new Set<() => void>() };
    entry.version += 1;
    this.progress.set(searchId, entry);
    for (const wake of entry.waiters) wake();
    entry.waiters.clear();
  }

  /** Forgets a search whose suppliers have all settled (its waiting polls are woken first). */
  settled(searchId: string): void {
    const entry = this.progress.get(searchId);
    this.progress.delete(searchId);
    for (const wake of entry?.waiters ?? []) wake();
  }

  /**
   * Resolves when the progress of `searchId` moves past `version`, after `ms`, or on shutdown,
   * whichever comes first; never rejects. A search run by another instance only ends by `ms`.
   */
  async waitForProgress(searchId: string, version: number, ms: number): Promise<void> {
    const entry = this.progress.get(searchId);
    if (this.progressVersion(searchId) !== version || this.controller.signal.aborted) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        entry?.waiters.delete(done);
        this.controller.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      entry?.waiters.add(done);
      this.controller.signal.addEventListener('abort', done, { once: true });
    });
  }

  async close(): Promise<void> {
    this.controller.abort(new TimeoutSignal());
    await Promise.allSettled([...this.running]);
  }
}
