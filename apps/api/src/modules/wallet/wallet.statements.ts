import type { StatementQuery, WalletStatement } from '@portal/domain/wallet';
import type { Db } from '../../platform/db';
import { instantAt } from '../../platform/time-zones';
import { money } from './money';
import { walletSums, type WalletSum } from './wallet-sums.repo';
import type { EntryKind } from './wallet.schema';

type Bucket = 'topUps' | 'orderPayments' | 'refunds' | 'adjustments';

/** Which statement column a ledger entry kind's wallet postings count in. */
const BUCKET_OF: Record<EntryKind, Bucket> = {
  'top-up': 'topUps',
  'origin-flight': 'orderPayments',
  'origin-train': 'orderPayments',
  'change-flight': 'orderPayments',
  'refund-flight': 'refunds',
  'void-flight': 'refunds',
  reimbursement: 'refunds',
  'credit-adjustment': 'adjustments',
  // Signed: what a sub-agency receives from its parent, what a parent sends its sub-agencies.
  transfer: 'topUps',
  // Never on a wallet (receivable and suspense only); listed for completeness.
  'provider-refund': 'adjustments',
  'provider-dispute': 'adjustments',
};

/** `YYYY-MM` months from `from` to `to`, inclusive. */
export function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year = 0, month = 1] = from.split('-').map(Number);
  while (true) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > to) return months;
    months.push(key);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/** The first instant of the month `YYYY-MM` in `timeZone` (its first day's local midnight). */
export function monthStart(month: string, timeZone: string): Date {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return instantAt(timeZone, { year, month: m, day: 1 });
}

/** The month after `YYYY-MM`. */
function nextMonth(month: string): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
}

/**
 * Per month with movement and currency: opening balance, the wallet's movements by kind and the
 * closing balance, from the sums of the agency's wallet postings by month of its time zone
 * (`before` holds everything before the first month). A month without any entry in a currency is
 * not listed: the next listed month opens with the balance it would have closed with. Currencies
 * without a movement in the range are left out.
 */
export function statementsFrom(
  sums: readonly WalletSum[],
  query: StatementQuery,
  timeZone: string,
): WalletStatement[] {
  const months = monthsOf(query.from, query.to);
  const currencies = [...new Set(sums.map((s) => s.currency))]
    .filter((c) => !query.currency || c === query.currency)
    .sort();
  const result: WalletStatement[] = [];
  for (const currency of currencies) {
    const mine = sums.filter((s) => s.currency === currency);
    let balance = mine.filter((s) => s.bucket === 'before').reduce((n, s) => n + s.amountMinor, 0);
    for (const month of months) {
      const moved = mine.filter((s) => s.bucket === month);
      if (moved.every((s) => s.postings === 0)) continue;
      const totals: Record<Bucket, number> = { topUps: 0, orderPayments: 0, refunds: 0, adjustments: 0 };
      for (const s of moved) if (s.kind) totals[BUCKET_OF[s.kind]] += s.amountMinor;
      const opening = balance;
      balance += totals.topUps + totals.orderPayments + totals.refunds + totals.adjustments;
      result.push({
        period: month,
        timeZone,
        currency: currency as WalletStatement['currency'],
        opening: money(opening, currency),
        topUps: money(totals.topUps, currency),
        orderPayments: money(-totals.orderPayments, currency),
        refunds: money(totals.refunds, currency),
        adjustments: money(totals.adjustments, currency),
        closing: money(balance, currency),
      });
    }
  }
  return result;
}

/** The statements of `query`'s months of `agency`, its months cut at midnight of its time zone. */
export async function walletStatements(
  db: Db,
  agency: { id: number; timeZone: string },
  query: StatementQuery,
): Promise<WalletStatement[]> {
  const starts = monthsOf(query.from, query.to).map((key) => ({
    key,
    start: monthStart(key, agency.timeZone),
  }));
  const end = monthStart(nextMonth(query.to), agency.timeZone);
  const sums = await walletSums(db, [agency.id], end, { by: 'periods', starts });
  return statementsFrom(sums, query, agency.timeZone);
}
