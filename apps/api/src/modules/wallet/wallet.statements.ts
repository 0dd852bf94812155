import type { StatementQuery, WalletStatement } from '@portal/domain/wallet';
import type { Db } from '../../platform/db';
import { money } from './money';
import { monthlyWalletSums, type MonthlyWalletSum } from './wallet.repo';
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

/** The first instant (UTC) after the month `YYYY-MM`. */
function monthEnd(month: string): Date {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return new Date(Date.UTC(year, m, 1));
}

/**
 * Per month and currency: opening balance, the wallet's movements by kind and the closing
 * balance, from the postings of the agency's wallet accounts (`closing` of one month is the
 * `opening` of the next). Currencies without any posting up to `to` are left out.
 */
export function statementsFrom(sums: MonthlyWalletSum[], query: StatementQuery): WalletStatement[] {
  const months = monthsOf(query.from, query.to);
  const currencies = [...new Set(sums.map((s) => s.currency))]
    .filter((c) => !query.currency || c === query.currency)
    .sort();
  const result: WalletStatement[] = [];
  for (const currency of currencies) {
    const mine = sums.filter((s) => s.currency === currency);
    let balance = mine.filter((s) => s.month < query.from).reduce((n, s) => n + s.amountMinor, 0);
    for (const month of months) {
      const totals: Record<Bucket, number> = { topUps: 0, orderPayments: 0, refunds: 0, adjustments: 0 };
      for (const s of mine) if (s.month === month) totals[BUCKET_OF[s.kind]] += s.amountMinor;
      const opening = balance;
      balance += totals.topUps + totals.orderPayments + totals.refunds + totals.adjustments;
      result.push({
        period: month,
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

/** The agency's wallet statements of `query`'s months. */
export async function walletStatements(db: Db, agencyId: number, query: StatementQuery) {
  return statementsFrom(await monthlyWalletSums(db, agencyId, monthEnd(query.to)), query);
}
