/**
 * The flight order list with 100,000 orders of one agency on PostgreSQL (`BENCH_ORDERS=1000000`
 * for a million): inserts the orders in batches (`INSERT … SELECT generate_series` copying one
 * real booking), then sends a bounded number of requests with CONCURRENCY in flight through
 * `app.inject()` (in-process, no sockets): list pages, a search by booking number, by PNR and by
 * status tab, next to a bare Fastify route registered in the same app and the same route behind
 * the session check. Prints requests/s and p50/p99 per run and the plan of the list query (index use).
 * Run: `npm run bench -w bench` with BENCH_DATABASE_URL or TEST_DATABASE_URL (skipped without).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/platform/config';
import { bookOneAdult } from './lib/book-order';
import { migratedSchema, pct } from './lib/scratch-schema';
import { seedBaseData, seedDemo } from '../apps/api/src/seed/seed';
import { createPasswordHasher } from '../apps/api/src/modules/auth/password';

const URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const BATCH = 20_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const STATUSES = ['to_be_paid', 'proceeding', 'issued', 'canceled', 'refunded'];

interface Run {
  count: number;
  seconds: number;
  latencies: number[];
  /** CPU time of this process and of the local PostgreSQL server's processes, µs per request. */
  nodeCpu: number;
  pgCpu: number | undefined;
}

const CLOCK_TICK_MS = 10;

/**
 * CPU time (ms) of every `postgres` process of this machine from /proc, or undefined where that
 * cannot be read (another host or OS): a local server's share of each request.
 */
function postgresCpuMs(): number | undefined {
  try {
    let ticks = 0;
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      let stat: string;
      try {
        stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      } catch {
        continue; // gone meanwhile
      }
      if (!stat.includes('(postgres)')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]); // utime + stime
    }
    return ticks * CLOCK_TICK_MS;
  } catch {
    return undefined;
  }
}

/** Runs `total` requests, CONCURRENCY at a time; each must answer 200. */
async function race(total: number, request: (i: number) => Promise<number>): Promise<Run> {
  let next = 0;
  const run: Run = { count: 0, seconds: 0, latencies: [], nodeCpu: 0, pgCpu: undefined };
  const pgBefore = postgresCpuMs();
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < total; i = next++) {
        const t0 = performance.now();
        const status = await request(i);
        if (status !== 200) throw new Error(`request ${i} answered ${status}`);
        run.latencies.push(performance.now() - t0);
        run.count += 1;
      }
    }),
  );
  run.seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  run.nodeCpu = (cpu.user + cpu.system) / total;
  const pgAfter = postgresCpuMs();
  if (pgBefore !== undefined && pgAfter !== undefined) run.pgCpu = ((pgAfter - pgBefore) * 1000) / total;
  run.latencies.sort((a, b) => a - b);
  return run;
}

function row(name: string, r: Run) {
  return {
    run: name,
    requests: r.count,
    'per second': Math.round(r.count / r.seconds),
    'p50 ms': Number(pct(r.latencies, 0.5).toFixed(2)),
    'p99 ms': Number(pct(r.latencies, 0.99).toFixed(2)),
    'Node CPU µs': Math.round(r.nodeCpu),
    'PG CPU µs': r.pgCpu === undefined ? '' : Math.round(r.pgCpu),
  };
}

async function bookTemplate(app: FastifyInstance, token: string): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const started = await app.inject({
    method: 'POST',
    url: '/shopping/v2/flight/async-shopping',
    headers,
    payload: {
      journeys: [{ origin: 'PEK', destination: 'SHA', date }],
      passengers: { adult: 1, child: 0, infant: 0 },
      cabinClass: 'economy',
      bookingType: 'oneway',
      sort: 'price',
    },
  });
  const { searchId } = started.json<{ data: { searchId: string } }>().data;
  type Found = {
    data: { finished: boolean; solutions: { id: string; restrictions: Record<string, unknown> }[] };
  };
  let found: Found['data'] = { finished: false, solutions: [] };
  for (let i = 0; i < 2000 && !found.finished; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/shopping/v2/flight/async-shopping/solutions',
      headers,
      payload: { searchId },
    });
    found = res.json<Found>().data;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const solution = found.solutions.find(
    (s) =>
      (s.restrictions.documentTypes as unknown[]).length === 0 &&
      (s.restrictions.eligibleCountries as unknown[]).length === 0 &&
      s.restrictions.minAge === null &&
      s.restrictions.maxAge === null,
  );
  if (!solution) throw new Error('no solution to book');
  return bookOneAdult(app, headers, solution.id);
}

/** ORDERS copies of the template order for its agency, in batches, with spread times and statuses. */
async function insertOrders(pool: pg.Pool, templateId: string): Promise<number> {
  const start = performance.now();
  const columns = (
    await pool.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = current_schema() and table_name = 'flight_orders'
          and column_name not in ('id', 'booking_number', 'status', 'pnr', 'created_at', 'updated_at')`,
    )
  ).rows.map((r) => `"${r.column_name}"`);
  const list = columns.join(', ');
  for (let from = 1; from <= ORDERS; from += BATCH) {
    const to = Math.min(ORDERS, from + BATCH - 1);
    await pool.query(
      `insert into flight_orders (id, booking_number, status, pnr, created_at, updated_at, ${list})
       select gen_random_uuid(), 'F2026010' || lpad(g::text, 7, '0'), ($2::text[])[1 + g % ${STATUSES.length}],
              'P' || lpad(to_hex(g), 5, '0'), now() - g * interval '1 minute', now(), ${list}
         from flight_orders t, generate_series($3::int, $4::int) g where t.id = $1`,
      [templateId, STATUSES, from, to],
    );
  }
  // A live table is vacuumed by autovacuum; do it now so index-only scans see a set visibility map.
  await pool.query('vacuum analyze flight_orders');
  return (performance.now() - start) / 1000;
}

async function main(url: string): Promise<void> {
  const { database, schema, drop } = await migratedSchema(url, CONCURRENCY + 2);
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
  let app: FastifyInstance | undefined;
  try {
    const hasher = createPasswordHasher(true);
    await seedBaseData(database.db);
    await seedDemo(database.db, (password) => hasher.hash(password));
    app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        // Demo mode: the simulators on and secrets of its own in the data dir.
        PORTAL_DEMO: 'true',
        SUPPLIER_LATENCY_SCALE: '0',
        JOBS_POLL_MS: '0',
        LOGIN_RATE_LIMIT_MAX: '1000',
        REQUEST_LIMIT_SCALE: '1000',
        DATA_DIR: path.join(os.tmpdir(), 'portal-bench'),
        WEB_DIST: path.join(os.tmpdir(), 'portal-no-web-dist'),
      }),
      database,
    });
    // The baseline: a bare route in the same app (same hooks minus the session and the database).
    app.get('/bench/bare', { config: { access: 'public' } }, async () => ({
      code: 0,
      data: { list: [] },
      message: '',
    }));
    // The same answer behind the authentication hook: what resolving the session costs per request.
    app.get('/order/v2/bench/session', { config: { access: 'session' } }, async () => ({
      code: 0,
      data: { list: [] },
      message: '',
    }));
    const login = await app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: 'admin', password: 'demo1234' },
    });
    const token = login.json<{ data: { token: string } }>().data.token;
    const headers = { authorization: `Bearer ${token}` };
    const templateId = await bookTemplate(app, token);
    const seconds = await insertOrders(pool, templateId);
    console.log(
      `Inserted ${ORDERS.toLocaleString('en')} flight orders for agency 1 in ${seconds.toFixed(1)} s`,
    );

    const server = app;
    const get = (url: string) => async () => (await server.inject({ url, headers })).statusCode;
    const loadAverage = () =>
      os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ');
    const loadBefore = loadAverage();
    // Untimed warm-up: the JIT, the pool's connections and the freshly vacuumed table's pages.
    await race(REQUESTS / 10, async () => (await server.inject({ url: '/bench/bare' })).statusCode);
    await race(REQUESTS / 10, (i) => get(`/order/v2/flight/orders?page=${51 + (i % 50)}&pageSize=20`)());
    const bare = await race(REQUESTS, async () => (await server.inject({ url: '/bench/bare' })).statusCode);
    const session = await race(REQUESTS, get('/order/v2/bench/session'));
    const pages = await race(REQUESTS, (i) =>
      get(`/order/v2/flight/orders?page=${1 + (i % 50)}&pageSize=20`)(),
    );
    const deep = await race(REQUESTS / 5, (i) =>
      get(`/order/v2/flight/orders?page=${1000 + i}&pageSize=20`)(),
    );
    const numberOf = (i: number) => `F2026010${String(1 + ((i * 7919) % ORDERS)).padStart(7, '0')}`;
    const booking = await race(REQUESTS, (i) =>
      get(`/order/v2/flight/orders?bookingNumber=${numberOf(i)}`)(),
    );
    const bookingPart = await race(REQUESTS / 5, (i) =>
      get(`/order/v2/flight/orders?bookingNumber=${numberOf(i).slice(-7)}`)(),
    );
    const pnr = await race(REQUESTS, (i) =>
      get(`/order/v2/flight/orders?pnr=P${(1 + ((i * 7919) % ORDERS)).toString(16).padStart(5, '0')}`)(),
    );
    const status = await race(REQUESTS, (i) =>
      get(`/order/v2/flight/orders?status=issued&page=${1 + (i % 20)}`)(),
    );
    const counts = await race(
      REQUESTS,
      get('/order/v2/flight/orders/status?status=to_be_paid,proceeding,issued'),
    );

    console.log(
      `Order list on PostgreSQL, ${ORDERS.toLocaleString('en')} orders, in-process app.inject(), ${CONCURRENCY} requests in flight`,
    );
    console.log(`Load average before the runs: ${loadBefore}; after: ${loadAverage()}`);
    console.table([
      row('baseline: bare Fastify route', bare),
      row('bare route behind the session check', session),
      row('list, pages 1-50 (20 per page)', pages),
      row('list, pages 1,000+ (deep offset)', deep),
      row('search by whole booking number (unique index)', booking),
      row('search by part of a booking number (substring)', bookingPart),
      row('search by PNR', pnr),
      row('status tab (issued), pages 1-20', status),
      row('status counts (3 tabs)', counts),
    ]);
    const perSecond = (r: Run) => r.count / r.seconds;
    console.log(
      `List pages 1-50: ${((100 * perSecond(pages)) / perSecond(bare)).toFixed(1)} % of the bare route's requests/s`,
    );
    const plan = async (sql: string, params: unknown[]) =>
      (await pool.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    console.log("Plan of a list page's ids (the list columns are then read for those 20 rows only):");
    console.log(
      await plan(
        'select id from flight_orders where agency_id = $1 and type = $2 order by created_at desc, id desc limit 20 offset 20000',
        [1, 'origin'],
      ),
    );
    console.log('Plan of the search by a whole booking number:');
    console.log(
      await plan(
        `select * from flight_orders where agency_id = $1 and booking_number = $2 and type = $3 order by created_at desc, id desc limit 20`,
        [1, 'F20260100012345', 'origin'],
      ),
    );
    console.log('Plan of the search by part of a booking number:');
    console.log(
      await plan(
        `select * from flight_orders where agency_id = $1 and booking_number ilike $2 and type = $3 order by created_at desc, id desc limit 20`,
        [1, '%0012345%', 'origin'],
      ),
    );
  } finally {
    await app?.close();
    await pool.end();
    if (process.env.BENCH_KEEP_SCHEMA) {
      await database.close();
      console.log(`Kept schema ${schema} (BENCH_KEEP_SCHEMA); drop it with: drop schema "${schema}" cascade`);
    } else {
      await drop();
    }
  }
}

if (!URL) {
  console.log('order-list: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL URL)');
} else {
  await main(URL);
}
