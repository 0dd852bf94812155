/**
 * Shopping engine benchmark: the API in-process on an in-memory PGlite (PostgreSQL with
 * BENCH_DATABASE_URL), the simulated suppliers at fixed latencies, rounds of 20 concurrent searches
 * on different routes. Each search is followed by a client as the web app polls: the last cursor,
 * held by the server until a supplier answers (`waitMs`). Reports time to the first solutions and
 * to finished, each against the supplier answer that allowed it (the fastest supplier with fares,
 * the slowest), the bytes per poll next to the whole list, and another tenant's order list (agency
 * 222, ORDERS orders) p50/p99 alone, during the cursor searches, and during the old client's
 * whole-list polls every 100 ms. Loopback only: `app.inject()`, no sockets.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { API_ROOT, loadConfig } from '../apps/api/src/platform/config';
import { type Database, openDatabase } from '../apps/api/src/platform/db';
import { createPasswordHasher } from '../apps/api/src/modules/auth/password';
import { rowsOf } from '../apps/api/src/modules/wallet/ledger.repo';
import { createSimulatedRegistry } from '../apps/api/src/modules/shopping/suppliers/registry';
import { seedBaseData, seedDemo } from '../apps/api/src/seed/seed';
import { migratedSchema } from './lib/scratch-schema';
import { bookOneAdult } from './lib/book-order';

const LATENCIES = { 'sim-gds': 400, 'sim-ndc': 800, 'sim-lcc': 200 } as const;
const ROUTES = [
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
/** Orders of the other tenant, and its order-list requests per run (2 in flight, as two agents). */
const ORDERS = Number(process.env.BENCH_OTHER_ORDERS ?? 2_000);
const LIST_REQUESTS = Number(process.env.BENCH_LIST_REQUESTS ?? 1_000);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
const LIST_CONCURRENCY = 2;
const POLL_WAIT_MS = 8000;
const LEGACY_POLL_MS = 100;

interface Timing {
  route: string;
  /** The search request answered (its id), from when it was sent. */
  answeredMs: number;
  /** First solutions seen by the client, minus the answer of the fastest supplier with fares. */
  firstLagMs: number | null;
  /** Finished seen by the client, minus the answer of the slowest supplier. */
  finishedLagMs: number;
  fastestMs: number | null;
  slowestMs: number;
  polls: number;
  bytes: number;
  wholeListBytes: number;
  solutions: number;
}

interface Poll {
  finished: boolean;
  solutions: { id: string }[];
  removed?: string[];
  cursor?: string;
  suppliers: { status: string; count: number; elapsedMs: number }[];
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};
const fmt = (n: number) => `${n.toFixed(1)} ms`;

function request(origin: string, destination: string) {
  const date = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  return {
    journeys: [{ origin, destination, date }],
    passengers: { adult: 1, child: 0, infant: 0 },
    cabinClass: 'economy',
    bookingType: 'oneway',
    sort: 'price',
  };
}

async function token(app: FastifyInstance, username: string): Promise<Record<string, string>> {
  const login = await app.inject({
    method: 'POST',
    url: '/base/v2/login',
    payload: { username, password: 'demo1234' },
  });
  return { authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}` };
}

/**
 * One search followed by a client. `cursor` mode: the web app's long poll with the last cursor;
 * `legacy`: the whole list every 100 ms, as before cursors.
 */
async function follow(
  app: FastifyInstance,
  headers: Record<string, string>,
  [origin, destination]: readonly [string, string],
  mode: 'cursor' | 'legacy',
): Promise<Timing> {
  const started = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/shopping/v2/flight/async-shopping',
    headers,
    payload: request(origin, destination),
  });
  if (res.statusCode !== 200) throw new Error(`search failed: ${res.body}`);
  const searchId = res.json<{ data: { searchId: string } }>().data.searchId;
  const searchStarted = performance.now() - started;
  let firstMs = -1;
  let polls = 0;
  let bytes = 0;
  let cursor: string | undefined;
  const held = new Set<string>();
  for (;;) {
    const payload = mode === 'cursor' ? { searchId, cursor, waitMs: POLL_WAIT_MS } : { searchId };
    const poll = await app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/async-shopping/solutions',
      headers,
      payload,
    });
    polls += 1;
    bytes += poll.rawPayload.length;
    const data = poll.json<{ data: Poll }>().data;
    if (process.env.BENCH_DEBUG)
      console.log(
        origin,
        destination,
        poll.rawPayload.length,
        data.solutions.length,
        data.removed?.length,
        data.cursor,
      );
    const elapsed = performance.now() - started;
    for (const id of data.removed ?? []) held.delete(id);
    for (const s of data.solutions) held.add(s.id);
    cursor = data.cursor;
    if (firstMs < 0 && held.size > 0) firstMs = elapsed;
    if (data.finished) {
      const whole = await app.inject({
        method: 'POST',
        url: '/shopping/v2/flight/async-shopping/solutions',
        headers,
        payload: { searchId },
      });
      // Supplier times count from when the search was answered (they start right before).
      const withFares = data.suppliers.filter((s) => s.count > 0).map((s) => s.elapsedMs + searchStarted);
      const fastest = withFares.length > 0 ? Math.min(...withFares) : null;
      const slowest = Math.max(...data.suppliers.map((s) => s.elapsedMs + searchStarted));
      return {
        route: `${origin}-${destination}`,
        answeredMs: searchStarted,
        firstLagMs: fastest === null || firstMs < 0 ? null : firstMs - fastest,
        finishedLagMs: elapsed - slowest,
        fastestMs: fastest,
        slowestMs: slowest,
        polls,
        bytes,
        wholeListBytes: whole.rawPayload.length,
        solutions: held.size,
      };
    }
    if (mode === 'legacy') await new Promise((resolve) => setTimeout(resolve, LEGACY_POLL_MS));
  }
}

/** Runs `total` order-list requests of the other tenant, LIST_CONCURRENCY in flight; latencies. */
async function orderList(app: FastifyInstance, headers: Record<string, string>, total: number) {
  let next = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: LIST_CONCURRENCY }, async () => {
      for (let i = next++; i < total; i = next++) {
        // A turn of the event loop before each request, as a client's request arrives on a socket:
        // answers from the list cache need no I/O, and back-to-back they would starve everything
        // else in the process (the searches' database replies included).
        await new Promise((resolve) => setImmediate(resolve));
        const t0 = performance.now();
        const res = await app.inject({
          url: `/order/v2/flight/orders?page=${1 + (i % 20)}&pageSize=20`,
          headers,
        });
        if (res.statusCode !== 200) throw new Error(`order list answered ${res.statusCode}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return latencies;
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
      payload: request('PEK', 'SHA'),
    })
  ).json<{ data: { searchId: string } }>().data;
  type Found = Omit<Poll, 'solutions'> & {
    solutions: { id: string; restrictions: { documentTypes: unknown[] } }[];
  };
  let found: Found = { finished: false, solutions: [], suppliers: [] };
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
  app: FastifyInstance,
  headers: Record<string, string>,
  mode: 'cursor' | 'legacy',
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
    timings.push(...(await Promise.all(ROUTES.map((route) => follow(app, headers, route, mode)))));
    rounds += 1;
  } while (!done);
  console.log(`${mode}: ${rounds} rounds in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return timings;
}

function listRow(latencies: number[], alone?: number) {
  const p99 = quantile(latencies, 0.99);
  return {
    requests: latencies.length,
    'p50 ms': quantile(latencies, 0.5).toFixed(1),
    'p99 ms': p99.toFixed(1),
    'p99 vs alone': alone === undefined ? '-' : `${(((p99 - alone) / alone) * 100).toFixed(0)} %`,
  };
}

function searchRow(timings: Timing[]) {
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
    'whole list bytes (median)': quantile(
      timings.map((t) => t.wholeListBytes),
      0.5,
    ),
  };
}

async function main(): Promise<void> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // Demo mode: the simulators on and secrets of its own in the data dir.
    PORTAL_DEMO: 'true',
    REQUEST_LIMIT_SCALE: '1000',
    DATA_DIR: path.join(os.tmpdir(), 'portal-bench'),
    WEB_DIST: path.join(os.tmpdir(), 'portal-no-web-dist'),
    // `BENCH_LIST_CACHE_MS=0` runs the other tenant's order list without the list answer cache.
    ...(process.env.BENCH_LIST_CACHE_MS === undefined
      ? {}
      : { ORDER_LIST_CACHE_MS: process.env.BENCH_LIST_CACHE_MS }),
  });
  // BENCH_DATABASE_URL runs the engine on PostgreSQL (the production shape) in a scratch schema
  // dropped at the end; default is an in-memory PGlite.
  const url = process.env.BENCH_DATABASE_URL;
  const scratch = url ? await migratedSchema(url, 10) : undefined;
  const database = scratch?.database ?? (await openDatabase({}));
  if (!scratch) await database.migrate(path.join(API_ROOT, 'drizzle'));
  await seedBaseData(database.db);
  await seedDemo(database.db, (p) => createPasswordHasher(true).hash(p));
  const registry = createSimulatedRegistry({ latencyScale: 1, seed: 'bench' });
  for (const [name, latencyMs] of Object.entries(LATENCIES)) registry.setFaults(name, { latencyMs });
  const app = await buildApp({ config, database, suppliers: registry });
  const admin = await token(app, 'admin');
  const partner = await token(app, 'partner');
  // Warm-up (loads the OPTD routes once) and the other tenant's orders, outside the measurement.
  await seedOtherTenantOrders(app, database, partner);
  await Promise.all(ROUTES.map((route) => follow(app, admin, route, 'cursor')));
  await orderList(app, partner, 100);

  // Runs alternate (alone, with cursor searches, alone, with whole-list polling) PAIRS times, so
  // that the machine's drift (other work on shared cores) falls on both sides alike.
  const alone: number[] = [];
  const withCursor: number[] = [];
  const aloneAgain: number[] = [];
  const withLegacy: number[] = [];
  const cursorTimings: Timing[] = [];
  const legacyTimings: Timing[] = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    alone.push(...(await orderList(app, partner, LIST_REQUESTS)));
    const duringCursor = orderList(app, partner, LIST_REQUESTS);
    cursorTimings.push(...(await searchRounds(app, admin, 'cursor', duringCursor)));
    withCursor.push(...(await duringCursor));
    aloneAgain.push(...(await orderList(app, partner, LIST_REQUESTS)));
    const duringLegacy = orderList(app, partner, LIST_REQUESTS);
    legacyTimings.push(...(await searchRounds(app, admin, 'legacy', duringLegacy)));
    withLegacy.push(...(await duringLegacy));
  }
  await app.close();
  if (scratch) await scratch.drop();
  else await database.close();

  console.log(
    `Shopping engine on ${database.kind}: rounds of ${ROUTES.length} concurrent searches, suppliers ${Object.entries(
      LATENCIES,
    )
      .map(([n, l]) => `${n} ${l} ms`)
      .join(', ')}`,
  );
  console.table({
    'cursor, long poll (web app)': searchRow(cursorTimings),
    'whole list every 100 ms (before)': searchRow(legacyTimings),
  });
  console.log(
    `Other tenant (agency 222, ${ORDERS.toLocaleString('en')} orders): order list pages, ${LIST_CONCURRENCY} in flight, ${PAIRS} alternating runs each`,
  );
  console.table({
    alone: listRow(alone),
    'during cursor searches': listRow(withCursor, quantile(alone, 0.99)),
    'alone again': listRow(aloneAgain),
    'during whole-list polling': listRow(withLegacy, quantile(aloneAgain, 0.99)),
  });
  const perRoute = cursorTimings.slice(0, ROUTES.length);
  console.log(`Solutions per search: ${perRoute.map((t) => `${t.route} ${t.solutions}`).join(', ')}`);
}

await main();
