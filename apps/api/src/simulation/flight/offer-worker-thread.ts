/**
 * The offer worker's thread (see `offer-worker.ts`): builds the simulated suppliers by name from
 * the seed it is given (their profiles hold functions, which do not cross threads) and answers
 * each request with the supplier's offers, one request at a time in arrival order. Between two
 * requests it lets the next messages in, so that a request canceled while waiting is skipped.
 */
import { type MessagePort, parentPort } from 'node:worker_threads';
import { createSimGds } from './sim-gds';
import { createSimLcc } from './sim-lcc';
import { createSimNdc } from './sim-ndc';
import type { OfferWorkerAnswer, OfferWorkerRequest } from './offer-worker';
import { preloadRoutes } from '../../platform/air-routes';
import type { SimOptions, SimulatedSupplier } from './simulated-supplier';

function threadPort(): MessagePort {
  if (!parentPort) throw new Error('offer-worker-thread.ts runs as a worker thread');
  return parentPort;
}

const port = threadPort();

const makers: Record<string, (options: SimOptions) => SimulatedSupplier> = {
  'sim-gds': createSimGds,
  'sim-ndc': createSimNdc,
  'sim-lcc': createSimLcc,
};
const suppliers = new Map<string, SimulatedSupplier>();

function supplier(name: string, seed: string): SimulatedSupplier {
  const key = `${name}|${seed}`;
  let found = suppliers.get(key);
  if (!found) {
    const make = makers[name];
    if (!make) throw new Error(`no simulated supplier ${name}`);
    found = make({ latencyScale: 0, seed, offers: 'in-thread' });
    suppliers.set(key, found);
  }
  return found;
}

type OffersRequest = Extract<OfferWorkerRequest, { kind: 'offers' }>;
const queue: OffersRequest[] = [];
let scheduled = false;

function answer(request: OffersRequest): OfferWorkerAnswer {
  try {
    const offers = supplier(request.supplier, request.seed).offersFor(request.query);
    return { id: request.id, offers: JSON.stringify(offers) };
  } catch (error) {
    return { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
}

function next(): void {
  scheduled = false;
  const request = queue.shift();
  if (request) port.postMessage(answer(request));
  schedule();
}

function schedule(): void {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  setImmediate(next);
}

// The route file is read as the thread loads (about 200 ms): `ready` is answered after it.
preloadRoutes();

// The protocol of offer-worker.ts: every message is a request.
port.on('message', (request: OfferWorkerRequest) => {
  if (request.kind === 'ready') {
    port.postMessage({ id: request.id, offers: '[]' } satisfies OfferWorkerAnswer);
    return;
  }
  if (request.kind === 'cancel') {
    const at = queue.findIndex((r) => r.id === request.id);
    if (at >= 0) queue.splice(at, 1);
    return;
  }
  queue.push(request);
  schedule();
});
