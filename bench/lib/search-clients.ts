/**
 * The shopping bench's clients: the agents following searches, and the other tenant's agents
 * reading their order list. Two transports:
 * - in process (`inProcessClients`): `app.inject()` on the API's own thread, no sockets; the
 *   clients' own work (building requests, parsing answers) runs on that thread too;
 * - loopback HTTP (`workerClients`): each client on a worker thread of its own, as browsers are
 *   processes of their own; the list's latencies are then measured where its agents would see them.
 */
import type { FastifyInstance } from 'fastify';
import { isMainThread, parentPort, type Worker } from 'node:worker_threads';
import { startWorker } from '../../apps/api/src/platform/worker-thread';
import { httpClient, type HttpAnswer } from './http-client';

export const ROUTES = [
  ['PEK', 'SHA'],
  ['SHA', 'CAN'],
  ['CAN', 'CTU'],
  ['CTU', 'XIY'],
  ['PEK', 'SZX'],
  ['SHA', 'SZX'],
  ['PEK', 'CAN'],
  ['HGH', 'PEK'],
  ['KMG', 'SHA'],
  ['PEK', 'HKG'],
  ['SHA', 'NRT'],
  ['PEK', 'ICN'],
  ['CAN', 'SIN'],
  ['PVG', 'BKK'],
  ['PEK', 'LHR'],
  ['PVG', 'JFK'],
  ['PEK', 'CDG'],
  ['CAN', 'SYD'],
  ['SZX', 'KUL'],
  ['CTU', 'DXB'],
] as const;
/** The other tenant's order-list requests in flight (two agents). */
export const LIST_CONCURRENCY = 2;
/** How long a poll may be held for news (the web app's `waitMs`). */
export const POLL_WAIT_MS = 8000;
const LEGACY_POLL_MS = 100;
const SEARCH = '/shopping/v2/flight/async-shopping';
const SOLUTIONS = `${SEARCH}/solutions`;

export type FollowMode = 'cursor' | 'legacy';

export interface Timing {
  route: string;
  /** The search request answered (its id), from when it was sent. */
  answeredMs: number;
  /** First solutions seen by the client, minus the answer of the fastest supplier with fares. */
  firstLagMs: number | null;
  /** Finished seen by the client, minus the answer of the slowest supplier. */
  finishedLagMs: number;
  polls: number;
  bytes: number;
  solutions: number;
  searchId: string;
}

interface Poll {
  finished: boolean;
  solutions: { id: string }[];
  removed?: string[];
  cursor?: string;
  suppliers: { status: string; count: number; elapsedMs: number }[];
}

/** Sends one request and reads its whole answer. */
type Transport = (
  method: 'GET' | 'POST',
  path: string,
  headers: Record<string, string>,
  body?: unknown,
) => Promise<HttpAnswer>;

export function searchRequest(origin: string, destination: string) {
  const date = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  return {
    journeys: [{ origin, destination, date }],
    passengers: { adult: 1, child: 0, infant: 0 },
    cabinClass: 'economy',
    bookingType: 'oneway',
    sort: 'price',
  };
}

function data<T>(answer: { status: number; body: string }, what: string): T {
  if (answer.status !== 200) throw new Error(`${what} answered ${answer.status}: ${answer.body}`);
  return (JSON.parse(answer.body) as { data: T }).data;
}

/**
 * One search followed by a client. `cursor` mode: the web app's long poll with the last cursor;
 * `legacy`: the whole list every 100 ms, as before cursors.
 */
async function follow(
  send: Transport,
  headers: Record<string, string>,
  [origin, destination]: readonly [string, string],
  mode: FollowMode,
): Promise<Timing> {
  const started = performance.now();
  const { searchId } = data<{ searchId: string }>(
    await send('POST', SEARCH, headers, searchRequest(origin, destination)),
    'search',
  );
  const searchStarted = performance.now() - started;
  let firstMs = -1;
  let polls = 0;
  let bytes = 0;
  let cursor: string | undefined;
  const held = new Set<string>();
  for (;;) {
    const body = mode === 'cursor' ? { searchId, cursor, waitMs: POLL_WAIT_MS } : { searchId };
    const answer = await send('POST', SOLUTIONS, headers, body);
    const poll = data<Poll>(answer, 'poll');
    polls += 1;
    bytes += answer.bytes;
    const elapsed = performance.now() - started;
    for (const id of poll.removed ?? []) held.delete(id);
    for (const s of poll.solutions) held.add(s.id);
    cursor = poll.cursor;
    if (firstMs < 0 && held.size > 0) firstMs = elapsed;
    if (poll.finished) {
      // Supplier times count from when the search was answered (they start right before).
      const withFares = poll.suppliers.filter((s) => s.count > 0).map((s) => s.elapsedMs + searchStarted);
      const fastest = withFares.length > 0 ? Math.min(...withFares) : null;
      const slowest = Math.max(...poll.suppliers.map((s) => s.elapsedMs + searchStarted));
      return {
        route: `${origin}-${destination}`,
        answeredMs: searchStarted,
        firstLagMs: fastest === null || firstMs < 0 ? null : firstMs - fastest,
        finishedLagMs: elapsed - slowest,
        polls,
        bytes,
        solutions: held.size,
        searchId,
      };
    }
    if (mode === 'legacy') await new Promise((resolve) => setTimeout(resolve, LEGACY_POLL_MS));
  }
}

const listPath = (i: number) => `/order/v2/flight/orders?page=${1 + (i % 20)}&pageSize=20`;

/**
 * How the other tenant's agents ask for their list:
 * - `closed`: LIST_CONCURRENCY agents, each sending its next request as soon as the last one
 *   answered (no time to read the page): a stress loop that keeps the machine's cores busy alone;
 * - `rate`: requests arriving at `perSecond` on average, at random times (a Poisson process, as
 *   many agents clicking independently), each sent at its time whatever is still in flight. A
 *   latency counts from the request's scheduled time, so a client that falls behind counts too.
 */
export type ListLoad = { kind: 'closed' } | { kind: 'rate'; perSecond: number };

/** Runs `total` order-list requests of the other tenant at `load`; their latencies. */
async function orderList(send: Transport, headers: Record<string, string>, total: number, load: ListLoad) {
  const one = async (i: number, from: number) => {
    const answer = await send('GET', listPath(i), headers);
    if (answer.status !== 200) throw new Error(`order list answered ${answer.status}`);
    return performance.now() - from;
  };
  if (load.kind === 'rate') return openLoop(one, total, load.perSecond);
  let next = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: LIST_CONCURRENCY }, async () => {
      for (let i = next++; i < total; i = next++) {
        // A turn of the event loop before each request, as a request arriving on a socket: in
        // process, answers from the list cache need no I/O, and back to back they would starve
        // everything else on the thread (the searches' database replies included).
        await new Promise((resolve) => setImmediate(resolve));
        latencies.push(await one(i, performance.now()));
      }
    }),
  );
  return latencies;
}

/**
 * `total` requests at exponentially spaced times, `perSecond` on average. The times come from a
 * fixed seed, so every run (alone or during the searches) has the same arrivals.
 */
async function openLoop(
  one: (i: number, scheduled: number) => Promise<number>,
  total: number,
  perSecond: number,
): Promise<number[]> {
  let seed = 0x2f6b_3a1d;
  const uniform = () => {
    // xorshift32: enough for arrival times, and the same sequence on every run.
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return ((seed >>> 0) + 1) / 2 ** 32;
  };
  const start = performance.now();
  let at = 0;
  const answers: Promise<number>[] = [];
  for (let i = 0; i < total; i++) {
    at += (-Math.log(uniform()) / perSecond) * 1000;
    const scheduled = start + at;
    const wait = scheduled - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    answers.push(one(i, scheduled));
  }
  return Promise.all(answers);
}

/** What the bench asks of its clients. */
export interface Clients {
  /**
   * One round: a search on each of ROUTES, each followed to its end; all at once, or the k-th
   * `k × staggerMs` after the first (agents who do not all press "search" in the same millisecond).
   */
  round(headers: Record<string, string>, mode: FollowMode, staggerMs?: number): Promise<Timing[]>;
  /** The byte size of each search's whole list (outside any timing). */
  wholeListBytes(headers: Record<string, string>, searchIds: string[]): Promise<number[]>;
  /** `total` order-list requests of the other tenant at `load`; their latencies. */
  orderList(headers: Record<string, string>, total: number, load: ListLoad): Promise<number[]>;
  close(): Promise<void>;
}

function clientsOver(send: Transport): Omit<Clients, 'close'> {
  return {
    round: (headers, mode, staggerMs = 0) =>
      Promise.all(
        ROUTES.map(async (route, k) => {
          if (staggerMs > 0) await new Promise((resolve) => setTimeout(resolve, k * staggerMs));
          return follow(send, headers, route, mode);
        }),
      ),
    wholeListBytes: (headers, searchIds) =>
      Promise.all(
        searchIds.map(async (searchId) => (await send('POST', SOLUTIONS, headers, { searchId })).bytes),
      ),
    orderList: (headers, total, load) => orderList(send, headers, total, load),
  };
}

/** The clients on the API's own thread, through `app.inject()`. */
export function inProcessClients(app: FastifyInstance): Clients {
  const send: Transport = async (method, url, headers, payload) => {
    const res = await app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return { status: res.statusCode, body: res.body, bytes: res.rawPayload.length };
  };
  return { ...clientsOver(send), close: async () => undefined };
}

type Job =
  | { kind: 'round'; headers: Record<string, string>; mode: FollowMode; staggerMs?: number }
  | { kind: 'whole'; headers: Record<string, string>; searchIds: string[] }
  | { kind: 'list'; headers: Record<string, string>; total: number; load: ListLoad };

/** In a client worker: runs the jobs of the bench thread over HTTP to `workerData`'s origin. */
if (!isMainThread && parentPort) {
  const port = parentPort;
  let clients: Omit<Clients, 'close'> | undefined;
  port.on('message', (message: { origin: string; job: Job }) => {
    clients ??= clientsOver(httpClient(message.origin, ROUTES.length).request);
    const { job } = message;
    const run =
      job.kind === 'round'
        ? clients.round(job.headers, job.mode, job.staggerMs)
        : job.kind === 'whole'
          ? clients.wholeListBytes(job.headers, job.searchIds)
          : clients.orderList(job.headers, job.total, job.load);
    run.then(
      (result) => port.postMessage({ ok: true, result }),
      (error: unknown) => port.postMessage({ ok: false, error: String(error) }),
    );
  });
}

/** A client worker: one job at a time. */
function clientWorker(origin: string) {
  const worker: Worker = startWorker(import.meta.url, './search-clients.ts', 'search-clients');
  let pending: { resolve: (result: unknown) => void; reject: (error: Error) => void } | undefined;
  const settle = (answer: { ok: true; result: unknown } | { ok: false; error: string }) => {
    const waiting = pending;
    pending = undefined;
    if (answer.ok) waiting?.resolve(answer.result);
    else waiting?.reject(new Error(answer.error));
  };
  worker.on('message', settle);
  worker.on('error', (error) => settle({ ok: false, error: String(error) }));
  const send = <T>(job: Job) =>
    new Promise<T>((resolve, reject) => {
      if (pending) throw new Error('a client worker runs one job at a time');
      pending = { resolve: (result) => resolve(result as T), reject };
      worker.postMessage({ origin, job });
    });
  return { send, close: () => worker.terminate() };
}

/**
 * The clients on two worker threads (the searches' agents, the list's), over HTTP to `origin`; the
 * searches to `searchOrigin` when given (another instance of the API).
 */
export function workerClients(origin: string, searchOrigin = origin): Clients {
  const searches = clientWorker(searchOrigin);
  const list = clientWorker(origin);
  return {
    round: (headers, mode, staggerMs) => searches.send<Timing[]>({ kind: 'round', headers, mode, staggerMs }),
    wholeListBytes: (headers, searchIds) => searches.send<number[]>({ kind: 'whole', headers, searchIds }),
    orderList: (headers, total, load) => list.send<number[]>({ kind: 'list', headers, total, load }),
    close: async () => {
      await Promise.all([searches.close(), list.close()]);
    },
  };
}
