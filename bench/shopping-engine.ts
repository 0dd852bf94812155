/**
 * Shopping engine benchmark: the API in-process on an in-memory PGlite (PostgreSQL with
 * BENCH_DATABASE_URL), the simulated suppliers at fixed latencies, rounds of 20 concurrent searches
 * on different routes. Each search is followed by a client as the web app polls: the last cursor,
 * held by the server until a supplier answers (`waitMs`). Reports time to the first solutions and
 * to finished, each against the supplier answer that allowed it (the fastest supplier with fares,
 * the slowest), the bytes per poll next to the whole list, and another tenant's order list (agency
 * 222, ORDERS orders) p50/p99 alone, during the cursor searches, and during the old client's
 * whole-list polls every 100 ms, with the API thread's event-loop delay in the same runs. The
 * clients run on worker threads of their own over loopback HTTP, where their work is off the API's
 * thread and the list's latencies are the ones its agents would see; `BENCH_CLIENTS=inject` runs
 * them in process through `app.inject()` (`lib/search-clients.ts`). Loopback only.
 *
 * The other tenant's agents send their requests back to back (`LIST_CONCURRENCY` in flight), or
 * with `BENCH_LIST_RATE=n` at n a second at random times, each timed from when it was due.
 * `BENCH_STAGGER_MS=n` starts the k-th search of each timed round k × n ms after the first.
 */
import path from 'node:path';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { API_ROOT } from '../apps/api/src/platform/config';
import { type Database, openDatabase } from '../apps/api/src/platform/db';
import { createPasswordHasher } from '../apps/api/src/modules/users/password';
import { rowsOf } from '../apps/api/src/platform/db/rows';
import { seedBaseData, seedDemo } from '../apps/api/src/seed/seed';
import { migratedSchema } from './lib/scratch-schema';
import { bookOneAdult } from './lib/book-order';
import { BENCH_ENV } from './lib/bench-env';
import { benchApi, LATENCIES, startSearchInstance } from './lib/bench-api';
import {
  type Clients,
  type FollowMode,
  type ListLoad,
  inProcessClients,
  LIST_CONCURRENCY,
  POLL_WAIT_MS,
  ROUTES,
  searchRequest,
  type Timing,
  workerClients,
} from './lib/search-clients';

/** Orders of the other tenant, and its order-list requests per run. */
const ORDERS = Number(process.env.BENCH_OTHER_ORDERS ?? 2_000);
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 1_000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
/** `BENCH_LIST_RATE=n`: the list's requests arrive at n a second; otherwise back to back. */
const LIST_LOAD: ListLoad = process.env.BENCH_LIST_RATE
  ? { kind: 'rate', perSecond: Number(process.env.BENCH_LIST_RATE) }
  : { kind: 'closed' };
/** `BENCH_STAGGER_MS=n`: in each timed round, the k-th search starts k × n ms after the first. */
const STAGGER_MS = Number(process.env.BENCH_STAGGER_MS ?? 0);

interface Poll {
  finished: boolean;
  solutions: { id: string }[];
  cursor?: string;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};
const fmt = (n: number) => `${n.toFixed(1)} ms`;

async function token(app: FastifyInstance, username: string): Promise<Record<string, string>> {
  const login = await app.inject({
    method: 'POST',
    url: '/base/v2/login',
    payload: { username, password: 'demo1234' },
  });
  return { authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}` };
}

/**
 * Waits until every search's suppliers are written as settled: the searches' writes run after
 * their polls have answered, and a run of the list alone must not overlap the last round's.
 */
async function drained(database: Database): Promise<void> {
  const deadline = performance.now() + 30_000;
  for (;;) {
    const [row] = await rowsOf<{ pending: number }>(
      database.db,
      sql`select count(*)::int as pending from search_suppliers where status = 'pending'`,
    );
    if (row?.pending === 0) return;
    if (performance.now() > deadline) throw new Error(`searches still pending after 30 s: ${row?.pending}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Books one order for the other tenant and copies it to ORDERS orders. */
async function seedOtherTenantOrders(
  app: FastifyInstance,
  database: Database,
  headers: Record<string, string>,
): Promise<void> {
  const { searchId } = (
    await app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/async-shopping',
      headers,
      payload: searchRequest('PEK', 'SHA'),
    })
  ).json<{ data: { searchId: string } }>().data;
  type Found = Omit<Poll, 'solutions'> & {
    solutions: { id: string; restrictions: { documentTypes: unknown[] } }[];
  };
  let found: Found = { finished: false, solutions: [] };
  while (!found.finished) {
    found = (
      await app.inject({
        method: 'POST',
        url: '/shopping/v2/flight/async-shopping/solutions',
        headers,
        payload: { searchId, waitMs: POLL_WAIT_MS, cursor: found.cursor },
      })
    ).json<{ data: Found }>().data;
  }
  const whole = (
    await app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/async-shopping/solutions',
      headers,
      payload: { searchId },
    })
  ).json<{ data: Found }>().data;
  const solution = whole.solutions.find((s) => s.restrictions.documentTypes.length === 0);
  if (!solution) throw new Error('no solution to book');
  const templateId = await bookOneAdult(app, headers, solution.id);
  const described = await rowsOf<unknown>(
    database.db,
    sql`select column_name from information_schema.columns
           where table_schema = current_schema() and table_name = 'flight_orders'
             and column_name not in ('id', 'booking_number', 'status', 'pnr', 'created_at', 'updated_at')`,
  );
  const columns = described.flatMap((r) =>
    typeof r === 'object' && r !== null && 'column_name' in r && typeof r.column_name === 'string'
      ? [`"${r.column_name}"`]
      : [],
  );
  const list = sql.raw(columns.join(', '));
  await database.db.execute(
    sql`insert into flight_orders (id, booking_number, status, pnr, created_at, updated_at, ${list})
        select gen_random_uuid(), 'F20260202' || lpad(g::text, 6, '0'), 'issued', 'Q' || lpad(to_hex(g), 5, '0'),
               now() - g * interval '1 minute', now(), ${list}
          from flight_orders t, generate_series(1, ${ORDERS - 1}) g where t.id = ${templateId}`,
  );
}

/** Rounds of 20 concurrent searches until `until` settles; their timings. */
async function searchRounds(
  clients: Clients,
  headers: Record<string, string>,
  mode: FollowMode,
  until: Promise<unknown>,
): Promise<Timing[]> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const timings: Timing[] = [];
  const started = performance.now();
  let rounds = 0;
  do {
    timings.push(...(await clients.round(headers, mode, STAGGER_MS)));
    rounds += 1;
  } while (!done);
  console.log(`${mode}: ${rounds} rounds in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return timings;
}

/** How far the p99 of `during` is from the p99 of `alone`, in per cent. */
const change = (during: number[], alone: number[]) =>
  ((quantile(during, 0.99) - quantile(alone, 0.99)) / quantile(alone, 0.99)) * 100;

function listRow(latencies: number[], alone?: number[]) {
  return {
    requests: latencies.length,
    'p50 ms': quantile(latencies, 0.5).toFixed(2),
    'p99 ms': quantile(latencies, 0.99).toFixed(2),
    'p99 vs alone': alone === undefined ? '-' : `${change(latencies, alone).toFixed(0)} %`,
  };
}

function searchRow(timings: Timing[], wholeListBytes: number) {
  const first = timings.flatMap((t) => (t.firstLagMs === null ? [] : [t.firstLagMs]));
  const finished = timings.map((t) => t.finishedLagMs);
  const polls = timings.reduce((n, t) => n + t.polls, 0);
  const bytes = timings.reduce((n, t) => n + t.bytes, 0);
  const answered = timings.map((t) => t.answeredMs);
  return {
    searches: timings.length,
    'search answered p50/max': `${fmt(quantile(answered, 0.5))} / ${fmt(Math.max(...answered))}`,
    'first − fastest p50/p95/max': `${fmt(quantile(first, 0.5))} / ${fmt(quantile(first, 0.95))} / ${fmt(Math.max(...first))}`,
    'finished − slowest p50/p95/max': `${fmt(quantile(finished, 0.5))} / ${fmt(quantile(finished, 0.95))} / ${fmt(Math.max(...finished))}`,
    'polls per search': (polls / timings.length).toFixed(1),
    'bytes per poll': Math.round(bytes / polls),
    'bytes per search': Math.round(bytes / timings.length),
    'whole list bytes (median)': wholeListBytes,
  };
}

async function main(): Promise<void> {
  const env = {
    ...BENCH_ENV,
    // `BENCH_LIST_CACHE_MS=0` runs the other tenant's order list without the list answer cache.
    ...(process.env.BENCH_LIST_CACHE_MS === undefined
      ? {}
      : { ORDER_LIST_CACHE_MS: process.env.BENCH_LIST_CACHE_MS }),
  };
  // BENCH_DATABASE_URL runs the engine on PostgreSQL (the production shape) in a scratch schema
  // dropped at the end; default is an in-memory PGlite.
  const url = process.env.BENCH_DATABASE_URL;
  const scratch = url ? await migratedSchema(url, 10) : undefined;
  const database = scratch?.database ?? (await openDatabase({}));
  if (!scratch) await database.migrate(path.join(API_ROOT, 'drizzle'));
  await seedBaseData(database.db);
  await seedDemo(database.db, (p) => createPasswordHasher(true).hash(p));
  const app = await benchApi(database, env);
  const admin = await token(app, 'admin');
  const partner = await token(app, 'partner');
  // `BENCH_SEARCH_INSTANCE=1` (PostgreSQL, HTTP clients): the searches on a second API instance.
  const searchInstance =
    process.env.BENCH_SEARCH_INSTANCE && scratch && url
      ? await startSearchInstance(url, scratch.schema, env)
      : undefined;
  // In process, a list answer from the cache runs start to end within one task of the event loop:
  // what blocks the loop before it starts is not in its latency. Over HTTP it is, as for a user.
  const clients =
    process.env.BENCH_CLIENTS === 'inject'
      ? inProcessClients(app)
      : workerClients(await app.listen({ host: '127.0.0.1', port: 0 }), searchInstance?.origin);
  // Warm-up (loads the OPTD routes once) and the other tenant's orders, outside the measurement.
  // The whole list of each warm-up search gives its size next to the polls' (the web app never
  // asks for it after a cursor search, so the rounds do not either).
  await seedOtherTenantOrders(app, database, partner);
  const warmUp = await clients.round(admin, 'cursor');
  const wholeListBytes = quantile(
    await clients.wholeListBytes(
      admin,
      warmUp.map((t) => t.searchId),
    ),
    0.5,
  );
  await clients.orderList(partner, 100, { kind: 'closed' });

  // Runs alternate (alone, with cursor searches, alone, with whole-list polling) PAIRS times, so
  // that the machine's drift (other work on shared cores) falls on both sides alike.
  const alone: number[] = [];
  const withCursor: number[] = [];
  const aloneAgain: number[] = [];
  const withLegacy: number[] = [];
  /** Per pair, the p99 during the cursor searches against the run alone just before it. */
  const pairChanges: number[] = [];
  const cursorTimings: Timing[] = [];
  const legacyTimings: Timing[] = [];
  /** How late the API thread's event loop runs (1 ms timer) while the list runs alone, and during. */
  const loopAlone = monitorEventLoopDelay({ resolution: 1 });
  const loopDuring = monitorEventLoopDelay({ resolution: 1 });
  for (let pair = 0; pair < PAIRS; pair++) {
    await drained(database);
    loopAlone.enable();
    alone.push(...(await clients.orderList(partner, LIST_REQUESTS, LIST_LOAD)));
    loopAlone.disable();
    loopDuring.enable();
    const duringCursor = clients.orderList(partner, LIST_REQUESTS, LIST_LOAD);
    cursorTimings.push(...(await searchRounds(clients, admin, 'cursor', duringCursor)));
    withCursor.push(...(await duringCursor));
    loopDuring.disable();
    pairChanges.push(change(withCursor.slice(-LIST_REQUESTS), alone.slice(-LIST_REQUESTS)));
    await drained(database);
    aloneAgain.push(...(await clients.orderList(partner, LIST_REQUESTS, LIST_LOAD)));
    const duringLegacy = clients.orderList(partner, LIST_REQUESTS, LIST_LOAD);
    legacyTimings.push(...(await searchRounds(clients, admin, 'legacy', duringLegacy)));
    withLegacy.push(...(await duringLegacy));
  }
  await clients.close();
  await searchInstance?.close();
  await app.close();
  if (scratch) await scratch.drop();
  else await database.close();

  console.log(
    `Shopping engine on ${database.kind}: rounds of ${ROUTES.length} concurrent searches${STAGGER_MS > 0 ? ` started ${STAGGER_MS} ms apart` : ''}, suppliers ${Object.entries(
      LATENCIES,
    )
      .map(([n, l]) => `${n} ${l} ms`)
      .join(', ')}`,
  );
  console.table({
    'cursor, long poll (web app)': searchRow(cursorTimings, wholeListBytes),
    'whole list every 100 ms (before)': searchRow(legacyTimings, wholeListBytes),
  });
  console.log(
    `Other tenant (agency 222, ${ORDERS.toLocaleString('en')} orders): order list pages, ${LIST_LOAD.kind === 'rate' ? `${LIST_LOAD.perSecond} a second at random times` : `${LIST_CONCURRENCY} in flight back to back`}, ${PAIRS} alternating runs each`,
  );
  console.table({
    alone: listRow(alone),
    'during cursor searches': listRow(withCursor, alone),
    // Two runs without searches: how far the bench's own spread moves the p99.
    'alone again': listRow(aloneAgain, alone),
    'during whole-list polling': listRow(withLegacy, aloneAgain),
  });
  console.log(
    `p99 during cursor searches vs alone, per pair: ${pairChanges.map((c) => `${c.toFixed(0)} %`).join(', ')} (median ${quantile(pairChanges, 0.5).toFixed(0)} %)`,
  );
  const delay = (h: IntervalHistogram) =>
    `p50 ${(h.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms`;
  console.log(
    `API thread's event-loop delay: list alone ${delay(loopAlone)}; during cursor searches ${delay(loopDuring)}`,
  );
  const perRoute = cursorTimings.slice(0, ROUTES.length);
  console.log(`Solutions per search: ${perRoute.map((t) => `${t.route} ${t.solutions}`).join(', ')}`);
}

await main();
