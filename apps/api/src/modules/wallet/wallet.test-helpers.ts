import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { parentOf } from './ledger.repo';
import { topUp, type TopUpInput } from './top-up';
import { transfer } from './transfer';
import { journalEntries, ledgerPostings } from './wallet.schema';

/**
 * For tests: gives `agencyId` the amount the way money enters, the platform funding its top-level
 * ancestor and each parent transferring it one level down (each agency credited `reference` once).
 * Returns the id of the entry that credited `agencyId`.
 */
export async function fundThroughParents(tx: Db, input: TopUpInput): Promise<number> {
  const chain = [input.agencyId];
  for (let p = await parentOf(tx, input.agencyId); p !== null && p !== undefined; p = await parentOf(tx, p)) {
    chain.unshift(p);
  }
  const [top, ...below] = chain;
  if (top === undefined) throw new Error('no agency');
  let entryId = await topUp(tx, { ...input, agencyId: top });
  let from = top;
  for (const agencyId of below) {
    entryId = await transfer(tx, { ...input, fromAgencyId: from, toAgencyId: agencyId });
    from = agencyId;
  }
  return entryId;
}

/**
 * Moves the entries `where` selects to `at`, as if they had been posted then: their postings'
 * copies of the time too, every posting's balance after restated in the new order of time (the
 * running sum migration 0033 computes), and the wallets' hourly and daily sums rebuilt. For tests that
 * build a history month by month.
 */
export async function moveEntries(db: Db, where: SQL | undefined, at: Date): Promise<void> {
  const moved = await db
    .update(journalEntries)
    .set({ createdAt: at })
    .where(where)
    .returning({ id: journalEntries.id });
  const ids = moved.map((e) => e.id);
  if (ids.length === 0) return;
  await db.update(ledgerPostings).set({ createdAt: at }).where(inArray(ledgerPostings.entryId, ids));
  await db.execute(sql`
    update ledger_postings p set balance_after_minor = r.balance
    from (
      select account_id, entry_id,
        sum(sum(amount_minor)) over (partition by account_id order by min(created_at), entry_id) as balance
      from ledger_postings group by account_id, entry_id
    ) r
    where r.account_id = p.account_id and r.entry_id = p.entry_id`);
  await db.execute(sql`delete from wallet_hourly_sums`);
  await db.execute(sql`
    insert into wallet_hourly_sums (account_id, agency_id, currency, hour, entry_kind, amount_minor, postings)
    select account_id, agency_id, currency, date_trunc('hour', created_at, 'UTC'), entry_kind, sum(amount_minor), count(*)
    from ledger_postings where account_kind = 'agency_wallet' group by 1, 2, 3, 4, 5`);
  await db.execute(sql`delete from wallet_daily_sums`);
  await db.execute(sql`
    insert into wallet_daily_sums (account_id, agency_id, currency, day, entry_kind, amount_minor, postings)
    select account_id, agency_id, currency, date_trunc('day', created_at, 'UTC'), entry_kind, sum(amount_minor), count(*)
    from ledger_postings where account_kind = 'agency_wallet' group by 1, 2, 3, 4, 5`);
}
