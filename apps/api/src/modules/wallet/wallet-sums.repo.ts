import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { preparedStatement } from '../../platform/db/rows';
import { instantAt, wallClockAt } from '../../platform/time-zones';
import {
  ledgerAccounts,
  ledgerPostings,
  walletDailySums,
  walletHourlySums,
  type EntryKind,
} from './wallet.schema';

/** The start of one period of a statement: its key (`YYYY-MM`) and its first instant. */
export interface PeriodStart {
  key: string;
  start: Date;
}

/**
 * How `walletSums` groups entries in time, everything before the first period as `before`: by
 * `periods` (each from its start to the next one's, starts ascending, computed in the agency's
 * time zone by the caller), or from `start` by day of `timeZone` (`YYYY-MM-DD`) or all together as
 * `within`.
 */
export type SumBucket =
  { by: 'periods'; starts: readonly PeriodStart[] } | { by: 'day' | 'range'; start: Date; timeZone: string };

/**
 * Sum of one agency wallet's postings of one entry kind in one time bucket; in the bucket
 * `before`, the wallet's balance when the first bucket starts (kind null, postings 0).
 */
export interface WalletSum {
  agencyId: number;
  currency: string;
  bucket: string;
  kind: EntryKind | null;
  amountMinor: number;
  /** How many postings the sum is of: a month whose postings cancel out still had movement. */
  postings: number;
}

/** The first instant of `bucket`'s first bucket. */
function startOf(bucket: SumBucket): Date | undefined {
  return bucket.by === 'periods' ? bucket.starts[0]?.start : bucket.start;
}

/**
 * Where each of `bucket`'s buckets begins, ascending: its periods, each local day of its time zone
 * from `start`'s to the last before `end` (keyed `YYYY-MM-DD`), or `start` alone (`within`).
 */
function startsOf(bucket: SumBucket, end: Date): readonly PeriodStart[] {
  if (bucket.by === 'periods') return bucket.starts;
  if (bucket.by === 'range') return [{ key: 'within', start: bucket.start }];
  const found: PeriodStart[] = [];
  const first = wallClockAt(bucket.start, bucket.timeZone);
  for (let day = Date.UTC(first.year, first.month - 1, first.day); ; day += 86_400_000) {
    const date = new Date(day);
    const midnight = instantAt(bucket.timeZone, {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
    });
    if (midnight >= end) return found;
    found.push({ key: date.toISOString().slice(0, 10), start: midnight });
  }
}

const HOUR_MS = 3_600_000;

/** Where `bucket`'s buckets begin, and `end`: the instants an hour's sum must not straddle. */
function boundariesOf(bucket: SumBucket, end: Date): Date[] {
  return [...startsOf(bucket, end).map((p) => p.start), end];
}

/**
 * The hours a bucket begins within (a time zone whose offset is not whole hours): their sums mix
 * two buckets, so those hours are summed from their postings.
 */
function splitHours(bucket: SumBucket, end: Date): Date[] {
  const hours = boundariesOf(bucket, end)
    .filter((at) => at.getTime() % HOUR_MS !== 0)
    .map((at) => at.getTime() - (at.getTime() % HOUR_MS));
  return [...new Set(hours)].map((ms) => new Date(ms));
}

const DAY_MS = 86_400_000;

/** A span of time `[from, to)`. */
interface Span {
  from: Date;
  to: Date;
}

/** `spans` in time order with the adjacent or overlapping ones joined. */
function joined(spans: readonly Span[]): Span[] {
  const result: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.from.getTime() - b.from.getTime())) {
    const last = result.at(-1);
    if (last && span.from <= last.to) last.to = span.to > last.to ? span.to : last.to;
    else result.push({ ...span });
  }
  return result;
}

/**
 * Where a sum from `start` to `end` reads its time from: the whole UTC days no bucket begins within
 * (from the daily sums: `days`, the UTC midnights from `from` to `to` but `edges`), and the hours
 * of the rest (from the hourly sums: `hours`): the days a bucket begins within, and the part days
 * before the first UTC midnight and after the last.
 */
function daysAndHours(
  bucket: SumBucket,
  start: Date,
  end: Date,
): { days: (Span & { edges: Date[] }) | undefined; hours: Span[] } {
  const from = new Date(Math.ceil(start.getTime() / DAY_MS) * DAY_MS);
  const to = new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS);
  if (from >= to) return { days: undefined, hours: [{ from: start, to: end }] };
  const edges = [
    ...new Set(
      boundariesOf(bucket, end)
        .filter((at) => at > from && at < to && at.getTime() % DAY_MS !== 0)
        .map((at) => at.getTime() - (at.getTime() % DAY_MS)),
    ),
  ].map((ms) => new Date(ms));
  const hours = joined([
    { from: start, to: from },
    ...edges.map((day) => ({ from: day, to: new Date(day.getTime() + DAY_MS) })),
    { from: to, to: end },
  ]).filter((span) => span.from < span.to);
  const whole = (to.getTime() - from.getTime()) / DAY_MS > edges.length;
  return { days: whole ? { from, to, edges } : undefined, hours };
}

/** A list as a PostgreSQL array literal (ids and ISO instants: nothing in them needs quoting). */
const arrayOf = (values: readonly (number | Date)[]) =>
  `{${values.map((v) => (v instanceof Date ? v.toISOString() : String(v))).join(',')}}`;

const p = (name: string) => sql.placeholder(name);

/** A row of `sumsStatement`: `bucket` 0 is the opening balance (before the first bucket). */
interface SumRow {
  agencyId: number;
  currency: string;
  bucket: number;
  kind: EntryKind | null;
  amountMinor: string | null;
  postings: number;
}

/**
 * The one statement every sum reads, whatever its buckets and spans: they come as arrays, so its
 * text never changes and it is prepared once per connection (parsed and planned once, not on every
 * request as a text with the months' instants written in was). A row's bucket is its index among
 * the buckets' starts (`width_bucket`, starts ascending), 0 for the opening balances. The arms:
 * - the opening balances: each wallet's last stored balance before `start` (null: no posting);
 * - the daily sums of the UTC days from `daysFrom` to `daysTo` but `edges` (the days a bucket
 *   begins within);
 * - the hourly sums of the spans `hoursFrom[i]` to `hoursTo[i]` but the `split` hours;
 * - the postings of the `split` hours (a bucket begins within them) between `start` and `end`.
 * The spans are disjoint (`daysAndHours`), so no time of the range is read twice.
 */
const sumsStatement = preparedStatement<SumRow>(
  'wallet_sums',
  sql`select a.agency_id as "agencyId", a.currency, 0 as bucket, null::text as kind,
      (select b.balance_after_minor from ${ledgerPostings} b where b.account_id = a.id
        and b.created_at < ${p('start')}::timestamptz
        order by b.created_at desc, b.entry_id desc limit 1)::text as "amountMinor",
      0 as postings
    from ${ledgerAccounts} a
    where a.agency_id = any(${p('agencies')}::int[]) and a.kind = 'agency_wallet'
  union all
  select d.agency_id, d.currency, width_bucket(d.day, ${p('starts')}::timestamptz[]), d.entry_kind,
      sum(d.amount_minor)::text, sum(d.postings)::int
    from ${walletDailySums} d
    where d.agency_id = any(${p('agencies')}::int[])
      and d.day >= ${p('daysFrom')}::timestamptz and d.day < ${p('daysTo')}::timestamptz
      and d.day <> all(${p('edges')}::timestamptz[])
    group by 1, 2, 3, 4
  union all
  select h.agency_id, h.currency, width_bucket(h.hour, ${p('starts')}::timestamptz[]), h.entry_kind,
      sum(h.amount_minor)::text, sum(h.postings)::int
    from unnest(${p('hoursFrom')}::timestamptz[], ${p('hoursTo')}::timestamptz[]) s(f, t)
    join ${walletHourlySums} h on h.hour >= s.f and h.hour < s.t
    where h.agency_id = any(${p('agencies')}::int[]) and h.hour <> all(${p('split')}::timestamptz[])
    group by 1, 2, 3, 4
  union all
  select l.agency_id, l.currency, width_bucket(l.created_at, ${p('starts')}::timestamptz[]), l.entry_kind,
      sum(l.amount_minor)::text, count(*)::int
    from unnest(${p('split')}::timestamptz[]) s(hour)
    join ${ledgerPostings} l on l.created_at >= s.hour and l.created_at < s.hour + interval '1 hour'
    where l.agency_id = any(${p('agencies')}::int[]) and l.account_kind = 'agency_wallet'
      and l.created_at >= ${p('start')}::timestamptz and l.created_at < ${p('end')}::timestamptz
    group by 1, 2, 3, 4`,
);

/**
 * Sums of the wallet postings of `agencyIds` per agency, currency, time bucket and entry kind,
 * of the entries before `end`: the one read every statement is computed from. The buckets are
 * summed from the wallets' daily sums for the UTC days no bucket begins within, from their hourly
 * sums for the hours of the other days, and from the postings only in an hour a bucket begins
 * within; what came before is the balance each wallet's last posting before the first bucket left.
 * One round trip, one prepared statement (`sumsStatement`).
 */
export async function walletSums(
  db: Db,
  agencyIds: readonly number[],
  end: Date,
  bucket: SumBucket,
): Promise<WalletSum[]> {
  const start = startOf(bucket);
  if (agencyIds.length === 0 || !start) return [];
  const starts = startsOf(bucket, end);
  const { days, hours } = daysAndHours(bucket, start, end);
  const rows = await sumsStatement(db, {
    agencies: arrayOf(agencyIds),
    starts: arrayOf(starts.map((s) => s.start)),
    start: start.toISOString(),
    end: end.toISOString(),
    // No whole day: an empty range.
    daysFrom: (days?.from ?? start).toISOString(),
    daysTo: (days?.to ?? start).toISOString(),
    edges: arrayOf(days?.edges ?? []),
    hoursFrom: arrayOf(hours.map((span) => span.from)),
    hoursTo: arrayOf(hours.map((span) => span.to)),
    split: arrayOf(splitHours(bucket, end)),
  });
  const moved = new Map<string, WalletSum>();
  const before: WalletSum[] = [];
  for (const row of rows) {
    if (row.kind === null) {
      if (row.amountMinor !== null)
        before.push({ ...row, bucket: 'before', amountMinor: Number(row.amountMinor), postings: 0 });
      continue;
    }
    const key = starts[row.bucket - 1]?.key ?? 'before';
    const id = `${row.agencyId}:${row.currency}:${key}:${row.kind}`;
    const sum = moved.get(id) ?? { ...row, bucket: key, amountMinor: 0, postings: 0 };
    sum.amountMinor += Number(row.amountMinor);
    sum.postings += row.postings;
    moved.set(id, sum);
  }
  return [...before, ...moved.values()];
}
