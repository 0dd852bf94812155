/**
 * Booking plus balance payment, end to end, on PostgreSQL with the simulated suppliers' latency
 * off (SUPPLIER_LATENCY_SCALE=0): the API listens on 127.0.0.1 and a client sends BENCH_UNITS
 * units of work (2,000), BENCH_CONCURRENCY (16) in flight over kept-alive loopback HTTP, as users
 * send them. One unit books an order (`POST /order/v2/flight/orders`, a passenger of its own so
 * that no booking is a possible duplicate of another) and pays it from the balance
 * (`POST /order/v2/flight/orders/:id/payment`), each with its own Idempotency-Key. The wallet is
 * funded first through the platform's four-eyes funding (one admin asks, another approves), and
 * the solutions come from a real search. Next to it in the same run: a bare Fastify route in the
 * same app answering the bytes of a real payment answer, at the same concurrency.
 * Prints paid orders/s, p50/p99 per unit (and of its two requests), the load average, then checks
 * the books and fails when they are wrong: `ledgerViolations` empty, the wallet's balance moved by
 * exactly the sum of the paid orders' totals, every order paid exactly once (one payment entry,
 * status paid). Background jobs are off (JOBS_POLL_MS=0): the ticketing each payment queues is
 * not part of the unit.
 * Run: `npm run bench:book-and-pay -w bench` with BENCH_DATABASE_URL or TEST_DATABASE_URL
 * (skipped without). Options: BENCH_UNITS, BENCH_CONCURRENCY, BENCH_TIMEOUT_S (600: the run fails
 * beyond it), BENCH_CPU_PROFILE=1 (writes a .cpuprofile of the timed run to the temporary directory)
 * and BENCH_KEEP_SCHEMA.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/platform/config';
import type { Db } from '../apps/api/src/platform/db/index';
import { seedBaseData, seedDemo } from '../apps/api/src/seed/seed';
import { createPasswordHasher } from '../apps/api/src/modules/users/password';
import { createPlatformAdmin } from '../apps/api/src/modules/platform-admin/admins';
import { totpCode } from '../apps/api/src/modules/platform-admin/totp';
import { ledgerViolations } from '../apps/api/src/modules/wallet/index';
import { BENCH_ENV } from './lib/bench-env';
import { httpClient, type HttpAnswer } from './lib/http-client';
import { migratedSchema, pct } from './lib/scratch-schema';
import { loadAverage, postgresCpuMs } from './lib/machine';

const URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const UNITS = Number(process.env.BENCH_UNITS ?? 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 600) * 1000;
const CPU_PROFILE = process.env.BENCH_CPU_PROFILE === '1';
/** BENCH_COUNT_QUERIES=1: counts the statements the API sends per unit, by text (the top ones printed). */
const COUNT_QUERIES = process.env.BENCH_COUNT_QUERIES === '1';
const statements = new Map<string, number>();
if (COUNT_QUERIES) {
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | null)?.text ?? '?');
    statements.set(text, (statements.get(text) ?? 0) + 1);
    return query.apply(this, args);
  } as typeof pg.Client.prototype.query;
}
/** Untimed units first: the JIT, the pool's connections, the statements' plans. */
const WARM_UP = Math.min(200, Math.max(CONCURRENCY * 4, Math.round(UNITS / 10)));

type Client = ReturnType<typeof httpClient>;

interface Run {
  seconds: number;
  /** Per unit, and of its booking and payment requests (ms, sorted). */
  latencies: number[];
  book: number[];
  pay: number[];
}

function expectOk(what: string, answer: HttpAnswer): unknown {
  if (answer.status !== 200)
    throw new Error(`${what} answered ${answer.status}: ${answer.body.slice(0, 500)}`);
  return (JSON.parse(answer.body) as { data: unknown }).data;
}

/**
 * Runs `total` units, CONCURRENCY at a time; a unit answers its booking and payment times. The
 * run fails once TIMEOUT_MS is over (no unit starts after it).
 */
async function race(
  total: number,
  unit: (i: number) => Promise<{ book: number; pay: number }>,
): Promise<Run> {
  let next = 0;
  const run: Run = { seconds: 0, latencies: [], book: [], pay: [] };
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < total; i = next++) {
        if (performance.now() - start > TIMEOUT_MS) throw new Error(`over BENCH_TIMEOUT_S after ${i} units`);
        const t0 = performance.now();
        const times = await unit(i);
        run.latencies.push(performance.now() - t0);
        run.book.push(times.book);
        run.pay.push(times.pay);
      }
    }),
  );
  run.seconds = (performance.now() - start) / 1000;
  for (const list of [run.latencies, run.book, run.pay]) list.sort((a, b) => a - b);
  return run;
}

function row(name: string, r: Run, bare: Run) {
  const perSecond = (x: Run) => x.latencies.length / x.seconds;
  return {
    run: name,
    units: r.latencies.length,
    'per second': Math.round(perSecond(r)),
    '% of bare': Number(((100 * perSecond(r)) / perSecond(bare)).toFixed(1)),
    'p50 ms': Number(pct(r.latencies, 0.5).toFixed(2)),
    'p99 ms': Number(pct(r.latencies, 0.99).toFixed(2)),
  };
}

/** A surname of letters only, one per unit (`i` in base 26), so no two bookings name one traveller. */
function surnameOf(i: number): string {
  let s = '';
  for (let n = i; ; n = Math.floor(n / 26) - 1) {
    s = String.fromCharCode(65 + (n % 26)) + s;
    if (n < 26) break;
  }
  return `BENCH${s}`;
}

function bookingBody(solutionId: string, i: number) {
  return {
    solutionId,
    passengers: [
      {
        type: 'adult',
        surname: surnameOf(i),
        given_names: 'WEI',
        gender: 'male',
        birthday: '1985-03-14',
        nationality: 'CN',
        travel_document: {
          type: 'passport',
          interfaceType: 'passport',
          number: `P${String(i).padStart(7, '0')}`,
          expiryDate: '2035-01-01',
        },
      },
    ],
    contact: {
      name: 'Zhang Wei',
      email: 'zhang.wei@example.com',
      phone: { areaCode: '86', number: '13800138000' },
    },
  };
}

/** The ids of the bookable solutions (no document, country or age restriction) of one search. */
async function searchSolutions(client: Client, headers: Record<string, string>): Promise<string[]> {
  const date = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const started = expectOk(
    'search',
    await client.request('POST', '/shopping/v2/flight/async-shopping', headers, {
      journeys: [{ origin: 'PEK', destination: 'SHA', date }],
      passengers: { adult: 1, child: 0, infant: 0 },
      cabinClass: 'economy',
      bookingType: 'oneway',
      sort: 'price',
    }),
  ) as { searchId: string };
  type Found = { finished: boolean; solutions: { id: string; restrictions: Record<string, unknown> }[] };
  let found: Found = { finished: false, solutions: [] };
  for (let i = 0; i < 2000 && !found.finished; i++) {
    const answer = await client.request('POST', '/shopping/v2/flight/async-shopping/solutions', headers, {
      searchId: started.searchId,
    });
    found = expectOk('solutions', answer) as Found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ids = found.solutions
    .filter(
      (s) =>
        (s.restrictions.documentTypes as unknown[]).length === 0 &&
        (s.restrictions.eligibleCountries as unknown[]).length === 0 &&
        s.restrictions.minAge === null &&
        s.restrictions.maxAge === null,
    )
    .map((s) => s.id);
  if (ids.length === 0) throw new Error('no solution to book');
  return ids;
}

/**
 * Funds `agencyId`'s CNY wallet with `amount` through the platform: two platform admins (made
 * here), one asks and the other approves, as finance does it.
 */
async function fundWallet(db: Db, client: Client, agencyId: number, amount: string): Promise<void> {
  const hasher = createPasswordHasher(true);
  const signIn = async (username: string) => {
    const admin = await createPlatformAdmin(db, hasher, {
      username,
      permissions: ['platform:finance'],
    });
    const login = await client.request(
      'POST',
      '/platform/v2/login',
      {},
      {
        username,
        password: admin.password,
        code: await totpCode(admin.totpSecret, new Date()),
      },
    );
    return { authorization: `Bearer ${(expectOk('platform login', login) as { token: string }).token}` };
  };
  const asker = await signIn('bench.asker');
  const approver = await signIn('bench.approver');
  const asked = expectOk(
    'funding request',
    await client.request('POST', '/platform/v2/funding-requests', asker, {
      agencyId,
      currency: 'CNY',
      amount,
      exchangeRate: '1',
      referenceNumber: `BENCH-${crypto.randomUUID()}`,
    }),
  ) as { id: string };
  expectOk('approval', await client.request('POST', `/platform/v2/approvals/${asked.id}/approval`, approver));
}

/** The settings of the bench's app: suppliers without latency, no background jobs, no login limit. */
const benchConfig = () =>
  loadConfig({
    ...BENCH_ENV,
    SUPPLIER_LATENCY_SCALE: '0',
    JOBS_POLL_MS: '0',
    LOGIN_RATE_LIMIT_MAX: '1000',
  });

/** The CNY wallet balance of `agencyId` (minor units). */
async function walletBalance(pool: pg.Pool, agencyId: number): Promise<bigint> {
  const { rows } = await pool.query<{ balance: string | null }>(
    `select sum(balance_minor)::text as balance from ledger_accounts
      where agency_id = $1 and currency = 'CNY' and kind = 'agency_wallet'`,
    [agencyId],
  );
  return BigInt(rows[0]?.balance ?? '0');
}

/**
 * The books after a run of `orderIds`: the ledger's invariants, the wallet moved by exactly the
 * orders' totals, each order paid (status and payment state) with exactly one payment entry.
 */
async function checkBooks(
  db: Db,
  pool: pg.Pool,
  agencyId: number,
  before: bigint,
  orderIds: string[],
): Promise<string[]> {
  const problems = [...(await ledgerViolations(db))];
  const { rows } = await pool.query<{
    orders: number;
    unpaid: number;
    total: string;
    entries: number;
    once: number;
  }>(
    `select count(*)::int as orders,
            count(*) filter (where o.payment_state <> 'paid' or o.paid_at is null)::int as unpaid,
            coalesce(sum(o.order_total_minor), 0)::text as total,
            coalesce(sum(e.n), 0)::int as entries,
            count(*) filter (where e.n = 1)::int as once
       from flight_orders o
       left join lateral (select count(*)::int as n from journal_entries j
                           where j.order_id = o.id::text and j.kind = 'origin-flight') e on true
      where o.id = any($1::uuid[])`,
    [orderIds],
  );
  const books = rows[0];
  if (!books) return ['no answer from the books'];
  if (books.orders !== orderIds.length) problems.push(`${books.orders} of ${orderIds.length} orders found`);
  if (books.unpaid !== 0) problems.push(`${books.unpaid} orders not paid`);
  if (books.once !== orderIds.length || books.entries !== orderIds.length)
    problems.push(
      `${books.entries} payment entries, ${books.once} orders paid exactly once, of ${orderIds.length}`,
    );
  const moved = before - (await walletBalance(pool, agencyId));
  if (moved !== BigInt(books.total))
    problems.push(`the wallet moved by ${moved}, the orders total ${books.total}`);
  return problems;
}

async function main(url: string): Promise<void> {
  const { database, schema, finish } = await migratedSchema(url, CONCURRENCY + 4);
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path=${schema}` });
  const databaseName = decodeURIComponent(new globalThis.URL(url).pathname.slice(1));
  let app: FastifyInstance | undefined;
  let client: Client | undefined;
  try {
    const hasher = createPasswordHasher(true);
    await seedBaseData(database.db);
    await seedDemo(database.db, (password) => hasher.hash(password));
    app = await buildApp({ config: benchConfig(), database });
    // The baseline: a bare route in the same app (same hooks minus the session and the database)
    // answering the bytes of a real payment's answer, taken from the first payment.
    let bareBody = '';
    app.get('/bench/bare', { config: { access: 'public' } }, async (_request, reply) =>
      reply.type('application/json; charset=utf-8').send(bareBody),
    );
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    client = httpClient(origin, CONCURRENCY);
    const http = client;

    const login = expectOk(
      'login',
      await http.request('POST', '/base/v2/login', {}, { username: 'admin', password: 'demo1234' }),
    ) as { token: string; user?: { agencyId?: number } };
    const headers = { authorization: `Bearer ${login.token}` };
    const agencyId = 1; // the demo admin's, a top-level agency
    const solutions = await searchSolutions(http, headers);

    // Enough for every unit at the dearest solution, twice over.
    let dearest = 0;
    const orderIds: string[] = [];
    const unit = async (i: number) => {
      const t0 = performance.now();
      const booked = expectOk(
        `booking ${i}`,
        await http.request(
          'POST',
          '/order/v2/flight/orders',
          { ...headers, 'idempotency-key': `book-${i}` },
          bookingBody(solutions[i % solutions.length] ?? '', i),
        ),
      ) as { id: string };
      const t1 = performance.now();
      const answer = await http.request(
        'POST',
        `/order/v2/flight/orders/${booked.id}/payment`,
        { ...headers, 'idempotency-key': `pay-${i}` },
        { channel: 'balance' },
      );
      const paid = expectOk(`payment ${i}`, answer) as { status: string };
      if (paid.status !== 'paid') throw new Error(`payment ${i}: ${answer.body.slice(0, 300)}`);
      if (!bareBody) bareBody = answer.body;
      orderIds.push(booked.id);
      return { book: t1 - t0, pay: performance.now() - t1 };
    };

    // A first order tells the price; the wallet is then funded for all units twice over.
    // The search's poll answers before its rows are written (`askSuppliers`): the API's own reads
    // wait for them, this direct read waits until they are there (at most 30 s).
    for (let waited = 0; !(dearest > 0); waited += 50) {
      const { rows: prices } = await pool.query<{ max: string | null }>(
        `select max(total_minor)::text as max from solutions where id = any($1)`,
        [solutions],
      );
      dearest = Number(prices[0]?.max ?? 0);
      if (dearest > 0) break;
      if (waited >= 30_000) throw new Error('no price for the solutions');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const total = (WARM_UP + UNITS + 1) * dearest * 2;
    await fundWallet(database.db, http, agencyId, (total / 100).toFixed(2));

    const before = await walletBalance(pool, agencyId);
    // Units UNITS and on are the untimed ones (each unit's index names its passenger and keys).
    await race(1, () => unit(UNITS + WARM_UP)); // the bare route's body
    await race(WARM_UP, (i) => unit(UNITS + i));
    const warmProblems = await checkBooks(database.db, pool, agencyId, before, [...orderIds]);
    if (warmProblems.length > 0) throw new Error(`warm-up: books wrong:\n${warmProblems.join('\n')}`);

    // Untimed warm-up of the bare route, then the timed runs: bare first, then the units.
    const bareUnit = async () => {
      const t0 = performance.now();
      const answer = await http.request('GET', '/bench/bare', {});
      if (answer.status !== 200) throw new Error(`bare answered ${answer.status}`);
      return { book: performance.now() - t0, pay: 0 };
    };
    await race(WARM_UP, bareUnit);
    const loadBefore = loadAverage();
    const bare = await race(UNITS, bareUnit);

    const runBefore = await walletBalance(pool, agencyId);
    orderIds.length = 0;
    const session = CPU_PROFILE ? new inspector.Session() : undefined;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    statements.clear();
    const cpuBefore = process.cpuUsage();
    const serverCpuBefore = postgresCpuMs(databaseName);
    const paid = await race(UNITS, unit);
    const cpu = process.cpuUsage(cpuBefore);
    const serverCpuAfter = postgresCpuMs(databaseName);
    const counted = [...statements].sort((a, b) => b[1] - a[1]);
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      const file = path.join(
        os.tmpdir(),
        `book-and-pay-${new Date().toISOString().replaceAll(':', '-')}.cpuprofile`,
      );
      fs.writeFileSync(file, JSON.stringify(profile));
      console.log(`CPU profile of the timed run: ${file}`);
      session.disconnect();
    }
    const loadAfter = loadAverage();
    const problems = await checkBooks(database.db, pool, agencyId, runBefore, orderIds);

    console.log(
      `Book and pay from balance on PostgreSQL, supplier latency off, ${CONCURRENCY} units in flight over loopback HTTP, ${solutions.length} solutions`,
    );
    console.log(`Load average before the runs: ${loadBefore}; after: ${loadAfter}`);
    // The API and the client share this process: its CPU per unit bounds the rate on one core.
    console.log(
      `CPU of this process (API and client) per paid order: ${((cpu.user + cpu.system) / 1000 / UNITS).toFixed(2)} ms`,
    );
    if (serverCpuBefore !== undefined && serverCpuAfter !== undefined) {
      const serverMs = (serverCpuAfter - serverCpuBefore) / UNITS;
      const ownMs = (cpu.user + cpu.system) / 1000 / UNITS;
      const cores = os.availableParallelism();
      console.log(
        `CPU of this machine's PostgreSQL processes per paid order: ${serverMs.toFixed(2)} ms; with this process's, ${(ownMs + serverMs).toFixed(2)} ms: ${cores} cores bound the rate at ${Math.floor((cores * 1000) / (ownMs + serverMs))} paid orders a second`,
      );
    }
    console.log(
      `The bare route answers a payment's answer as it is: ${(bareBody.length / 1024).toFixed(1)} KB`,
    );
    const half = (name: string, list: number[]) => ({
      run: name,
      units: list.length,
      'per second': '',
      '% of bare': '',
      'p50 ms': Number(pct(list, 0.5).toFixed(2)),
      'p99 ms': Number(pct(list, 0.99).toFixed(2)),
    });
    console.table([
      row('baseline: bare Fastify route (GET)', bare, bare),
      row('book + pay from balance (paid orders)', paid, bare),
      half('  of which: POST booking', paid.book),
      half('  of which: POST payment', paid.pay),
    ]);
    if (COUNT_QUERIES) {
      const all = counted.reduce((sum, [, n]) => sum + n, 0);
      console.log(`Statements sent per unit: ${(all / UNITS).toFixed(1)}; the most frequent, per unit:`);
      for (const [text, n] of counted.slice(0, 40))
        console.log(`${(n / UNITS).toFixed(2).padStart(6)}  ${text.replace(/\s+/g, ' ').slice(0, 220)}`);
    }
    if (problems.length > 0) throw new Error(`books wrong after the run:\n${problems.join('\n')}`);
    console.log(
      `Books checked: ledger invariants hold, the wallet moved by exactly the ${orderIds.length} orders' totals, each paid once.`,
    );
  } finally {
    client?.close();
    await app?.close();
    await pool.end();
    await finish();
  }
}

if (!URL) {
  console.log('book-and-pay: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL URL)');
} else {
  await main(URL);
}
