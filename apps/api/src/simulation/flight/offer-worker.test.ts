import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { SearchRunner } from '../../modules/shopping/index';
import { TRAVEL_DATE, daysAhead } from '../../modules/shopping/shopping.test-helpers';
import { createSimGds } from './sim-gds';
import { createSimulatedRegistry } from './registry';
import type { SupplierQuery } from '../../modules/shopping/index';
import { OfferWorker } from './offer-worker';
import { exactQueryOf } from './exact-query';
import { SimulatedSupplier } from './simulated-supplier';

const SEED = 'worker-test';
const adult = { adult: 1, child: 0, infant: 0 };
const oneWay: SupplierQuery = {
  legs: [{ origins: ['PEK', 'PKX'], destinations: ['PVG', 'SHA'], date: TRAVEL_DATE }],
  passengers: adult,
  cabin: 'economy',
};
const roundTrip: SupplierQuery = {
  legs: [
    { origins: ['PVG', 'SHA'], destinations: ['CAN'], date: TRAVEL_DATE },
    { origins: ['CAN'], destinations: ['PVG', 'SHA'], date: daysAhead(47) },
  ],
  passengers: { adult: 2, child: 1, infant: 0 },
  cabin: 'economy',
};
const longHaul: SupplierQuery = {
  legs: [{ origins: ['PEK'], destinations: ['LHR'], date: TRAVEL_DATE }],
  passengers: adult,
  cabin: 'business',
};

/** A thread that runs `code` (CommonJS) instead of the offer worker's module. */
const thread = (code: string) => () => new Worker(code, { eval: true });
const never = () => new AbortController().signal;

const worker = new OfferWorker();
afterAll(() => worker.close());

describe('the offer worker', () => {
  it("answers each simulated supplier's offers exactly as they are computed in-thread", async () => {
    const inThread = createSimulatedRegistry({ latencyScale: 0, seed: SEED, offers: 'in-thread' });
    const gdsOneWay = createSimGds({ latencyScale: 0, seed: SEED, offers: 'in-thread' }).offersFor(oneWay);
    const exact = gdsOneWay[0] && exactQueryOf(gdsOneWay[0]);
    expect(exact).toBeDefined();
    const queries = [oneWay, roundTrip, longHaul, ...(exact ? [exact] : [])];
    for (const supplier of inThread.list()) {
      if (!(supplier instanceof SimulatedSupplier)) throw new Error(`${supplier.name} is not simulated`);
      for (const query of queries) {
        const expected = supplier.offersFor(query);
        const answered = await worker.offers(supplier.name, SEED, query, never());
        expect(answered, `${supplier.name} ${JSON.stringify(query.legs)}`).toStrictEqual(expected);
      }
    }
    expect(gdsOneWay.length).toBeGreaterThan(0);
  });

  it('gives a search through the registry the same offers as an in-thread registry', async () => {
    const viaWorker = createSimulatedRegistry({ latencyScale: 0, seed: SEED, offers: worker });
    const inThread = createSimulatedRegistry({ latencyScale: 0, seed: SEED, offers: 'in-thread' });
    for (const name of ['sim-gds', 'sim-ndc', 'sim-lcc']) {
      const a = await viaWorker.get(name)?.search(roundTrip, never());
      const b = await inThread.get(name)?.search(roundTrip, never());
      expect(a).toStrictEqual(b);
    }
  });

  it('rejects a request the thread cannot answer, and answers the next one', async () => {
    await expect(worker.offers('sim-none', SEED, oneWay, never())).rejects.toThrow(
      'no simulated supplier sim-none',
    );
    // The low-cost carrier does not fly the route on every weekday (none 40 days after 1 December
    // 2026): the GDS answers the request the test needs answered.
    expect((await worker.offers('sim-gds', SEED, oneWay, never())).length).toBeGreaterThan(0);
  });

  it('is ready once warmed, and says so when its thread cannot start', async () => {
    const own = new OfferWorker();
    await own.warm();
    await own.close();
    const broken = new OfferWorker(thread('throw new Error("no module")'));
    await expect(broken.warm()).rejects.toThrow('no module');
  });

  it('rejects what waits when the thread exits, and starts a new thread for the next request', async () => {
    let started = 0;
    const dying = new OfferWorker(() => {
      started += 1;
      return thread("require('node:worker_threads').parentPort.once('message', () => process.exit(7))")();
    });
    await expect(dying.offers('sim-gds', SEED, oneWay, never())).rejects.toThrow('exit code 7');
    await expect(dying.offers('sim-gds', SEED, oneWay, never())).rejects.toThrow('exit code 7');
    expect(started).toBe(2);
  });

  it("settles a search as that supplier's error when the thread throws, without waiting for the bound", async () => {
    const throwing = new OfferWorker(
      thread("require('node:worker_threads').parentPort.once('message', () => { throw new Error('boom') })"),
    );
    const supplier = createSimGds({ latencyScale: 0, seed: SEED, offers: throwing });
    await expect(supplier.search(oneWay, never())).rejects.toThrow('boom');
    const runner = new SearchRunner();
    const started = performance.now();
    const outcome = await runner.ask(supplier, oneWay, 30_000);
    expect(outcome).toMatchObject({ name: 'sim-gds', status: 'error', offers: [] });
    expect(performance.now() - started).toBeLessThan(10_000);
    await runner.close();
  });

  it('rejects an aborted request at once, while the thread is still busy', async () => {
    const busy = new OfferWorker(thread("require('node:worker_threads').parentPort.on('message', () => {})"));
    const controller = new AbortController();
    const asked = busy.offers('sim-gds', SEED, oneWay, controller.signal);
    const reason = new Error('replaced by a newer search');
    setTimeout(() => controller.abort(reason), 20);
    await expect(asked).rejects.toBe(reason);
    await busy.close();
    // An aborted search of the real thread, held in its latency, ends at once too.
    const supplier = createSimGds({ latencyScale: 0, seed: SEED, offers: worker });
    supplier.faults = { latencyMs: 60_000 };
    const search = new AbortController();
    const searched = supplier.search(oneWay, search.signal);
    setTimeout(() => search.abort(reason), 20);
    await expect(searched).rejects.toBe(reason);
  });

  it('rejects what waits when closed, and starts again on the next request', async () => {
    const own = new OfferWorker();
    const waiting = expect(own.offers('sim-gds', SEED, longHaul, never())).rejects.toThrow(
      'offer worker closed',
    );
    await own.close();
    await waiting;
    expect((await own.offers('sim-gds', SEED, oneWay, never())).length).toBeGreaterThan(0);
    await own.close();
  });

  it('lets a process that searched end by itself: the idle thread does not keep it alive', async () => {
    const require = createRequire(import.meta.url);
    const tsx = pathToFileURL(require.resolve('tsx')).href;
    const registry = new URL('./registry.ts', import.meta.url).href;
    const script = `import(${JSON.stringify(registry)}).then(async ({ createSimulatedRegistry }) => {
      const supplier = createSimulatedRegistry({ latencyScale: 0, seed: 'exit' }).get('sim-gds');
      const offers = await supplier.search(${JSON.stringify(oneWay)}, new AbortController().signal);
      console.log(offers.length);
    });`;
    const started = performance.now();
    const output = await new Promise<string>((resolve, reject) => {
      execFile(process.execPath, ['--import', tsx, '--eval', script], { timeout: 30_000 }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      );
    });
    expect(Number(output.trim())).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(30_000);
  });
});
