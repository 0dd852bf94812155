import { sql } from 'drizzle-orm';
import { unwindLegs, type MarkupLeg } from '@portal/domain/wallet-markup';
import type { Db } from '../../platform/db';
import type { PostingInput } from './ledger';
import { rowsOf } from '../../platform/db/rows';
import { ensureAccounts } from './ledger.repo';

/**
 * The postings that credit each ancestor its markup on an order (leg `markup`, on the ancestor's
 * wallet in the order's currency), and their total (what the payment's supplier leg gives up).
 */
export async function markupPostings(
  tx: Db,
  legs: readonly MarkupLeg[],
  currency: string,
): Promise<{ postings: PostingInput[]; totalMinor: number }> {
  const postings: PostingInput[] = [];
  let totalMinor = 0;
  for (const leg of legs) {
    if (leg.amountMinor === 0) continue;
    const { agency_wallet } = await ensureAccounts(tx, leg.agencyId, currency);
    postings.push({ accountId: agency_wallet, amountMinor: leg.amountMinor, currency, leg: 'markup' });
    totalMinor += leg.amountMinor;
  }
  return { postings, totalMinor };
}

/** What the payment entry of `orderId` paid, and what each ancestor earned on it. */
interface PaidLegs {
  paidMinor: number;
  legs: MarkupLeg[];
}

async function paidLegs(tx: Db, orderId: string): Promise<PaidLegs> {
  const rows = await rowsOf<{ agency_id: number; leg: string | null; amount: string }>(
    tx,
    sql`
    select a.agency_id, p.leg, sum(p.amount_minor)::text as amount
    from journal_entries e
    join ledger_postings p on p.entry_id = e.id
    join ledger_accounts a on a.id = p.account_id
    where e.order_id = ${orderId} and e.kind in ('origin-flight', 'origin-train', 'change-flight')
      and (p.leg = 'markup' or (p.leg is null and p.amount_minor < 0))
    group by a.agency_id, p.leg`,
  );
  let paidMinor = 0;
  const legs: MarkupLeg[] = [];
  for (const r of rows) {
    if (r.leg === 'markup') legs.push({ agencyId: r.agency_id, amountMinor: Number(r.amount) });
    else paidMinor -= Number(r.amount);
  }
  return { paidMinor, legs };
}

/** What earlier returns of `orderId`'s money credited the payer's wallet. */
async function returnedBefore(tx: Db, orderId: string, payerId: number): Promise<number> {
  const [row] = await rowsOf<{ amount: string }>(
    tx,
    sql`
    select coalesce(sum(p.amount_minor), 0)::text as amount
    from journal_entries e
    join ledger_postings p on p.entry_id = e.id
    join ledger_accounts a on a.id = p.account_id and a.kind = 'agency_wallet' and a.agency_id = ${payerId}
    where e.meta->>'unwinds' = ${orderId} and p.leg is null`,
  );
  return Number(row?.amount ?? 0);
}

/**
 * The clawback postings of a return of `returnedMinor` to the payer for the paid order `orderId`:
 * each ancestor gives back its markup in proportion (`unwindLegs`: cumulative over the order's
 * returns, exact integers), leg `clawback` on its wallet; and their total (what the payment's
 * supplier leg does not give back). None when the order's payment had no markup legs.
 */
export async function clawbackPostings(
  tx: Db,
  input: { orderId: string; payerId: number; currency: string; returnedMinor: number },
): Promise<{ postings: PostingInput[]; totalMinor: number }> {
  const paid = await paidLegs(tx, input.orderId);
  if (paid.legs.length === 0) return { postings: [], totalMinor: 0 };
  const before = await returnedBefore(tx, input.orderId, input.payerId);
  const back = unwindLegs(paid.legs, paid.paidMinor, before, input.returnedMinor);
  const postings: PostingInput[] = [];
  let totalMinor = 0;
  for (const leg of back) {
    const { agency_wallet } = await ensureAccounts(tx, leg.agencyId, input.currency);
    postings.push({
      accountId: agency_wallet,
      amountMinor: -leg.amountMinor,
      currency: input.currency,
      leg: 'clawback',
    });
    totalMinor += leg.amountMinor;
  }
  return { postings, totalMinor };
}
