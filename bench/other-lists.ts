/**
 * The lists besides the order list at scale (issue 27): a flight order's detail, the user log and
 * the booking records of one agency with BENCH_ORDERS orders (100,000 by default; run it at
 * 1,000,000 too), on PostgreSQL, over loopback HTTP with CONCURRENCY requests in flight and every
 * cache off.
 *
 * The data: the orders are copies of one real booking (`order-copies.ts`: booked by 50 staff in
 * turn, one a minute back in time, statuses in turn); the user log gets what the recording hook
 * writes for them in production (`users/user-log.hook.ts`, `ROUTE_EVENTS`): the booking of each
 * order, the payment of each paid one, a login of its booker every tenth order, a refused call
 * every fiftieth and a failed login every two hundredth, at the order's time; the booking records
 * are the ticketed orders' passengers and segments (derived from the orders, nothing to add).
 *
 * Each shape (a filter as the screens send it: `apps/web/src/features/user-log`, the order detail
 * page, `apps/web/src/features/flight/voyage`) runs next to a bare Fastify route in the same app
 * answering a body of the same number of bytes as the shape's answer (no compression on either:
 * the API compresses nothing), measured just before and just after it: the share of the bare
 * route's requests/s, p50 and p99. A run stops after BENCH_REQUESTS requests or BENCH_SECONDS, whichever is first.
 * Run: `npm run bench:other-lists -w bench` with BENCH_DATABASE_URL or TEST_DATABASE_URL
 * (skipped without). Options: BENCH_ORDERS, BENCH_REQUESTS (400), BENCH_SECONDS (8),
 * BENCH_CONCURRENCY (8), BENCH_ONLY (run only the shapes whose name has this text) and
 * BENCH_KEEP_SCHEMA (keep the data for experiments), BENCH_SCHEMA (rerun on a kept schema: no
 * migration, seed or insert; BENCH_ORDERS must say how many orders it holds), BENCH_COUNT=always
 * (every page with its count; by default pages go as the web asks, `count=false` after a first).
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/platform/config';
import { seedBaseData, seedDemo } from '../apps/api/src/seed/seed';
import { createPasswordHasher } from '../apps/api/src/modules/users/password';
import { searchAndBookOne } from './lib/book-order';
import { BENCH_ENV } from './lib/bench-env';
import { pageParam } from './lib/paging';
import { httpClient } from './lib/http-client';
import { insertOrders, rareSurname } from './lib/order-copies';
import { keptSchema, migratedSchema, pct } from './lib/scratch-schema';
import { loadAverage, postgresCpuMs } from './lib/machine';

const URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const BATCH = 20_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ONLY = process.env.BENCH_ONLY;
const KEPT_SCHEMA = process.env.BENCH_SCHEMA;
/** The bench's database: only its backends' CPU is counted. */
const DATABASE_NAME = URL ? new globalThis.URL(URL).pathname.slice(1) : undefined;
/** The demo agency the copies belong to (the admin's). */
const AGENCY = 1;

interface Run {
  seconds: number;
  latencies: number[];
  bytes: number;
  /** This process's CPU per request (µs): the API and the bench's client, which share it. */
  nodeCpu: number;
  /** The PostgreSQL backends' CPU per request (µs), when readable (`lib/machine.ts`). */
  pgCpu: number | undefined;
}

/**
 * Sends `request(i)` CONCURRENCY at a time until `total` were sent or SECONDS passed (a slow shape
 * then still ends); each must answer 200.
 */
async function race(
  total: number,
  request: (i: number) => Promise<{ status: number; bytes: number }>,
): Promise<Run> {
  let next = 0;
  const latencies: number[] = [];
  let bytes = 0;
  const pgBefore = postgresCpuMs(DATABASE_NAME);
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const deadline = start + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < total && performance.now() < deadline; i = next++) {
        const t0 = performance.now();
        const answer = await request(i);
        if (answer.status !== 200) throw new Error(`request ${i} answered ${answer.status}`);
        latencies.push(performance.now() - t0);
        bytes += answer.bytes;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const pgAfter = postgresCpuMs(DATABASE_NAME);
  const count = Math.max(1, latencies.length);
  latencies.sort((a, b) => a - b);
  return {
    seconds,
    latencies,
    bytes,
    nodeCpu: (cpu.user + cpu.system) / count,
    // A server process that ended meanwhile takes its time out of the sum: no figure then.
    pgCpu:
      pgBefore !== undefined && pgAfter !== undefined && pgAfter >= pgBefore
        ? ((pgAfter - pgBefore) * 1000) / count
        : undefined,
  };
}

const perSecond = (r: Run) => r.latencies.length / r.seconds;

/**
 * The user log of the copies, as the hook records their bookings, payments and the bookers'
 * logins, refusals and failed logins (see the header); rows inserted.
 */
async function insertUserLog(pool: pg.Pool): Promise<number> {
  const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';
  const ORDERS_ROUTE = '/order/v2/flight/orders';
  // One row per kind and copy `g` (its number is the booking number's last 7 digits) where `keep`.
  const kinds: { keep: string; row: string }[] = [
    {
      keep: 'true',
      row: `'call', 'POST', '${ORDERS_ROUTE}', o.id::text, 'order.create', 'flightOrder', o.booking_number,
            jsonb_build_object('amount', '930.00', 'currency', 'CNY'), 'ok', null, 200, o.created_at`,
    },
    {
      keep: `o.status in ('proceeding', 'issued', 'refunded')`,
      row: `'call', 'POST', '${ORDERS_ROUTE}/:id/payment', o.id::text, 'order.pay.balance', 'flightOrder',
            o.booking_number, jsonb_build_object('amount', '930.00', 'currency', 'CNY'), 'ok', null, 200,
            o.created_at + interval '2 minutes'`,
    },
    {
      keep: 'g % 10 = 0',
      row: `'login', null, null, null, null, null, null, null, 'ok', null, null, o.created_at - interval '5 minutes'`,
    },
    {
      keep: 'g % 50 = 7',
      row: `'call', 'DELETE', '${ORDERS_ROUTE}/:id', o.id::text, 'order.cancel', 'flightOrder', o.booking_number,
            null, 'refused', 40901, 409, o.created_at + interval '1 minute'`,
    },
    {
      keep: 'g % 200 = 3',
      row: `'login_failed', null, null, null, null, null, null, null, 'refused', 40101, 401,
            o.created_at - interval '6 minutes'`,
    },
  ];
  let rows = 0;
  for (const kind of kinds) {
    for (let from = 1; from <= ORDERS; from += 200_000) {
      const result = await pool.query(
        `insert into user_logs (user_id, agency_id, username, ip, user_agent, action, method, route, target,
                                event, target_kind, target_label, facts, outcome, code, status, created_at)
         select o.user_id, o.agency_id, u.username, '10.0.' || (g % 200) || '.' || (g % 250), $4,
                ${kind.row}
           from flight_orders o join users u on u.id = o.user_id,
                lateral (select substr(o.booking_number, 9)::int as g) n
          where o.agency_id = $1 and o.booking_number like 'F2026010%'
            and substr(o.booking_number, 9)::int between $2 and $3 and (${kind.keep})`,
        [AGENCY, from, Math.min(ORDERS, from + 200_000 - 1), ua],
      );
      rows += result.rowCount ?? 0;
    }
  }
  await pool.query('vacuum analyze user_logs');
  return rows;
}

async function bookTemplate(app: FastifyInstance, headers: Record<string, string>): Promise<string> {
  return searchAndBookOne(app, headers);
}

interface Shape {
  name: string;
  url: (i: number) => string;
}

/** A day `daysAgo` days before today, `YYYY-MM-DD`. */
const dayAgo = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/** Every shape the three screens send, over data spread as `insertOrders` and `insertUserLog` spread it. */
function shapes(
  ids: string[],
  staff: number[],
  ticket: string,
  flight: string,
  departure: string,
  voyageCursors: string[],
  logCursors: string[],
): Shape[] {
  const n = (i: number) => 1 + ((i * 7919) % ORDERS);
  const numberOf = (i: number) => `F2026010${String(n(i)).padStart(7, '0')}`;
  // The copies go back one a minute: their span in days, and a month within it.
  const days = Math.max(31, Math.floor(ORDERS / 1440));
  const month = (i: number) => {
    const back = 31 + (i % (days - 30));
    return `dateFrom=${dayAgo(back)}&dateTo=${dayAgo(back - 30)}`;
  };
  const log = '/base/v2/user-logs';
  const voyages = '/order/v2/flight/voyages';
  const user = (i: number) => staff[i % staff.length] ?? 1;
  return [
    { name: 'order detail by id', url: (i) => `/order/v2/flight/orders/${ids[i % ids.length]}` },
    { name: 'order detail by booking number', url: (i) => `/order/v2/flight/orders/${numberOf(i)}` },
    { name: 'user log, pages 1-5', url: (i) => `${log}?${pageParam(1 + (i % 5))}` },
    // The deepest pages by number the pager offers at "10,000+"; deeper ones go by cursor (a page by
    // number past them is refused, checked before the runs).
    {
      name: 'user log, pages 496-500 (the last by number)',
      url: (i) => `${log}?${pageParam(496 + (i % 5))}`,
    },
    {
      name: 'user log, pages 1,000+ paged on with the cursor',
      url: (i) =>
        `${log}?${pageParam(1000 + (i % logCursors.length))}&after=${logCursors[i % logCursors.length]}`,
    },
    { name: 'user log, a month', url: (i) => `${log}?${month(i)}` },
    { name: 'user log, one user', url: (i) => `${log}?userId=${user(i)}` },
    {
      name: 'user log, one user, pages 50+',
      url: (i) => `${log}?userId=${user(i)}&${pageParam(50 + (i % 50))}`,
    },
    { name: 'user log, one user within a month', url: (i) => `${log}?userId=${user(i)}&${month(i)}` },
    { name: 'user log, action login', url: (i) => `${log}?action=login&${pageParam(1 + (i % 5))}` },
    { name: 'user log, action login_failed (rare)', url: () => `${log}?action=login_failed` },
    { name: 'user log, refused', url: (i) => `${log}?outcome=refused&${pageParam(1 + (i % 5))}` },
    { name: 'user log, refused within a month', url: (i) => `${log}?outcome=refused&${month(i)}` },
    {
      name: 'user log, one user, action login, a month',
      url: (i) => `${log}?userId=${user(i)}&action=login&${month(i)}`,
    },
    { name: 'booking records, pages 1-5', url: (i) => `${voyages}?${pageParam(1 + (i % 5))}` },
    { name: 'booking records, pages 500+', url: (i) => `${voyages}?${pageParam(500 + i)}` },
    {
      name: 'booking records, pages 500+ paged on with the cursor',
      url: (i) =>
        `${voyages}?${pageParam(500 + (i % voyageCursors.length))}&after=${voyageCursors[i % voyageCursors.length]}`,
    },
    { name: 'booking records, whole booking number', url: (i) => `${voyages}?bookingNumber=${numberOf(i)}` },
    {
      name: 'booking records, part of a booking number',
      url: (i) => `${voyages}?bookingNumber=${numberOf(i).slice(-7)}`,
    },
    {
      name: 'booking records, PNR',
      url: (i) => `${voyages}?pnr=P${n(i).toString(16).toUpperCase().padStart(5, '0')}`,
    },
    {
      name: 'booking records, common surname (ZHANG)',
      url: (i) => `${voyages}?passenger=ZHANG&${pageParam(1 + (i % 5))}`,
    },
    {
      name: 'booking records, rare surname',
      url: (i) =>
        `${voyages}?passenger=${rareSurname(95 + 100 * (n(i) % Math.max(1, Math.floor(ORDERS / 100))))}`,
    },
    { name: "booking records, the copies' ticket number", url: () => `${voyages}?ticketNumber=${ticket}` },
    {
      name: 'booking records, a ticket number none has',
      url: () => `${voyages}?ticketNumber=999-0000000001`,
    },
    { name: "booking records, the copies' flight number", url: () => `${voyages}?flightNumber=${flight}` },
    {
      name: "booking records, the copies' departure day",
      url: () => `${voyages}?dateFrom=${departure}&dateTo=${departure}`,
    },
    {
      name: 'booking records, departures a year ago (none)',
      url: () => `${voyages}?dateFrom=${dayAgo(400)}&dateTo=${dayAgo(370)}`,
    },
    { name: 'booking records, status refunded (none)', url: () => `${voyages}?status=refunded` },
  ];
}

function row(name: string, r: Run, bare: Run) {
  return {
    shape: name,
    'KB/answer': Number((r.bytes / Math.max(1, r.latencies.length) / 1024).toFixed(1)),
    requests: r.latencies.length,
    'req/s': Math.round(perSecond(r)),
    'bare req/s': Math.round(perSecond(bare)),
    '% of bare': Number(((100 * perSecond(r)) / perSecond(bare)).toFixed(1)),
    'p50 ms': Number(pct(r.latencies, 0.5).toFixed(2)),
    'p99 ms': Number(pct(r.latencies, 0.99).toFixed(2)),
    'Node CPU µs': Math.round(r.nodeCpu),
    'bare Node CPU µs': Math.round(bare.nodeCpu),
    'PG CPU µs': r.pgCpu === undefined ? '' : Math.round(r.pgCpu),
  };
}

/** Books the template order, ticketed, then copies it BENCH_ORDERS times and writes their user log. */
async function insertData(
  app: FastifyInstance,
  headers: Record<string, string>,
  pool: pg.Pool,
): Promise<{ templateId: string; logRows: number }> {
  const templateId = await bookTemplate(app, headers);
  // Ticketed, as the booking records list only ticketed orders: the copies take its columns, the
  // ticket number too (one for all of them; the search by it then matches every copy).
  await pool.query(
    `update flight_orders set status = 'issued', ticket_numbers = '781-2345678901',
            passengers = (select jsonb_agg(p || '{"ticketNumbers": ["781-2345678901"]}'::jsonb)
                            from jsonb_array_elements(passengers) p)
      where id = $1`,
    [templateId],
  );
  const seconds = await insertOrders(pool, templateId, ORDERS, BATCH);
  console.log(
    `Inserted ${ORDERS.toLocaleString('en')} flight orders for agency ${AGENCY} in ${seconds.toFixed(1)} s`,
  );
  const logStart = performance.now();
  const logRows = await insertUserLog(pool);
  console.log(
    `Inserted ${logRows.toLocaleString('en')} user log rows in ${((performance.now() - logStart) / 1000).toFixed(1)} s`,
  );
  return { templateId, logRows };
}

/** On a kept schema (BENCH_SCHEMA): the template is the ticketed order whose number is not a copy's. */
async function keptData(pool: pg.Pool): Promise<{ templateId: string; logRows: number }> {
  const template = await pool.query<{ id: string }>(
    `select id from flight_orders where agency_id = $1 and booking_number not like 'F2026010%' limit 1`,
    [AGENCY],
  );
  const log = await pool.query<{ n: string }>('select count(*) as n from user_logs');
  const logRows = Number(log.rows[0]?.n ?? 0);
  console.log(
    `Reusing schema (${ORDERS.toLocaleString('en')} orders, BENCH_ORDERS; ${logRows.toLocaleString('en')} user log rows)`,
  );
  return { templateId: template.rows[0]?.id ?? '', logRows };
}

async function main(url: string): Promise<void> {
  const { database, schema, finish } = KEPT_SCHEMA
    ? await keptSchema(url, KEPT_SCHEMA, CONCURRENCY + 2)
    : await migratedSchema(url, CONCURRENCY + 2);
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
  let app: FastifyInstance | undefined;
  let client: ReturnType<typeof httpClient> | undefined;
  try {
    if (!KEPT_SCHEMA) {
      const hasher = createPasswordHasher(true);
      await seedBaseData(database.db);
      await seedDemo(database.db, (password) => hasher.hash(password));
    }
    // Caches off: the order list's (the only one these routes could touch).
    app = await buildApp({
      config: loadConfig({
        ...BENCH_ENV,
        SUPPLIER_LATENCY_SCALE: '0',
        JOBS_POLL_MS: '0',
        LOGIN_RATE_LIMIT_MAX: '1000',
        ORDER_LIST_CACHE_MS: '0',
      }),
      database,
    });
    // The baseline: a bare route in the same app (the same hooks minus the session and the
    // database) answering `bareBody`, set to each shape's answer before its run.
    let bareBody = '';
    app.get('/bench/bare', { config: { access: 'public' } }, async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(bareBody),
    );
    const login = await app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: 'admin', password: 'demo1234' },
    });
    const headers = { authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}` };
    const { templateId, logRows } = KEPT_SCHEMA ? await keptData(pool) : await insertData(app, headers, pool);
    const template = (
      await pool.query<{ ticket_numbers: string | null; flight_numbers: string; departure_at: Date }>(
        'select ticket_numbers, flight_numbers, departure_at from flight_orders where id = $1',
        [templateId],
      )
    ).rows[0];
    const ticket = (template?.ticket_numbers ?? '').split('|')[0]?.slice(-6) ?? '';
    const flight = (template?.flight_numbers ?? '').split('|')[0] ?? '';
    const departure = template ? template.departure_at.toISOString().slice(0, 10) : dayAgo(0);
    const ids = (
      await pool.query<{ id: string }>(
        `select id from flight_orders where agency_id = $1 order by random() limit 1000`,
        [AGENCY],
      )
    ).rows.map((r) => r.id);
    const staff = (
      await pool.query<{ id: number }>('select id from users where agency_id = $1 order by id', [AGENCY])
    ).rows.map((r) => r.id);

    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    const http = httpClient(origin, CONCURRENCY);
    client = http;
    const get = (path: string) => http.request('GET', path, headers);
    const bare = () => http.request('GET', '/bench/bare', {});
    const loadBefore = loadAverage();
    const rows: ReturnType<typeof row>[] = [];
    // Untimed: the cursors (`next`) of booking-record pages 499 and on, read by number, as an agent
    // paging on from page 500 sends them.
    const voyageCursors: string[] = [];
    for (let page = 499; page < 519; page += 1) {
      const answer = await get(`/order/v2/flight/voyages?page=${page}`);
      const next = (JSON.parse(answer.body) as { data?: { next?: string } }).data?.next;
      if (next) voyageCursors.push(next);
    }
    if (voyageCursors.length === 0) throw new Error('the booking records answered no cursor at page 499');
    // Untimed: the cursors of user log pages 999 and on, paged on from page 500 (the last read by
    // its number: past the counted rows a page by number is refused).
    const refused = await get('/base/v2/user-logs?page=1000');
    if (refused.status !== 400)
      throw new Error(`user log page 1,000 by number answered ${refused.status}, not 400`);
    const logCursors: string[] = [];
    let after: string | undefined;
    for (let page = 500; page < 1019; page += 1) {
      const answer = await get(
        `/base/v2/user-logs?page=${page}&count=false${after ? `&after=${after}` : ''}`,
      );
      after = (JSON.parse(answer.body) as { data?: { next?: string } }).data?.next;
      if (!after) break;
      if (page >= 999) logCursors.push(after);
    }
    if (logCursors.length === 0) throw new Error('the user log answered no cursor at page 999');
    const all = shapes(ids, staff, ticket, flight, departure, voyageCursors, logCursors).filter(
      (s) => !ONLY || s.name.includes(ONLY),
    );
    // Untimed warm-up: the JIT, the sockets, the pool's connections.
    await race(200, bare);
    for (const shape of all) {
      // Untimed: each connection prepares the shape's statements; its answer sizes the bare route.
      const first = await get(shape.url(REQUESTS));
      if (first.status !== 200) throw new Error(`${shape.name} answered ${first.status}: ${first.body}`);
      await race(CONCURRENCY * 2, (i) => get(shape.url(REQUESTS + 1 + i)));
      bareBody = first.body;
      // The bare route just before and just after the shape: on a shared machine the load moves
      // within seconds, and the two runs together bracket the shape's.
      const before = await race(REQUESTS, bare);
      const run = await race(REQUESTS, (i) => get(shape.url(i)));
      const after = await race(REQUESTS, bare);
      const baseline = {
        seconds: before.seconds + after.seconds,
        latencies: [...before.latencies, ...after.latencies],
        bytes: before.bytes + after.bytes,
        nodeCpu:
          (before.nodeCpu * before.latencies.length + after.nodeCpu * after.latencies.length) /
          Math.max(1, before.latencies.length + after.latencies.length),
        pgCpu: undefined,
      };
      rows.push(row(shape.name, run, baseline));
    }
    console.log(
      `Order detail, user log and booking records on PostgreSQL, ${ORDERS.toLocaleString('en')} orders and ` +
        `${logRows.toLocaleString('en')} user log rows of one agency, loopback HTTP, ${CONCURRENCY} in flight, caches off`,
    );
    console.log(`Load average before the runs: ${loadBefore}; after: ${loadAverage()}`);
    console.table(rows);
  } finally {
    client?.close();
    await app?.close();
    await pool.end();
    await finish();
  }
}

if (!URL) {
  console.log('other-lists: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL URL)');
} else {
  await main(URL);
}
