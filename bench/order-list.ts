/**
 * The flight order list with 100,000 orders of one agency on PostgreSQL (`BENCH_ORDERS=1000000`
 * for a million): inserts the orders in batches (`INSERT … SELECT generate_series` copying one
 * real booking), then sends a bounded number of requests with CONCURRENCY in flight through
 * `app.inject()` (in-process, no sockets): list pages (deep ones by offset and by cursor), the
 * searches agents run (booking number whole and in part, PNR, status tab, a common and a rare
 * passenger surname, a status within a month), six agents paging beside two searching by name, and
 * the list with only own orders (the copies are booked by 50 staff in turn), next to a bare Fastify
 * route registered in the same app answering the list's page 1, and the same route behind the
 * session check. Each list run goes to two apps on the same database: one as users get it
 * (the order list cache on, `ORDER_LIST_CACHE_MS` default) and one with the cache off. Prints
 * requests/s, p50/p99 and the share of the bare route per run (pages as the web asks for them: a
 * filter's first page with the count, a later one with `count=false`), what the cache costs when an order
 * of the agency changes meanwhile, what the notifying triggers cost a 100,000-row insert, and the
 * plan of the list query (index use).
 * Run: `npm run bench -w bench` with BENCH_DATABASE_URL or TEST_DATABASE_URL (skipped without).
 * Options: BENCH_ORDERS (100,000), BENCH_REQUESTS (1,000 per run), BENCH_CONCURRENCY (8),
 * BENCH_WRITE_EVERY (100: the run with writes updates an order every this many requests),
 * BENCH_KEEP_SCHEMA (keep the data for experiments), BENCH_SCHEMA (rerun on a kept schema: no
 * migration, seed or insert; BENCH_ORDERS must say how many it holds), BENCH_RUNS (only the runs
 * whose names contain one of these comma-separated words, e.g. `surname,month`) and
 * BENCH_CACHE=off (only the app without the cache; the baselines still run) and BENCH_COUNT=always
 * (every page with its count, as the web asked before `count=false`).
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/platform/config';
import { searchAndBookOne } from './lib/book-order';
import { pageParam } from './lib/paging';
import { BENCH_ENV } from './lib/bench-env';
import { insertOrders, insertTriggerCost, rareSurname } from './lib/order-copies';
import { keptSchema, migratedSchema, pct } from './lib/scratch-schema';
import { seedBaseData, seedDemo } from '../apps/api/src/seed/seed';
import { createPasswordHasher } from '../apps/api/src/modules/users/password';
import { loadAverage, postgresCpuMs } from './lib/machine';

const URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const BATCH = 20_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
/** In the run with writes: one order update per this many list requests. */
const WRITE_EVERY = Number(process.env.BENCH_WRITE_EVERY ?? 100);
/** A schema kept by an earlier run, to rerun on its data. */
const KEPT_SCHEMA = process.env.BENCH_SCHEMA;
/** Words naming the runs to make (all when unset). */
const ONLY_RUNS = process.env.BENCH_RUNS?.split(',')
  .map((w) => w.trim())
  .filter(Boolean);
const WITH_CACHE = process.env.BENCH_CACHE !== 'off';
/** Every page asks for the count (as the web did before `count=false`), for a comparison. */
const wanted = (name: string) => !ONLY_RUNS || ONLY_RUNS.some((word) => name.includes(word));

interface Run {
  count: number;
  seconds: number;
  latencies: number[];
  /** CPU time of this process and of the local PostgreSQL server's processes, µs per request. */
  nodeCpu: number;
  pgCpu: number | undefined;
}

/** Runs `total` requests, CONCURRENCY at a time; each must answer 200. */
async function race(
  total: number,
  request: (i: number) => Promise<number>,
  concurrency = CONCURRENCY,
): Promise<Run> {
  let next = 0;
  const run: Run = { count: 0, seconds: 0, latencies: [], nodeCpu: 0, pgCpu: undefined };
  const pgBefore = postgresCpuMs();
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < total; i = next++) {
        // Each request starts from the event loop's I/O phase, as one read from a socket does:
        // an answer that needs no I/O (the bare route, a cache hit) would otherwise chain into
        // the next without the loop ever reading the sockets, the notifications' one included.
        await new Promise(setImmediate);
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
  // A server process that ended meanwhile takes its time out of the sum: no figure then.
  if (pgBefore !== undefined && pgAfter !== undefined && pgAfter >= pgBefore)
    run.pgCpu = ((pgAfter - pgBefore) * 1000) / total;
  run.latencies.sort((a, b) => a - b);
  return run;
}

/**
 * Runs `work` while `lanes` more clients send `request` back to back, one at a time each, until
 * `work` ends; `work`'s result and how many requests those clients sent meanwhile.
 */
async function beside<T>(
  lanes: number,
  request: (i: number) => Promise<number>,
  work: () => Promise<T>,
): Promise<{ result: T; sent: number }> {
  let done = false;
  let sent = 0;
  const clients = Promise.all(
    Array.from({ length: lanes }, async () => {
      while (!done) {
        await new Promise(setImmediate);
        const status = await request(sent++);
        if (status !== 200) throw new Error(`request beside the run answered ${status}`);
      }
    }),
  );
  try {
    return { result: await work(), sent };
  } finally {
    done = true;
    await clients;
  }
}

const perSecond = (r: Run) => r.count / r.seconds;

/** Every row with its run, to give it its share once the bare route's second run is in. */
const measured: { record: ReturnType<typeof row>; run: Run }[] = [];

/** A table row of `r`; its share of the bare route is filled in by `shareAgainst` at the end. */
function row(name: string, r: Run) {
  const record = {
    run: name,
    requests: r.count,
    'per second': Math.round(perSecond(r)),
    '% of bare': 0,
    'p50 ms': Number(pct(r.latencies, 0.5).toFixed(2)),
    'p99 ms': Number(pct(r.latencies, 0.99).toFixed(2)),
    'Node CPU µs': Math.round(r.nodeCpu),
    'PG CPU µs': r.pgCpu === undefined ? '' : Math.round(r.pgCpu),
  };
  measured.push({ record, run: r });
  return record;
}

/**
 * Each row's share of the bare route's requests/s over its two runs together, one before the
 * shapes and one after them: a run of the bare route lasts a fraction of a shape's (it is four to
 * ten times as fast), so one run alone moved every share by tens of percent between quiet runs.
 */
function shareAgainst(bareRuns: Run[]): number {
  const rate =
    bareRuns.reduce((sum, r) => sum + r.count, 0) / bareRuns.reduce((sum, r) => sum + r.seconds, 0);
  for (const { record, run } of measured) {
    record['% of bare'] = Number(((100 * perSecond(run)) / rate).toFixed(1));
  }
  return rate;
}

async function bookTemplate(app: FastifyInstance, token: string): Promise<string> {
  return searchAndBookOne(app, { authorization: `Bearer ${token}` });
}

/** A new session of the demo's admin. */
async function signIn(app: FastifyInstance): Promise<string> {
  const login = await app.inject({
    method: 'POST',
    url: '/base/v2/login',
    payload: { username: 'admin', password: 'demo1234' },
  });
  return login.json<{ data: { token: string } }>().data.token;
}

/** The settings of the bench's apps: suppliers without latency, no background jobs, no login limit. */
const benchConfig = (extra: Record<string, string> = {}) =>
  loadConfig({
    ...BENCH_ENV,
    SUPPLIER_LATENCY_SCALE: '0',
    JOBS_POLL_MS: '0',
    LOGIN_RATE_LIMIT_MAX: '1000',
    ...extra,
  });

/** The list runs: each goes to the app with the cache and to the one without. */
const list = '/order/v2/flight/orders';

/**
 * The cursors (`next`) of pages 1,000 and on of the whole list, 20 per page, newest first: what an
 * agent paging on from page 1,000 sends as `after`.
 */
async function deepCursors(pool: pg.Pool, count: number): Promise<string[]> {
  const { rows } = await pool.query<{ micros: string; id: string }>(
    `select (extract(epoch from created_at) * 1000000)::bigint::text as micros, id from flight_orders
      where agency_id = 1 order by created_at desc, id desc offset $1 limit $2`,
    [999 * 20 - 1, count * 20],
  );
  return rows.filter((_, i) => i % 20 === 0).map((r) => `${r.micros}_${r.id}`);
}

function listRuns(cursors: string[]): { name: string; requests: number; url: (i: number) => string }[] {
  const numberOf = (i: number) => `F2026010${String(1 + ((i * 7919) % ORDERS)).padStart(7, '0')}`;
  return [
    {
      name: 'list, pages 1-50 (20 per page)',
      requests: REQUESTS,
      url: (i) => `${list}?${pageParam(1 + (i % 50))}&pageSize=20`,
    },
    {
      name: 'list, pages 1,000+ (deep offset)',
      requests: REQUESTS / 5,
      url: (i) => `${list}?${pageParam(1000 + i)}&pageSize=20`,
    },
    // With fewer than 20,000 orders there is no page 1,000 to page on from.
    ...(cursors.length === 0
      ? []
      : [
          {
            name: 'list, pages 1,000+ paged on with the cursor',
            requests: REQUESTS / 5,
            url: (i: number) =>
              `${list}?${pageParam(1000 + (i % cursors.length))}&pageSize=20&after=${cursors[i % cursors.length]}`,
          },
        ]),
    {
      name: 'search by whole booking number (unique index)',
      requests: REQUESTS,
      url: (i) => `${list}?bookingNumber=${numberOf(i)}`,
    },
    {
      name: 'search by part of a booking number (substring)',
      requests: REQUESTS / 5,
      url: (i) => `${list}?bookingNumber=${numberOf(i).slice(-7)}`,
    },
    {
      name: 'search by PNR',
      requests: REQUESTS,
      url: (i) => `${list}?pnr=P${(1 + ((i * 7919) % ORDERS)).toString(16).toUpperCase().padStart(5, '0')}`,
    },
    {
      name: 'status tab (issued), pages 1-20',
      requests: REQUESTS,
      url: (i) => `${list}?status=issued&${pageParam(1 + (i % 20))}`,
    },
    {
      name: 'search by a common passenger surname (ZHANG), pages 1-5',
      requests: REQUESTS / 5,
      url: (i) => `${list}?passenger=ZHANG&${pageParam(1 + (i % 5))}`,
    },
    {
      name: 'search by a rare passenger surname',
      requests: REQUESTS / 5,
      // Numbers that occur among the copies (one in 100 of them has a rare name: g % 100 >= 95).
      url: (i) =>
        `${list}?passenger=${rareSurname(95 + 100 * ((i * 7919) % Math.max(1, Math.floor(ORDERS / 100))))}`,
    },
    {
      name: 'status tab (issued) with a date range of a month',
      requests: REQUESTS / 5,
      url: (i) => {
        // The copies go one a minute back in time from now: a 30-day window within their span.
        const days = Math.max(31, Math.floor(ORDERS / 1440));
        const from = new Date(Date.now() - (1 + (i % (days - 30))) * 86_400_000 - 30 * 86_400_000);
        const to = new Date(from.getTime() + 30 * 86_400_000);
        return `${list}?status=issued&dateFrom=${from.toISOString().slice(0, 10)}&dateTo=${to.toISOString().slice(0, 10)}`;
      },
    },
    {
      name: 'date range of a month',
      requests: REQUESTS / 5,
      url: (i) => {
        const days = Math.max(31, Math.floor(ORDERS / 1440));
        const from = new Date(Date.now() - (1 + (i % (days - 30))) * 86_400_000 - 30 * 86_400_000);
        const to = new Date(from.getTime() + 30 * 86_400_000);
        return `${list}?dateFrom=${from.toISOString().slice(0, 10)}&dateTo=${to.toISOString().slice(0, 10)}`;
      },
    },
    {
      name: 'status counts (3 tabs)',
      requests: REQUESTS,
      url: () => `${list}/status?status=to_be_paid,proceeding,issued`,
    },
  ];
}

async function main(url: string): Promise<void> {
  const { database, schema, finish } = KEPT_SCHEMA
    ? await keptSchema(url, KEPT_SCHEMA, CONCURRENCY + 2)
    : await migratedSchema(url, CONCURRENCY + 2);
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
  const apps: FastifyInstance[] = [];
  try {
    if (!KEPT_SCHEMA) {
      const hasher = createPasswordHasher(true);
      await seedBaseData(database.db);
      await seedDemo(database.db, (password) => hasher.hash(password));
    } else {
      // A kept schema may come from a run that ended with "only show own orders" on.
      await pool.query(
        `update agencies set common_config = common_config - 'onlyShowOwnOrders' where id = 1`,
      );
    }
    // As users get it (the order list cache on by default), and the same app with the cache off.
    const app = await buildApp({ config: benchConfig(), database });
    apps.push(app);
    const uncached = await buildApp({ config: benchConfig({ ORDER_LIST_CACHE_MS: '0' }), database });
    apps.push(uncached);
    // The baseline: a bare route in the same app (same hooks minus the session and the database).
    // Its body is a real answer of the list (page 1 of 20 orders, taken once the orders are in), so
    // the comparison is with a route that sends the same bytes, not an empty list.
    let bareBody = '';
    app.get('/bench/bare', { config: { access: 'public' } }, async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(bareBody),
    );
    // The same answer behind the authentication hook: what resolving the session costs per request.
    app.get('/order/v2/bench/session', { config: { access: 'session' } }, async () => ({
      code: 0,
      data: { list: [] },
      message: '',
    }));
    // Sessions live in the database: the token works on both apps.
    const token = await signIn(app);
    const headers = { authorization: `Bearer ${token}` };
    let templateId: string;
    if (KEPT_SCHEMA) {
      // The booked order the copies were made from: the one whose number is not a copy's.
      const { rows } = await pool.query<{ id: string }>(
        `select id from flight_orders where agency_id = 1 and booking_number not like 'F2026010%' limit 1`,
      );
      templateId = rows[0]?.id ?? '';
      console.log(`Reusing schema ${schema} (${ORDERS.toLocaleString('en')} orders, BENCH_ORDERS)`);
    } else {
      templateId = await bookTemplate(app, token);
      const seconds = await insertOrders(pool, templateId, ORDERS, BATCH);
      console.log(
        `Inserted ${ORDERS.toLocaleString('en')} flight orders for agency 1 in ${seconds.toFixed(1)} s`,
      );
    }
    const page = await app.inject({ url: '/order/v2/flight/orders?page=1&pageSize=20', headers });
    if (page.statusCode !== 200) throw new Error(`the list answered ${page.statusCode}: ${page.body}`);
    bareBody = page.body;
    console.log(
      `The bare route answers the list's page 1 as it is: ${(bareBody.length / 1024).toFixed(1)} KB`,
    );

    const get = (target: FastifyInstance, url: string) => async () =>
      (await target.inject({ url, headers })).statusCode;
    const loadBefore = loadAverage();
    // Untimed warm-up: the JIT, the pool's connections and the freshly vacuumed table's pages. The
    // bare route gets as many requests as a timed run: after a tenth of that it still ran at a
    // third of the rate it reached once the shapes had run (454 against 147 µs of Node a request).
    await race(REQUESTS, async () => (await app.inject({ url: '/bench/bare' })).statusCode);
    for (const target of apps) {
      await race(REQUESTS / 10, (i) => get(target, `${list}?${pageParam(51 + (i % 50))}&pageSize=20`)());
    }
    const bare = await race(REQUESTS, async () => (await app.inject({ url: '/bench/bare' })).statusCode);
    const session = await race(REQUESTS, get(app, '/order/v2/bench/session'));
    const rows = [
      row('baseline: bare Fastify route', bare),
      row('bare route behind the session check', session),
    ];
    const shares: string[] = [];
    let pagesWithCache: { cached: Run; off: Run } | undefined;
    const cursors = await deepCursors(pool, REQUESTS / 5);
    for (const run of listRuns(cursors).filter((r) => wanted(r.name))) {
      // Untimed, on the app without the cache: each connection prepares the run's statements.
      await race(CONCURRENCY * 4, (i) => get(uncached, run.url(run.requests + i))());
      // With the cache first: what it misses warms PostgreSQL's buffers for the run without it.
      const cached = WITH_CACHE ? await race(run.requests, (i) => get(app, run.url(i))()) : undefined;
      const off = await race(run.requests, (i) => get(uncached, run.url(i))());
      if (cached) rows.push(row(run.name, cached));
      rows.push(row(`${run.name}, cache off`, off));
      if (cached && run.name.startsWith('list, pages 1-50')) pagesWithCache = { cached, off };
    }
    // What invalidation costs readers: an order of the agency changes every WRITE_EVERY requests
    // (straight in the database, so only the notification tells the app), dropping every cached
    // answer of agency 1.
    const churnName = `list, pages 1-50, an order of the agency changed every ${WRITE_EVERY} requests`;
    if (WITH_CACHE && wanted(churnName)) {
      const churn = await race(REQUESTS, async (i) => {
        if (i % WRITE_EVERY === 0)
          await pool.query('update flight_orders set updated_at = now() where id = $1', [templateId]);
        return get(app, `${list}?${pageParam(1 + (i % 50))}&pageSize=20`)();
      });
      rows.push(row(churnName, churn));
    }

    // Two agents searching by name while six page through the list, all missing the cache: the six
    // alone first, then beside the two (the budget: the six keep 80 % of their requests/s).
    const pageUrl = (i: number) => `${list}?${pageParam(1 + (i % 50))}&pageSize=20`;
    const nameUrl = (i: number) =>
      i % 2 === 0
        ? `${list}?passenger=ZHANG&${pageParam(1 + ((i / 2) % 5))}`
        : `${list}?passenger=${rareSurname(95 + 100 * ((i * 7919) % Math.max(1, Math.floor(ORDERS / 100))))}`;
    if (wanted('six paging beside two searching by name')) {
      const sixAlone = await race(REQUESTS, (i) => get(uncached, pageUrl(i))(), 6);
      const { result: sixBeside, sent: searches } = await beside(
        2,
        (i) => get(uncached, nameUrl(i))(),
        () => race(REQUESTS, (i) => get(uncached, pageUrl(i))(), 6),
      );
      rows.push(
        row('six paging, cache off', sixAlone),
        row('six paging beside two searching by name, cache off', sixBeside),
      );
      shares.push(
        `Six paging beside two searching by name (${searches} searches meanwhile): ${((100 * perSecond(sixBeside)) / perSecond(sixAlone)).toFixed(1)} % of their requests/s alone`,
      );
    }

    // "Only show own orders" (the agency's setting): the admin sees the orders they booked, one in
    // STAFF of the copies. A new session, as the setting is read with the session's agency.
    const ownRuns = [
      {
        name: 'only own orders, pages 1-5',
        requests: REQUESTS,
        url: (i: number) => `${list}?${pageParam(1 + (i % 5))}`,
      },
      {
        name: 'only own orders, status tab (issued), pages 1-5',
        requests: REQUESTS,
        url: (i: number) => `${list}?status=issued&${pageParam(1 + (i % 5))}`,
      },
    ].filter((r) => wanted(r.name));
    if (ownRuns.length > 0) {
      await pool.query(
        `update agencies set common_config = common_config || '{"onlyShowOwnOrders": true}'::jsonb where id = 1`,
      );
      const ownToken = await signIn(app);
      const ownHeaders = { authorization: `Bearer ${ownToken}` };
      const getOwn = (target: FastifyInstance, url: string) => async () =>
        (await target.inject({ url, headers: ownHeaders })).statusCode;
      for (const run of ownRuns) {
        await race(CONCURRENCY * 4, (i) => getOwn(uncached, run.url(run.requests + i))());
        const cached = WITH_CACHE ? await race(run.requests, (i) => getOwn(app, run.url(i))()) : undefined;
        const off = await race(run.requests, (i) => getOwn(uncached, run.url(i))());
        if (cached) rows.push(row(run.name, cached));
        rows.push(row(`${run.name}, cache off`, off));
      }
    }

    const bareAgain = await race(REQUESTS, async () => (await app.inject({ url: '/bench/bare' })).statusCode);
    rows.push(row('baseline: bare Fastify route, again after the runs', bareAgain));
    const bareRate = shareAgainst([bare, bareAgain]);
    if (pagesWithCache) {
      const share = (r: Run) => `${((100 * perSecond(r)) / bareRate).toFixed(1)} %`;
      shares.unshift(
        `List pages 1-50: ${share(pagesWithCache.cached)} of the bare route's requests/s with the cache, ${share(pagesWithCache.off)} without`,
      );
    }
    console.log(
      `Order list on PostgreSQL, ${ORDERS.toLocaleString('en')} orders, in-process app.inject(), ${CONCURRENCY} requests in flight`,
    );
    console.log(
      `Shares are of the bare route's two runs together, before and after the shapes: ${Math.round(bareRate)} requests/s (${Math.round(perSecond(bare))} and ${Math.round(perSecond(bareAgain))})`,
    );
    console.log(`Load average before the runs: ${loadBefore}; after: ${loadAverage()}`);
    console.table(rows);
    for (const line of shares) console.log(line);
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
    // Last: the rolled back copies leave dead rows behind that would skew the plans above. Only
    // in a whole run on fresh data.
    if (ONLY_RUNS || KEPT_SCHEMA) return;
    const cost = await insertTriggerCost(pool, templateId, ORDERS, 100_000, 3);
    const secondsOf = (values: number[]) => values.map((v) => `${v.toFixed(2)} s`).join(', ');
    console.log(
      `INSERT … SELECT of 100,000 copies (rolled back): ${secondsOf(cost.without)} without the list trigger, ${secondsOf(cost.withTrigger)} with it`,
    );
  } finally {
    for (const app of apps) await app.close();
    await pool.end();
    await finish();
  }
}

if (!URL) {
  console.log('order-list: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL URL)');
} else {
  await main(URL);
}
