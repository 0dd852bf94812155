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

/** Runs `total` order-list requests of the other tenant, LIST_CONCURRENCY in flight; latencies. */
async function orderList(send: Transport, headers: Record<string, string>, total: number) {
  let next = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: LIST_CONCURRENCY }, async () => {
      for (let i = next++; i < total; i = next++) {
        // A turn of the event loop before each request, as a request arriving on a socket: in
        // process, answers from the list cache need no I/O, and back to back they would starve
        // everything else on the thread (the searches' database replies included).
        await new Promise((resolve) => setImmediate(resolve));
        const t0 = performance.now();
        const answer = await send('GET', `/order/v2/flight/orders?page=${1 + (i % 20)}&pageSize=20`, headers);
        if (answer.status !== 200) throw new Error(`order list answered ${answer.status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return latencies;
}

/** What the bench asks of its clients. */
export interface Clients {
  /** One round: a search on each of ROUTES at once, each followed to its end. */
  round(headers: Record<string, string>, mode: FollowMode): Promise<Timing[]>;
  /** The byte size of each search's whole list (outside any timing). */
  wholeListBytes(headers: Record<string, string>, searchIds: string[]): Promise<number[]>;
  /** `total` order-list requests of the other tenant; their latencies. */
  orderList(headers: Record<string, string>, total: number): Promise<number[]>;
  close(): Promise<void>;
}

function clientsOver(send: Transport): Omit<Clients, 'close'> {
  return {
    round: (headers, mode) => Promise.all(ROUTES.map((route) => follow(send, headers, route, mode))),
    wholeListBytes: (headers, searchIds) =>
      Promise.all(
        searchIds.map(async (searchId) => (await send('POST', SOLUTIONS, headers, { searchId })).bytes),
      ),
    orderList: (headers, total) => orderList(send, headers, total),
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
  | { kind: 'round'; headers: Record<string, string>; mode: FollowMode }
  | { kind: 'whole'; headers: Record<string, string>; searchIds: string[] }
  | { kind: 'list'; headers: Record<string, string>; total: number };

/** In a client worker: runs the jobs of the bench thread over HTTP to `workerData`'s origin. */
if (!isMainThread && parentPort) {
  const port = parentPort;
  let clients: Omit<Clients, 'close'> | undefined;
  port.on('message', (message: { origin: string; job: Job }) => {
    clients ??= clientsOver(httpClient(message.origin, ROUTES.length).request);
    const { job } = message;
    const run =
      job.kind === 'round'
        ? clients.round(job.headers, job.mode)
        : job.kind === 'whole'
          ? clients.wholeListBytes(job.headers, job.searchIds)
          : clients.orderList(job.headers, job.total);
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
    round: (headers, mode) => searches.send<Timing[]>({ kind: 'round', headers, mode }),
    wholeListBytes: (headers, searchIds) => searches.send<number[]>({ kind: 'whole', headers, searchIds }),
    orderList: (headers, total) => list.send<number[]>({ kind: 'list', headers, total }),
    close: async () => {
      await Promise.all([searches.close(), list.close()]);
    },
  };
}
