/**
 * The wallet's lists with many journal entries of one agency on PostgreSQL: `BENCH_ENTRIES`
 * entries (250,000 by default; 2,500,000 make 5,000,000 postings), one a minute back in time, nine
 * in ten an order payment (wallet to supplier payable) and one in ten a top-up (platform cash to
 * wallet), two postings each, so the books stay balanced and every account's balance is its
 * postings' sum. Then a bounded number of requests, CONCURRENCY in flight, through `app.inject()`
 * (in-process, no sockets): wallet entries (pages 1-5, a month, a type, the last pages by number,
 * deep pages by cursor), all transactions, and the monthly statements of a year, next to a bare
 * Fastify route in the same app answering the entries' page 1 as it is. Prints requests/s, p50/p99
 * and the share of the bare route per run. Each run's requests are first sent twice untimed (`WARM_UP_ROUNDS`): the
 * timed runs measure statements already planned on every connection, as a long-lived server's are.
 * The entries' order ids are fresh UUIDs, not orders in the table: a page looks its orders up by
 * primary key, 20 at most, whatever the table holds.
 * Run: `npx tsx bench/wallet-lists.ts` with BENCH_DATABASE_URL or TEST_DATABASE_URL (skipped
 * without). Options: BENCH_ENTRIES, BENCH_REQUESTS (200 per run), BENCH_CONCURRENCY (8),
 * BENCH_KEEP_SCHEMA (keep the data for experiments: `explain analyze` on the lists' statements) and
 * BENCH_SCHEMA (rerun on a kept schema: no migration, seed or insert; BENCH_ENTRIES must say how
 * many entries it holds, for the runs' dates).
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/platform/config';
import { seedBaseData, seedDemo } from '../apps/api/src/seed/seed';
import { createPasswordHasher } from '../apps/api/src/modules/users/password';
import { BENCH_ENV } from './lib/bench-env';
import { keptSchema, migratedSchema, pct } from './lib/scratch-schema';
import { loadAverage, postgresCpuMs } from './lib/machine';

const URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 250_000);
const BATCH = 50_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const KEPT_SCHEMA = process.env.BENCH_SCHEMA;
/**
 * Untimed rounds of each run's own requests before the timed ones: 200 requests over five pages and
 * ten connections are about four executions per page and connection, short of the five after which
 * PostgreSQL keeps one plan; two rounds pass them.
 */
const WARM_UP_ROUNDS = 2;
/** The demo agency whose wallet the entries fill (the admin's). */
const AGENCY = 1;

interface Run {
  seconds: number;
  latencies: number[];
  /** CPU time of this process and of the bench database's PostgreSQL backends, µs per request. */
  nodeCpu: number;
  pgCpu: number | undefined;
}

/** The bench database's name (its backends' CPU is counted), from the URL. */
const DATABASE_NAME = URL ? new globalThis.URL(URL).pathname.slice(1) : undefined;

/** Runs `total` requests, CONCURRENCY at a time; each must answer 200. */
async function race(total: number, request: (i: number) => Promise<number>): Promise<Run> {
  let next = 0;
  const latencies: number[] = [];
  const pgBefore = postgresCpuMs(DATABASE_NAME);
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < total; i = next++) {
        // From the event loop's I/O phase, as a request read from a socket starts.
        await new Promise(setImmediate);
        const t0 = performance.now();
        const status = await request(i);
        if (status !== 200) throw new Error(`request ${i} answered ${status}`);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const pgAfter = postgresCpuMs(DATABASE_NAME);
  latencies.sort((a, b) => a - b);
  return {
    seconds,
    latencies,
    nodeCpu: (cpu.user + cpu.system) / total,
    // A backend that ended meanwhile takes its time out of the sum: no figure then.
    pgCpu:
      pgBefore !== undefined && pgAfter !== undefined && pgAfter >= pgBefore
        ? ((pgAfter - pgBefore) * 1000) / total
        : undefined,
  };
}

const perSecond = (r: Run) => r.latencies.length / r.seconds;

function row(name: string, r: Run, bare: Run) {
  return {
    run: name,
    requests: r.latencies.length,
    'per second': Math.round(perSecond(r)),
    '% of bare': Number(((100 * perSecond(r)) / perSecond(bare)).toFixed(1)),
    'p50 ms': Number(pct(r.latencies, 0.5).toFixed(2)),
    'p99 ms': Number(pct(r.latencies, 0.99).toFixed(2)),
    'node µs/req': Math.round(r.nodeCpu),
    'pg µs/req': r.pgCpu === undefined ? '' : Math.round(r.pgCpu),
  };
}

/**
 * `count` entries of the agency's CNY wallet in batches, with their postings; seconds taken.
 * Entry `g` is booked `g` minutes ago: a top-up of 9,000 when `g` is a multiple of ten, else an
 * order payment of 1,000 (each ten net to zero).
 */
async function insertEntries(pool: pg.Pool, count: number): Promise<number> {
  const start = performance.now();
  const accounts = await pool.query<{ id: number; kind: string }>(
    `select id, kind from ledger_accounts where agency_id = $1 and currency = 'CNY'`,
    [AGENCY],
  );
  const accountOf = async (kind: string) => {
    const found = accounts.rows.find((a) => a.kind === kind);
    if (found) return found.id;
    const made = await pool.query<{ id: number }>(
      `insert into ledger_accounts (agency_id, currency, kind) values ($1, 'CNY', $2) returning id`,
      [AGENCY, kind],
    );
    return made.rows[0]?.id ?? 0;
  };
  const wallet = await accountOf('agency_wallet');
  const payable = await accountOf('supplier_payable');
  const cash = await accountOf('platform_cash');
  for (let from = 1; from <= count; from += BATCH) {
    await pool.query(
      `with entry as (
         insert into journal_entries (agency_id, kind, order_id, description, created_at)
         select $1, case when g % 10 = 0 then 'top-up' else 'origin-flight' end,
                case when g % 10 = 0 then null else gen_random_uuid()::text end, '',
                now() - g * interval '1 minute'
           from generate_series($2::int, $3::int) g
         returning id, kind, created_at)
       insert into ledger_postings (entry_id, account_id, amount_minor, currency, agency_id, account_kind,
         entry_kind, created_at, balance_after_minor)
       select entry.id, leg.account_id, leg.amount_minor, 'CNY', $1, leg.account_kind, entry.kind,
              entry.created_at, 0
         from entry cross join lateral (values
           ($4::int, case when entry.kind = 'top-up' then 9000 else -1000 end, 'agency_wallet'),
           (case when entry.kind = 'top-up' then $6::int else $5::int end,
            case when entry.kind = 'top-up' then -9000 else 1000 end,
            case when entry.kind = 'top-up' then 'platform_cash' else 'supplier_payable' end))
           as leg(account_id, amount_minor, account_kind)`,
      [AGENCY, from, Math.min(count, from + BATCH - 1), wallet, payable, cash],
    );
  }
  // The balances as the ledger writes them: each account's, and each posting's after its entry.
  await pool.query(
    `update ledger_postings p set balance_after_minor = r.balance
       from (select id, sum(amount_minor) over (partition by account_id order by created_at, entry_id, id) as balance
               from ledger_postings where agency_id = $1) r
      where r.id = p.id`,
    [AGENCY],
  );
  await pool.query('delete from wallet_hourly_sums where agency_id = $1', [AGENCY]);
  await pool.query(
    `insert into wallet_hourly_sums (account_id, agency_id, currency, hour, entry_kind, amount_minor, postings)
     select account_id, agency_id, currency, date_trunc('hour', created_at, 'UTC'), entry_kind, sum(amount_minor), count(*)
       from ledger_postings where agency_id = $1 and account_kind = 'agency_wallet' group by 1, 2, 3, 4, 5`,
    [AGENCY],
  );
  await pool.query('delete from wallet_daily_sums where agency_id = $1', [AGENCY]);
  await pool.query(
    `insert into wallet_daily_sums (account_id, agency_id, currency, day, entry_kind, amount_minor, postings)
     select account_id, agency_id, currency, date_trunc('day', created_at, 'UTC'), entry_kind, sum(amount_minor), count(*)
       from ledger_postings where agency_id = $1 and account_kind = 'agency_wallet' group by 1, 2, 3, 4, 5`,
    [AGENCY],
  );
  await pool.query(
    `update ledger_accounts a set balance_minor = coalesce(
       (select sum(p.amount_minor) from ledger_postings p where p.account_id = a.id), 0)
      where a.agency_id = $1`,
    [AGENCY],
  );
  await pool.query('vacuum analyze journal_entries');
  await pool.query('vacuum analyze ledger_postings');
  await pool.query('vacuum analyze wallet_hourly_sums');
  await pool.query('vacuum analyze wallet_daily_sums');
  return (performance.now() - start) / 1000;
}

/**
 * Whether the books balance: every entry's postings sum to zero, every balance is its postings',
 * and every posting's balance after is its account's running sum.
 */
async function booksBalance(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query<{ entries: string; accounts: string; after: string }>(
    `select (select count(*) from (select entry_id from ledger_postings group by entry_id
                                    having sum(amount_minor) <> 0) e) as entries,
            (select count(*) from ledger_accounts a where a.balance_minor <>
               coalesce((select sum(p.amount_minor) from ledger_postings p where p.account_id = a.id), 0)) as accounts,
            (select count(*) from (select balance_after_minor, sum(amount_minor) over (partition by account_id
               order by created_at, entry_id, id) as running from ledger_postings) r
               where r.balance_after_minor <> r.running) as after`,
  );
  return rows[0]?.entries === '0' && rows[0]?.accounts === '0' && rows[0]?.after === '0';
}

/** The runs: each a list as the wallet pages ask for it. */
function runs(cursors: string[]): { name: string; requests: number; url: (i: number) => string }[] {
  const days = Math.max(31, Math.floor(ENTRIES / 1440));
  const month = (i: number) => {
    const from = new Date(Date.now() - (31 + (i % (days - 30))) * 86_400_000);
    const to = new Date(from.getTime() + 30 * 86_400_000);
    return `dateFrom=${from.toISOString().slice(0, 10)}&dateTo=${to.toISOString().slice(0, 10)}`;
  };
  const now = new Date();
  const yearAgo = new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth() + 1, 1));
  const monthOf = (d: Date) => d.toISOString().slice(0, 7);
  return [
    {
      name: 'wallet entries, pages 1-5',
      requests: REQUESTS,
      url: (i) => `/base/v2/wallet/entries?page=${1 + (i % 5)}`,
    },
    {
      name: 'wallet entries within a month',
      requests: REQUESTS,
      url: (i) => `/base/v2/wallet/entries?${month(i)}`,
    },
    {
      name: 'wallet entries, top-ups only',
      requests: REQUESTS,
      url: () => '/base/v2/wallet/entries?type=top-up',
    },
    {
      // The deepest pages by number the list offers at "1,000+" lines; deeper ones go by cursor
      // (a page by number past them is refused: `lastPageByNumber`, checked before the runs).
      name: 'wallet entries, pages 46-50 (the last by number)',
      requests: REQUESTS,
      url: (i) => `/base/v2/wallet/entries?page=${46 + (i % 5)}`,
    },
    {
      name: 'wallet entries, pages 1,000+ paged on with the cursor',
      requests: REQUESTS,
      url: (i) =>
        `/base/v2/wallet/entries?page=${1000 + (i % cursors.length)}&after=${cursors[i % cursors.length]}`,
    },
    {
      name: 'all transactions, pages 1-5',
      requests: REQUESTS,
      url: (i) => `/base/v2/wallet/transactions?page=${1 + (i % 5)}`,
    },
    {
      name: 'statements of the last twelve months',
      requests: REQUESTS / 4,
      url: () => `/base/v2/wallet/statements?from=${monthOf(yearAgo)}&to=${monthOf(now)}`,
    },
  ];
}

/**
 * The cursors (`next`) of the wallet entries' pages 1,000 and on, 20 per page, newest first: what
 * an agent paging on from page 1,000 sends as `after`.
 */
async function deepCursors(pool: pg.Pool, count: number): Promise<string[]> {
  const { rows } = await pool.query<{ micros: string; entry_id: string; currency: string }>(
    `select (extract(epoch from created_at) * 1000000)::bigint::text as micros, entry_id, currency
      from ledger_postings where agency_id = $1 and account_kind = 'agency_wallet'
      group by created_at, entry_id, currency
      order by created_at desc, entry_id desc, currency desc offset $2 limit $3`,
    [AGENCY, 999 * 20 - 1, count * 20],
  );
  return rows.filter((_, i) => i % 20 === 0).map((r) => `${r.micros}_${r.entry_id}_${r.currency}`);
}

async function main(url: string): Promise<void> {
  const { database, schema, finish } = KEPT_SCHEMA
    ? await keptSchema(url, KEPT_SCHEMA, CONCURRENCY + 2)
    : await migratedSchema(url, CONCURRENCY + 2);
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
  let app: FastifyInstance | undefined;
  try {
    if (!KEPT_SCHEMA) {
      const hasher = createPasswordHasher(true);
      await seedBaseData(database.db);
      await seedDemo(database.db, (password) => hasher.hash(password));
    }
    app = await buildApp({
      config: loadConfig({ ...BENCH_ENV, JOBS_POLL_MS: '0', LOGIN_RATE_LIMIT_MAX: '1000' }),
      database,
    });
    // The baseline: a bare route in the same app, answering the entries' page 1 as it is (taken
    // once the entries are in; routes are added before the app's first request).
    let bareBody = '';
    app.get('/bench/bare', { config: { access: 'public' } }, async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(bareBody),
    );
    if (KEPT_SCHEMA) {
      console.log(`Reusing schema ${schema} (${ENTRIES.toLocaleString('en')} entries, BENCH_ENTRIES)`);
    } else {
      const seconds = await insertEntries(pool, ENTRIES);
      console.log(
        `Inserted ${ENTRIES.toLocaleString('en')} journal entries (${(2 * ENTRIES).toLocaleString('en')} postings) for agency ${AGENCY} in ${seconds.toFixed(1)} s`,
      );
      if (!(await booksBalance(pool))) throw new Error('the books do not balance after the insert');
    }
    const login = await app.inject({
      method: 'POST',
      url: '/base/v2/login',
      payload: { username: 'admin', password: 'demo1234' },
    });
    const headers = { authorization: `Bearer ${login.json<{ data: { token: string } }>().data.token}` };
    const target = app;
    const get = (path: string) => async () => (await target.inject({ url: path, headers })).statusCode;
    const first = await app.inject({ url: '/base/v2/wallet/entries?page=1', headers });
    if (first.statusCode !== 200) throw new Error(`the entries answered ${first.statusCode}: ${first.body}`);
    bareBody = first.body;
    console.log(
      `The bare route answers the entries' page 1 as it is: ${(bareBody.length / 1024).toFixed(1)} KB`,
    );
    const deepByNumber = await app.inject({ url: '/base/v2/wallet/entries?page=1000', headers });
    if (deepByNumber.statusCode !== 400) {
      throw new Error(`page 1,000 by number answered ${deepByNumber.statusCode}, not 400 (read by cursor)`);
    }
    const cursors = await deepCursors(pool, REQUESTS / 5);
    // Untimed warm-up: the JIT, the pool's connections, the tables' pages, and each run's own
    // requests twice over, so that every page's statement has passed its first five executions on
    // each of the pool's connections (planned anew each time until PostgreSQL settles on one plan):
    // a long-lived server pays that once per connection, not in its steady state.
    await race(REQUESTS / 10, async () => (await target.inject({ url: '/bench/bare' })).statusCode);
    for (const run of runs(cursors)) {
      for (let round = 0; round < WARM_UP_ROUNDS; round++) await race(run.requests, (i) => get(run.url(i))());
    }
    console.log(`Load average before the runs: ${loadAverage()}`);
    const bare = await race(
      REQUESTS * 5,
      async () => (await target.inject({ url: '/bench/bare' })).statusCode,
    );
    const rows = [row('baseline: bare Fastify route', bare, bare)];
    for (const run of runs(cursors))
      rows.push(row(run.name, await race(run.requests, (i) => get(run.url(i))()), bare));
    console.log(
      `Wallet lists on PostgreSQL, ${ENTRIES.toLocaleString('en')} entries of one agency, in-process app.inject(), ${CONCURRENCY} requests in flight, load average ${loadAverage()} at the end`,
    );
    console.table(rows);
  } finally {
    await app?.close();
    await pool.end();
    await finish();
  }
}

if (!URL) {
  console.log('wallet-lists: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL URL)');
} else {
  await main(URL);
}
