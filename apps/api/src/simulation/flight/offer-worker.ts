import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../platform/worker-thread';
import type { Offer, SupplierQuery } from '../../modules/shopping/index';

/**
 * A request to the offer worker: one supplier's offers for a query, an empty answer once the
 * thread has loaded (`ready`), or forget a request.
 */
export type OfferWorkerRequest =
  | { kind: 'offers'; id: number; supplier: string; seed: string; query: SupplierQuery }
  | { kind: 'ready'; id: number }
  | { kind: 'cancel'; id: number };

/**
 * The worker's answer to request `id`: the offers as JSON text (parsed here: cheaper on this
 * thread than receiving the objects by structured clone), or the message of what it threw.
 */
export type OfferWorkerAnswer = { id: number; offers: string } | { id: number; error: string };

interface Pending {
  resolve(offers: Offer[]): void;
  reject(error: unknown): void;
  /** Stops listening to the request's abort signal. */
  release(): void;
}

/** The worker thread of `offer-worker-thread.ts` (the bundle's `sim-offer-worker.js`). */
export function startOfferThread(): Worker {
  return startWorker(import.meta.url, './offer-worker-thread.ts', 'sim-offer-worker');
}

/**
 * The simulated suppliers' offer generation on a worker thread: a remote supplier's work is not
 * done on the API's event loop, and neither is theirs. The thread starts on the first request (or
 * `warm`), keeps the process alive only while requests wait, and is replaced by a fresh one after
 * it dies (or after `close`). A request rejects when the thread throws or exits, and at once when
 * its signal aborts (the thread then skips it if it has not started on it).
 */
export class OfferWorker {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** `start` makes the thread (tests give one that fails). */
  constructor(private readonly start: () => Worker = startOfferThread) {}

  /** The offers of supplier `supplier` (by name, as the simulation makes it with `seed`) for `query`. */
  offers(supplier: string, seed: string, query: SupplierQuery, signal: AbortSignal): Promise<Offer[]> {
    return this.ask((id) => ({ kind: 'offers', id, supplier, seed, query }), signal);
  }

  /**
   * Starts the thread if it is not running; resolves once it has loaded its modules and the route
   * data, rejects when it cannot start.
   */
  async warm(): Promise<void> {
    await this.ask((id) => ({ kind: 'ready', id }), new AbortController().signal);
  }

  private ask(request: (id: number) => OfferWorkerRequest, signal: AbortSignal): Promise<Offer[]> {
    if (signal.aborted) return Promise.reject(signal.reason);
    const worker = this.running();
    const id = this.nextId++;
    return new Promise<Offer[]>((resolve, reject) => {
      const onAbort = () => {
        if (!this.settle(id)) return;
        worker.postMessage({ kind: 'cancel', id } satisfies OfferWorkerRequest);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, { resolve, reject, release: () => signal.removeEventListener('abort', onAbort) });
      worker.ref();
      worker.postMessage(request(id));
    });
  }

  /** Stops the thread; what waits rejects. A later request starts a new thread. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.stopped(worker, new Error('offer worker closed'));
    await worker.terminate();
  }

  private running(): Worker {
    if (this.worker) return this.worker;
    const worker = this.start();
    // The process may end while the thread idles (requests `ref` it while they wait).
    worker.unref();
    // The protocol of offer-worker-thread.ts: every message is an answer.
    worker.on('message', (answer: OfferWorkerAnswer) => this.answered(answer));
    worker.on('error', (error) => this.stopped(worker, error));
    worker.on('messageerror', (error) => {
      this.stopped(worker, error);
      void worker.terminate();
    });
    worker.on('exit', (code) => this.stopped(worker, new Error(`offer worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private answered(answer: OfferWorkerAnswer): void {
    const request = this.pending.get(answer.id);
    if (!request || !this.settle(answer.id)) return;
    if ('error' in answer) return request.reject(new Error(answer.error));
    // Written by offer-worker-thread.ts from the same supplier code's Offer[].
    const offers: Offer[] = JSON.parse(answer.offers);
    request.resolve(offers);
  }

  /** Forgets request `id`; false when it was not waiting. Lets the thread idle when none waits. */
  private settle(id: number): boolean {
    const request = this.pending.get(id);
    if (!request) return false;
    this.pending.delete(id);
    request.release();
    if (this.pending.size === 0) this.worker?.unref();
    return true;
  }

  /** The thread threw, exited or was closed: what waits on it rejects with `error`. */
  private stopped(worker: Worker, error: unknown): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    for (const [id, request] of this.pending) {
      this.settle(id);
      request.reject(error);
    }
  }
}

let shared: OfferWorker | undefined;

/**
 * The process's offer worker, shared by the simulated suppliers of every app in it: it holds
 * nothing of theirs (a request names the supplier and the seed), so one thread and one copy of
 * the route data serve all. The thread does not keep the process alive when idle.
 */
export function sharedOfferWorker(): OfferWorker {
  shared ??= new OfferWorker();
  return shared;
}
