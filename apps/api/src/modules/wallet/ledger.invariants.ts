import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { rowsOf as query } from '../../platform/db/rows';
import { WALLET_PAYMENT_TYPES } from '@portal/domain/wallet';
import { kindsOf } from './wallet.presenter';
import { ENTRY_KINDS } from './wallet.schema';

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
  problems.push(...(await postingCopyViolations(db)));
  // No wallet's available amount (balance + credit - credit lent) below zero, except through the
  // clawback of markup it earned: every other debit needs cover, so it is at most what it gave back.
  const overdrawn = await query<{ id: number }>(
    db,
    sql`
    select a.id from ledger_accounts a
    where a.kind = 'agency_wallet' and a.balance_minor + a.credit_limit_minor - a.credit_lent_minor
      + coalesce((select -sum(p.amount_minor) from ledger_postings p
                  where p.account_id = a.id and p.leg = 'clawback' and p.amount_minor < 0), 0) < 0`,
  );
  for (const r of overdrawn) problems.push(`wallet ${r.id} below its credit limit`);
  const unconserved = await query<{ currency: string; total: string }>(
    db,
    sql`
    select currency, sum(balance_minor)::text as total from ledger_accounts
    group by currency having sum(balance_minor) <> 0`,
  );
  for (const r of unconserved) problems.push(`money not conserved in ${r.currency}: ${r.total}`);
  problems.push(...(await fundingViolations(db)));
  problems.push(...(await ticketViolations(db)));
  problems.push(...(await groupInstalmentViolations(db)));
  problems.push(...(await trainOrderViolations(db)));
  // Not money: the order list's counts kept per day, checked wherever the books are.
  problems.push(...(await orderCountViolations(db)));
  return problems;
}

/**
 * Money enters only at the top (docs/agency-management.md). A posting on another agency's
 * account than its entry's is a transfer's debit of the entry agency's direct parent's wallet,
 * or a markup or clawback leg on the wallet of an ancestor of the entry's agency; `platform_cash`
 * moves only in `top-up` entries of top-level agencies (gateway captures post
 * `platform_receivable`); a transfer is one debit of the parent's wallet and one equal credit of
 * the child's, in one currency; every wallet's credit lent equals the credit limits of its direct
 * sub-agencies' wallets in that currency; a wallet's clawbacks from an order never exceed the
 * markup it earned on it. Each wallet's credit limit is the one its latest credit entry set (0
 * without any), and each credit entry starts from the limit the one before it set.
 */
export async function fundingViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const crossed = await query<{ id: string; entry_id: string }>(
    db,
    sql`
    with recursive up(agency_id, ancestor_id) as (
      select id, parent_id from agencies where parent_id is not null
      union all select up.agency_id, g.parent_id from up join agencies g on g.id = up.ancestor_id
        where g.parent_id is not null
    )
    select p.id::text, p.entry_id::text from ledger_postings p
    join ledger_accounts a on a.id = p.account_id
    join journal_entries e on e.id = p.entry_id
    join agencies child on child.id = e.agency_id
    where a.agency_id <> e.agency_id and not (
      (e.kind = 'transfer' and p.leg is null and a.kind = 'agency_wallet' and a.agency_id = child.parent_id
        and p.amount_minor < 0)
      or (p.leg in ('markup', 'clawback') and a.kind = 'agency_wallet'
        and exists (select 1 from up where up.agency_id = e.agency_id and up.ancestor_id = a.agency_id)))`,
  );
  for (const r of crossed)
    problems.push(`posting ${r.id} of entry ${r.entry_id} is on another agency's account`);
  const legOnOwn = await query<{ id: string }>(
    db,
    sql`
    select p.id::text from ledger_postings p
    join ledger_accounts a on a.id = p.account_id join journal_entries e on e.id = p.entry_id
    where p.leg is not null and a.agency_id = e.agency_id`,
  );
  for (const r of legOnOwn) problems.push(`posting ${r.id} is a markup leg on the entry's own agency`);
  const cash = await query<{ id: string }>(
    db,
    sql`
    select distinct e.id::text from ledger_postings p
    join ledger_accounts a on a.id = p.account_id and a.kind = 'platform_cash'
    join journal_entries e on e.id = p.entry_id
    join agencies g on g.id = e.agency_id
    where (e.kind <> 'top-up' or g.parent_id is not null) and (e.meta -> 'legacySubFunding') is null`,
  );
  for (const r of cash) problems.push(`entry ${r.id} moves platform_cash but is no top-level funding`);
  const transfers = await query<{ id: string }>(
    db,
    sql`
    select e.id::text from journal_entries e
    join agencies child on child.id = e.agency_id
    join ledger_postings p on p.entry_id = e.id
    join ledger_accounts a on a.id = p.account_id
    where e.kind = 'transfer'
    group by e.id, child.parent_id
    having count(*) <> 2 or count(distinct p.currency) <> 1
      or sum(case when a.agency_id = e.agency_id and a.kind = 'agency_wallet' and p.amount_minor > 0
                  then 1 else 0 end) <> 1
      or sum(case when a.agency_id = child.parent_id and a.kind = 'agency_wallet' and p.amount_minor < 0
                  then 1 else 0 end) <> 1`,
  );
  for (const r of transfers) problems.push(`transfer ${r.id} is not one parent debit and one child credit`);
  const lent = await query<{ id: number; lent: string; limits: string }>(
    db,
    sql`
    select w.id, w.credit_lent_minor::text as lent, coalesce(s.limits, 0)::text as limits
    from ledger_accounts w
    left join (select g.parent_id, c.currency, sum(c.credit_limit_minor) as limits
               from ledger_accounts c join agencies g on g.id = c.agency_id
               where c.kind = 'agency_wallet' and g.parent_id is not null
               group by g.parent_id, c.currency) s on s.parent_id = w.agency_id and s.currency = w.currency
    where w.kind = 'agency_wallet' and w.credit_lent_minor <> coalesce(s.limits, 0)`,
  );
  for (const r of lent)
    problems.push(`wallet ${r.id} lends ${r.lent}, its sub-agencies' limits are ${r.limits}`);
  const overClawed = await query<{ account_id: number; order_id: string }>(
    db,
    sql`
    select p.account_id, coalesce(e.meta->>'unwinds', e.order_id) as order_id
    from ledger_postings p join journal_entries e on e.id = p.entry_id
    where p.leg in ('markup', 'clawback')
    group by p.account_id, coalesce(e.meta->>'unwinds', e.order_id)
    having sum(case when p.leg = 'markup' then p.amount_minor else 0 end) > 0
      and sum(p.amount_minor) < 0`,
  );
  for (const r of overClawed)
    problems.push(`wallet ${r.account_id} gave back more markup than it earned on order ${r.order_id}`);
  // Credit entries name their currency; older ones without it count for every currency of the agency.
  const credits = sql`
    select a.id as account_id, e.id, e.created_at,
      (e.meta->>'creditLimitFromMinor')::bigint as from_minor, (e.meta->>'creditLimitToMinor')::bigint as to_minor,
      lag((e.meta->>'creditLimitToMinor')::bigint, 1, 0::bigint) over (partition by a.id order by e.created_at, e.id) as previous
    from ledger_accounts a
    join journal_entries e on e.agency_id = a.agency_id and e.kind = 'credit-adjustment'
      and coalesce(e.meta->>'currency', a.currency) = a.currency
    where a.kind = 'agency_wallet'`;
  const unexplained = await query<{ id: number; limit: string; set: string }>(
    db,
    sql`
    select a.id, a.credit_limit_minor::text as limit, coalesce(last.to_minor, 0)::text as set
    from ledger_accounts a
    left join lateral (select c.to_minor from (${credits}) c where c.account_id = a.id
      order by c.created_at desc, c.id desc limit 1) last on true
    where a.kind = 'agency_wallet' and a.credit_limit_minor <> coalesce(last.to_minor, 0)`,
  );
  for (const r of unexplained)
    problems.push(`wallet ${r.id} credit limit ${r.limit}, its credit entries set ${r.set}`);
  const broken = await query<{ id: string }>(
    db,
    sql`select c.id::text from (${credits}) c where c.from_minor <> c.previous`,
  );
  for (const r of broken) problems.push(`credit entry ${r.id} does not start from the previous limit`);
  return problems;
}

/**
 * Money back per ticket (to the wallet, or to the card through the provider that captured it: the
 * platform's receivable): a refund or void entry credits at most what was paid for the
 * ticket-segments its order claims; no ticket-segment is credited by two refunds or voids; and
 * what an original's refunds and voids credit never exceeds what was paid for it. Seats and bags
 * bought after issue come back under their own ledger order ids, checked against their purchase.
 */
export async function ticketViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const credits = sql`
    select e.id, e.order_id,
      coalesce(sum(p.amount_minor) filter (
        where a.kind in ('agency_wallet', 'platform_receivable') and p.leg is null), 0) as credit
    from journal_entries e
    join ledger_postings p on p.entry_id = e.id
    join ledger_accounts a on a.id = p.account_id
    where e.kind in ('refund-flight', 'void-flight') and e.order_id not like '%/extras-%'
    group by e.id, e.order_id`;
  const aboveClaims = await query<{ id: string; credit: string; paid: string }>(
    db,
    sql`
    select x.id::text, x.credit::text, coalesce(c.paid, 0)::text as paid
    from (${credits}) x
    left join (select after_sales_order_id::text as order_id, sum(paid_minor) as paid
               from ticket_claims group by after_sales_order_id) c on c.order_id = x.order_id
    where x.credit > coalesce(c.paid, 0)`,
  );
  for (const r of aboveClaims) problems.push(`entry ${r.id} credits ${r.credit}, above ${r.paid} paid`);
  const twice = await query<{ ticket: string; n: string }>(
    db,
    sql`
    select c.order_id || '/' || c.passenger_id || '/' || c.segment_index as ticket,
      count(distinct c.after_sales_order_id)::text as n
    from ticket_claims c
    where c.after_sales_order_id::text in
      (select order_id from journal_entries where kind in ('refund-flight', 'void-flight'))
    group by c.order_id, c.passenger_id, c.segment_index
    having count(distinct c.after_sales_order_id) > 1`,
  );
  for (const r of twice) problems.push(`ticket ${r.ticket} credited by ${r.n} refunds or voids`);
  const abovePaid = await query<{ id: string; credit: string; paid: string }>(
    db,
    sql`
    select o.id::text, sum(x.credit)::text as credit, o.order_total_minor::text as paid
    from flight_orders o
    join flight_orders r on r.original_booking_id = o.id
    join (${credits}) x on x.order_id = r.id::text
    where o.type = 'origin'
    group by o.id, o.order_total_minor, o.payment_state
    having sum(x.credit) > case when o.payment_state = 'paid' then o.order_total_minor else 0 end`,
  );
  for (const r of abovePaid) problems.push(`order ${r.id} got ${r.credit} back, above ${r.paid} paid`);
  problems.push(...(await purchaseReturnViolations(db)));
  return problems;
}

/**
 * Seats and bags bought after issue and returned by refunds and voids (ledger order ids
 * `{refund}/extras-{purchase}`): what each purchase got back is at most what it was paid, and at
 * most the price of its lines that are refunded or voided.
 */
async function purchaseReturnViolations(db: Db): Promise<string[]> {
  const above = await query<{ id: string; credit: string; paid: string; lines: string }>(
    db,
    sql`
    select y.id, y.credit::text, y.paid::text, y.lines::text from (
      select o.id::text as id, sum(x.credit) as credit,
        case when o.payment_state = 'paid' then o.order_total_minor else 0 end as paid,
        coalesce((select sum(l.price_minor) from flight_order_ancillaries l
                  where l.purchase_order_id = o.id and l.status in ('refunded', 'voided')), 0) as lines
      from (
        select e.meta->>'unwinds' as purchase_id,
          coalesce(sum(p.amount_minor) filter (
            where a.kind in ('agency_wallet', 'platform_receivable') and p.leg is null), 0) as credit
        from journal_entries e
        join ledger_postings p on p.entry_id = e.id
        join ledger_accounts a on a.id = p.account_id
        where e.kind in ('refund-flight', 'void-flight') and e.order_id like '%/extras-%'
        group by e.id) x
      join flight_orders o on o.id::text = x.purchase_id
      group by o.id, o.order_total_minor, o.payment_state) y
    where y.credit > y.paid or y.credit > y.lines`,
  );
  return above.map(
    (r) => `purchase ${r.id} got ${r.credit} back, above ${r.paid} paid or ${r.lines} of lines returned`,
  );
}

/**
 * Group order instalments: a paid instalment names one entry, under its own ledger order id
 * (`<order id>/instalment-<n>`), that takes exactly its amount from the wallet (paid with the
 * balance) or from the platform's receivable (captured by an outside channel); and every entry
 * under such an id belongs to a paid instalment (nothing charged twice or for nothing).
 */
export async function groupInstalmentViolations(db: Db): Promise<string[]> {
  const problems: string[] = [];
  const wrong = await query<{ id: string; charged: string | null; amount: string }>(
    db,
    sql`
    select i.id::text, w.charged::text, i.amount_minor::text as amount
    from group_instalments i
    left join journal_entries e on e.id = i.ledger_entry_id
      and e.order_id = i.order_id::text || '/instalment-' || i.n
    left join lateral (
      select -sum(p.amount_minor) as charged from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
        and a.kind = case when i.channel = 'balance' then 'agency_wallet' else 'platform_receivable' end
      where p.entry_id = e.id) w on true
    where i.paid_at is not null and (e.id is null or w.charged is distinct from i.amount_minor)`,
  );
  for (const r of wrong)
    problems.push(`instalment ${r.id} charged ${r.charged ?? 'nothing'}, not ${r.amount}`);
  const stray = await query<{ id: string }>(
    db,
    sql`
    select e.id::text from journal_entries e
    where e.order_id like '%/instalment-%'
      and not exists (select 1 from group_instalments i where i.ledger_entry_id = e.id and i.paid_at is not null)`,
  );
  for (const r of stray) problems.push(`entry ${r.id} charges a group instalment that is not paid by it`);
  return problems;
}

/**
 * Train orders: a paid order took exactly its total from the wallet once (`origin-train`), an
 * unpaid one nothing; what came back (`reimbursement`: cancel, failed ticketing or refund) is the
 * amount the order says it returned, never more than it paid.
 */
export async function trainOrderViolations(db: Db): Promise<string[]> {
  const moved = (kind: string) => sql`(
      select coalesce(sum(p.amount_minor), 0) from journal_entries e
      join ledger_postings p on p.entry_id = e.id
      join ledger_accounts a on a.id = p.account_id and a.kind = 'agency_wallet'
      where e.order_id = t.id::text and e.kind = ${kind})`;
  const wrong = await query<{ id: string; paid: string; back: string; total: string }>(
    db,
    sql`
    select x.id, x.paid::text, x.back::text, x.total::text from (
      select t.id::text as id, -${moved('origin-train')} as paid, ${moved('reimbursement')} as back,
        t.order_total_minor as total, t.payment_state, coalesce(t.refunded_minor, 0) as refunded
      from train_orders t) x
    where x.paid <> case when x.payment_state = 'paid' then x.total else 0 end
      or x.back <> x.refunded or x.back > x.paid`,
  );
  return wrong.map(
    (r) => `train order ${r.id} of ${r.total} took ${r.paid} from the wallet and gave ${r.back} back`,
  );
}

/**
 * The facts each posting copies for the wallet's lists (migration 0033) agree with their sources:
 * its account's agency and kind, its entry's kind and time; its balance after is the running
 * sum of its account's postings through its entry, entries in time order then by id; and each
 * wallet's hourly and daily sums are its postings' per UTC hour, and UTC day, and entry kind (the
 * daily ones also of the wallet's agency and currency: statements select them by agency); its
 * payment type (migration 0042) is the one `kindsOf` lists its entry kind under.
 */
export async function postingCopyViolations(db: Db): Promise<string[]> {
  const copied = await query<{ id: string }>(
    db,
    sql`
    select p.id::text from ledger_postings p
    join ledger_accounts a on a.id = p.account_id
    join journal_entries e on e.id = p.entry_id
    where p.agency_id <> a.agency_id or p.account_kind <> a.kind or p.entry_kind <> e.kind
      or p.created_at <> e.created_at`,
  );
  // Each entry kind's type as the type filter lists it (`kindsOf`), against the one PostgreSQL
  // computed from the posting's entry kind (migration 0042's expression).
  const listedUnder = ENTRY_KINDS.map(
    (kind) =>
      sql`(${kind}::text, ${WALLET_PAYMENT_TYPES.find((type) => kindsOf(type).includes(kind)) ?? null}::text)`,
  );
  const typed = await query<{ id: string; entry_kind: string; payment_type: string | null }>(
    db,
    sql`
    select p.id::text, p.entry_kind, p.payment_type from ledger_postings p
    left join (values ${sql.join(listedUnder, sql`, `)}) k(kind, type) on k.kind = p.entry_kind
    where p.payment_type is distinct from k.type`,
  );
  const running = await query<{ account_id: number; entry_id: string; stored: string; total: string }>(
    db,
    sql`
    select account_id, entry_id::text, stored::text, total::text from (
      select account_id, entry_id, min(balance_after_minor) as stored, max(balance_after_minor) as top,
        sum(sum(amount_minor)) over (partition by account_id order by min(created_at), entry_id) as total
      from ledger_postings group by account_id, entry_id
    ) r where stored <> total or top <> total`,
  );
  const hourly = await query<{ account_id: number; hour: string; entry_kind: string }>(
    db,
    sql`
    select coalesce(s.account_id, r.account_id) as account_id, coalesce(s.hour, r.hour)::text as hour,
      coalesce(s.entry_kind, r.entry_kind) as entry_kind
    from wallet_hourly_sums s
    full join (
      select account_id, date_trunc('hour', created_at, 'UTC') as hour, entry_kind,
        sum(amount_minor) as amount_minor, count(*)::int as postings
      from ledger_postings where account_kind = 'agency_wallet' group by 1, 2, 3
    ) r on r.account_id = s.account_id and r.hour = s.hour and r.entry_kind = s.entry_kind
    where s.amount_minor is distinct from r.amount_minor or s.postings is distinct from r.postings`,
  );
  const daily = await query<{ account_id: number; day: string; entry_kind: string }>(
    db,
    sql`
    select coalesce(s.account_id, r.account_id) as account_id, coalesce(s.day, r.day)::text as day,
      coalesce(s.entry_kind, r.entry_kind) as entry_kind
    from wallet_daily_sums s
    full join (
      select account_id, agency_id, currency, date_trunc('day', created_at, 'UTC') as day, entry_kind,
        sum(amount_minor) as amount_minor, count(*)::int as postings
      from ledger_postings where account_kind = 'agency_wallet' group by 1, 2, 3, 4, 5
    ) r on r.account_id = s.account_id and r.day = s.day and r.entry_kind = s.entry_kind
    where s.amount_minor is distinct from r.amount_minor or s.postings is distinct from r.postings
      or s.agency_id is distinct from r.agency_id or s.currency is distinct from r.currency`,
  );
  return [
    ...copied.map((r) => `posting ${r.id} differs from its account or entry`),
    ...typed.map(
      (r) =>
        `posting ${r.id} (${r.entry_kind}) is listed under the type ${r.payment_type ?? 'none'}, not its kind's`,
    ),
    ...daily.map(
      (r) => `wallet ${r.account_id}'s ${r.entry_kind} sum of the day ${r.day} differs from its postings`,
    ),
    ...hourly.map(
      (r) => `wallet ${r.account_id}'s ${r.entry_kind} sum of the hour ${r.hour} differs from its postings`,
    ),
    ...running.map(
      (r) =>
        `account ${r.account_id} after entry ${r.entry_id}: stored ${r.stored}, postings sum to ${r.total}`,
    ),
  ];
}

/**
 * The order list's counts kept per agency, status and UTC day (`order_daily_counts`, migration
 * 0041, flight-orders' `order-daily-counts.ts`) equal the orders' counts. Not money, but kept by the
 * database beside the orders as the wallet's sums beside the postings, and checked wherever the
 * books are. Rows kept at 0 (every order of that status and day moved on) are no difference.
 */
export async function orderCountViolations(db: Db): Promise<string[]> {
  const differing = await query<{
    agency_id: number;
    status: string;
    day: string;
    kept: string;
    orders: string;
  }>(
    db,
    sql`
    select coalesce(k.agency_id, o.agency_id) as agency_id, coalesce(k.status, o.status) as status,
      coalesce(k.day, o.day)::text as day, coalesce(k.orders, 0)::text as kept, coalesce(o.orders, 0)::text as orders
    from (select * from order_daily_counts where orders <> 0) k
    full join (
      select agency_id, status, date_trunc('day', created_at, 'UTC') as day, count(*) as orders
      from flight_orders group by 1, 2, 3
    ) o on o.agency_id = k.agency_id and o.status = k.status and o.day = k.day
    where coalesce(k.orders, 0) <> coalesce(o.orders, 0)`,
  );
  return differing.map(
    (r) =>
      `agency ${r.agency_id}'s ${r.status} orders of the day ${r.day}: ${r.kept} kept, ${r.orders} booked`,
  );
}
