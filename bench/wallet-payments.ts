/**
 * Balance payments per second on PostgreSQL: W concurrent workers pay distinct orders through
 * `payFromBalance` (one transaction each: account locks, entry, postings, balances) until a fixed
 * count is done, first all from one wallet (one hot row: the worst case), then spread over W
 * wallets. The wallets afford exactly the planned payments, and 10% more are attempted, which
 * must fail with INSUFFICIENT_BALANCE. Prints payments/s and p50/p99 latency next to a baseline
 * in the same run (a bare `UPDATE … RETURNING` on one row), then verifies the books: postings
 * sum to zero, each balance equals its postings, every wallet ends at exactly zero.
 * Run: `npm run bench -w bench` with BENCH_DATABASE_URL or TEST_DATABASE_URL (skipped without).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Database } from '../apps/api/src/platform/db/index';
import { migratedSchema, pct } from './lib/scratch-schema';
import { agencies } from '../apps/api/src/modules/agencies/agencies.schema';
import { AppError } from '../apps/api/src/platform/errors';
import { ledgerViolations } from '../apps/api/src/modules/wallet/ledger.invariants';
import { payFromBalance } from '../apps/api/src/modules/wallet/pay-from-balance';
import { topUp } from '../apps/api/src/modules/wallet/top-up';
import { walletAccounts } from '../apps/api/src/modules/wallet/wallet.repo';

const URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const WORKERS = Number(process.env.BENCH_WORKERS ?? 16);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 2_000);
const EXTRA = Math.round(PAYMENTS / 10);
const PRICE = 12_345;

interface Run {
  ok: number;
  refused: number;
  seconds: number;
  latencies: number[];
}

/** Runs `total` jobs over `WORKERS` workers; a job answers true (done) or false (refused). */
async function race(total: number, job: (i: number) => Promise<boolean>): Promise<Run> {
  let next = 0;
  const run: Run = { ok: 0, refused: 0, seconds: 0, latencies: [] };
  const start = performance.now();
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      for (let i = next++; i < total; i = next++) {
        const t0 = performance.now();
        if (await job(i)) run.ok += 1;
        else run.refused += 1;
        run.latencies.push(performance.now() - t0);
      }
    }),
  );
  run.seconds = (performance.now() - start) / 1000;
  run.latencies.sort((a, b) => a - b);
  return run;
}

function row(name: string, r: Run) {
  return {
    run: name,
    'ok/refused': `${r.ok}/${r.refused}`,
    'per second': Math.round((r.ok + r.refused) / r.seconds),
    'p50 ms': Number(pct(r.latencies, 0.5).toFixed(2)),
    'p99 ms': Number(pct(r.latencies, 0.99).toFixed(2)),
  };
}

async function payments(database: Database, agencyIds: number[], label: string): Promise<Run> {
  const { db } = database;
  const perWallet = Math.ceil(PAYMENTS / agencyIds.length);
  for (const agencyId of agencyIds) {
    await db.transaction((tx) =>
      topUp(tx, { agencyId, currency: 'CNY', amountMinor: perWallet * PRICE, reference: 'BENCH' }),
    );
  }
  const total = perWallet * agencyIds.length + EXTRA;
  const run = await race(total, async (i) => {
    const agencyId = agencyIds[i % agencyIds.length] ?? 0;
    try {
      await db.transaction((tx) =>
        payFromBalance(tx, {
          agencyId,
          currency: 'CNY',
          amountMinor: PRICE,
          orderId: `${label}-${i}`,
          kind: 'origin-flight',
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof AppError && error.errorName === 'INSUFFICIENT_BALANCE') return false;
      throw error;
    }
  });
  const problems: string[] = [];
  if (run.ok !== perWallet * agencyIds.length) problems.push(`${run.ok} payments went through`);
  for (const agencyId of agencyIds) {
    const [wallet] = await walletAccounts(db, agencyId);
    if (wallet?.balanceMinor !== 0) problems.push(`wallet ${agencyId} ends at ${wallet?.balanceMinor}`);
  }
  problems.push(...(await ledgerViolations(db)));
  if (problems.length > 0) throw new Error(`${label}: totals wrong:\n${problems.join('\n')}`);
  return run;
}

async function main(url: string): Promise<void> {
  const { database, schema, drop } = await migratedSchema(url, WORKERS + 2);
  try {
    const { db } = database;
    const common = {
      enableFlightService: true,
      enableTrainService: true,
      isShowBill: true,
      canCreateSubAgency: false,
      settlementCurrency: 'CNY' as const,
    };
    const ids = (
      await db
        .insert(agencies)
        .values(Array.from({ length: WORKERS }, (_, i) => ({ name: `Bench ${i}`, commonConfig: common })))
        .returning({ id: agencies.id })
    ).map((a) => a.id);

    // Baseline: the least a balance change can cost, one guarded UPDATE on one row.
    const baselinePool = new pg.Pool({
      connectionString: url,
      max: WORKERS,
      options: `-c search_path=${schema}`,
    });
    await baselinePool.query('create table bench_counter (id int primary key, balance bigint not null)');
    await baselinePool.query('insert into bench_counter values (1, $1)', [PAYMENTS * PRICE]);
    const baseline = await race(PAYMENTS + EXTRA, async () => {
      const res = await baselinePool.query(
        'update bench_counter set balance = balance - $1 where id = 1 and balance >= $1 returning balance',
        [PRICE],
      );
      return res.rowCount === 1;
    });
    await baselinePool.end();
    if (baseline.ok !== PAYMENTS) throw new Error(`baseline: ${baseline.ok} updates went through`);

    const first = ids[0] ?? 0;
    const hot = await payments(database, [first], 'HOT');
    const spread = await payments(database, ids.slice(1), 'SPREAD');
    console.log(
      `Balance payments on PostgreSQL: ${WORKERS} workers, ${PAYMENTS} payable + ${EXTRA} refused attempts per run`,
    );
    console.table([
      row('baseline: UPDATE … RETURNING (1 row)', baseline),
      row('payFromBalance, 1 wallet (hot row)', hot),
      row(`payFromBalance, ${ids.length - 1} wallets`, spread),
    ]);
    console.log('Totals verified: postings sum to zero, balances equal postings, every wallet at 0.');
  } finally {
    await drop();
  }
}

if (!URL) {
  console.log('wallet-payments: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a PostgreSQL URL)');
} else {
  await main(URL);
}
