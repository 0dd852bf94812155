import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf as query } from './ledger.repo';

/** Ledger-wide invariant violations (empty when the books are sound); for tests and benches. */
export async function ledgerViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const unbalanced = await query<{ entry_id: string; currency: string; total: string }>(
    db,
    sql`
    select entry_id, currency, sum(amount_minor)::text as total from ledger_postings
    group by entry_id, currency having sum(amount_minor) <> 0`,
  );
  for (const r of unbalanced) problems.push(`entry ${r.entry_id} sums to ${r.total} ${r.currency}`);
  const drift = await query<{ id: number; balance: string; total: string }>(
    db,
    sql`
    select a.id, a.balance_minor::text as balance, coalesce(sum(p.amount_minor), 0)::text as total
    from ledger_accounts a left join ledger_postings p on p.account_id = a.id
    group by a.id having a.balance_minor <> coalesce(sum(p.amount_minor), 0)`,
  );
  for (const r of drift) problems.push(`account ${r.id} balance ${r.balance} != postings ${r.total}`);
  const mismatched = await query<{ id: string }>(
    db,
    sql`
    select p.id::text from ledger_postings p join ledger_accounts a on a.id = p.account_id
    where a.currency <> p.currency`,
  );
  for (const r of mismatched) problems.push(`posting ${r.id} currency differs from its account`);
  const overdrawn = await query<{ id: number }>(
    db,
    sql`
    select id from ledger_accounts
    where kind = 'agency_wallet' and balance_minor + credit_limit_minor < 0`,
  );
  for (const r of overdrawn) problems.push(`wallet ${r.id} below its credit limit`);
  const unconserved = await query<{ currency: string; total: string }>(
    db,
    sql`
    select currency, sum(balance_minor)::text as total from ledger_accounts
    group by currency having sum(balance_minor) <> 0`,
  );
  for (const r of unconserved) problems.push(`money not conserved in ${r.currency}: ${r.total}`);
  return problems;
}
