import { and, eq, gte, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { unionAll, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../platform/db';
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

/** A timestamp or key as an SQL literal: the same expression must match in the select and the group by. */
const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);

/** The first instant of `bucket`'s first bucket. */
function startOf(bucket: SumBucket): Date | undefined {
  return bucket.by === 'periods' ? bucket.starts[0]?.start : bucket.start;
}

/** The bucket of an instant `at` (a posting's time, or an hour's first instant). */
function bucketOf(bucket: SumBucket, at: AnyPgColumn): SQL<string> {
  if (bucket.by === 'periods') {
    const arms = [...bucket.starts]
      .reverse()
      .map((p) => sql`when ${at} >= ${literal(p.start.toISOString())}::timestamptz then ${literal(p.key)}`);
    return sql<string>`case ${sql.join(arms, sql` `)} else 'before' end`;
  }
  const local = sql`(${at} at time zone ${literal(bucket.timeZone)})`;
  return bucket.by === 'day' ? sql<string>`to_char(${local}, 'YYYY-MM-DD')` : sql<string>`'within'`;
}

/** The group-by list of a sum: a single bucket (`range`) is a constant, which SQL does not group by. */
function groupsOf(
  bucket: SumBucket,
  agency: AnyPgColumn,
  currency: AnyPgColumn,
  at: AnyPgColumn,
  kind: AnyPgColumn,
): (AnyPgColumn | SQL)[] {
  return bucket.by === 'range' ? [agency, currency, kind] : [agency, currency, bucketOf(bucket, at), kind];
}

const HOUR_MS = 3_600_000;

/** Where `bucket`'s buckets begin, and `end`: the instants an hour's sum must not straddle. */
function boundariesOf(bucket: SumBucket, end: Date): Date[] {
  if (bucket.by === 'periods') return [...bucket.starts.map((p) => p.start), end];
  if (bucket.by === 'range') return [bucket.start, end];
  const found: Date[] = [];
  const first = wallClockAt(bucket.start, bucket.timeZone);
  for (let day = Date.UTC(first.year, first.month - 1, first.day); ; day += 86_400_000) {
    const date = new Date(day);
    const midnight = instantAt(bucket.timeZone, {
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
    });
    if (midnight >= end) return [...found, end];
    found.push(midnight);
  }
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

/**
 * Sums of the wallet postings of `agencyIds` per agency, currency, time bucket and entry kind,
 * of the entries before `end`: the one read every statement is computed from. The buckets are
 * summed from the wallets' daily sums for the UTC days no bucket begins within, from their hourly
 * sums for the hours of the other days, and from the postings only in an hour a bucket begins
 * within; what came before is the balance each wallet's last posting before the first bucket left.
 */
export async function walletSums(
  db: Db,
  agencyIds: readonly number[],
  end: Date,
  bucket: SumBucket,
): Promise<WalletSum[]> {
  const start = startOf(bucket);
  if (agencyIds.length === 0 || !start) return [];
  const h = walletHourlySums;
  const d = walletDailySums;
  const split = splitHours(bucket, end);
  const { days, hours } = daysAndHours(bucket, start, end);
  const hourly =
    hours.length === 0
      ? undefined
      : db
          .select({
            agencyId: h.agencyId,
            currency: h.currency,
            bucket: bucketOf(bucket, h.hour),
            kind: h.entryKind,
            amountMinor: sql<string>`sum(${h.amountMinor})::bigint`,
            postings: sql<number>`sum(${h.postings})::int`,
          })
          .from(h)
          .where(
            and(
              inArray(h.agencyId, [...agencyIds]),
              or(...hours.map((span) => and(gte(h.hour, span.from), lt(h.hour, span.to)))),
              split.length > 0 ? notInArray(h.hour, split) : undefined,
            ),
          )
          .groupBy(...groupsOf(bucket, h.agencyId, h.currency, h.hour, h.entryKind));
  // No time of the range read twice: `hours` and `days` never overlap, and an empty `or` would
  // select every hour.
  const daily = days
    ? db
        .select({
          agencyId: d.agencyId,
          currency: d.currency,
          bucket: bucketOf(bucket, d.day),
          kind: d.entryKind,
          amountMinor: sql<string>`sum(${d.amountMinor})::bigint`,
          postings: sql<number>`sum(${d.postings})::int`,
        })
        .from(d)
        .where(
          and(
            inArray(d.agencyId, [...agencyIds]),
            gte(d.day, days.from),
            lt(d.day, days.to),
            days.edges.length > 0 ? notInArray(d.day, days.edges) : undefined,
          ),
        )
        .groupBy(...groupsOf(bucket, d.agencyId, d.currency, d.day, d.entryKind))
    : undefined;
  const p = ledgerPostings;
  const byPosting =
    split.length === 0
      ? undefined
      : db
          .select({
            agencyId: p.agencyId,
            currency: p.currency,
            bucket: bucketOf(bucket, p.createdAt),
            kind: p.entryKind,
            amountMinor: sql<string>`sum(${p.amountMinor})::bigint`,
            postings: sql<number>`count(*)::int`,
          })
          .from(p)
          .where(
            and(
              inArray(p.agencyId, [...agencyIds]),
              eq(p.accountKind, 'agency_wallet'),
              gte(p.createdAt, start),
              lt(p.createdAt, end),
              or(
                ...split.map((hour) =>
                  and(gte(p.createdAt, hour), lt(p.createdAt, new Date(hour.getTime() + HOUR_MS))),
                ),
              ),
            ),
          )
          .groupBy(...groupsOf(bucket, p.agencyId, p.currency, p.createdAt, p.entryKind));
  // The balance each wallet's last posting before `start` left (none: the wallet had no posting).
  const opening = sql<
    string | null
  >`(select b.balance_after_minor from ${p} b where b.account_id = ${ledgerAccounts.id}
    and b.created_at < ${start.toISOString()}::timestamptz order by b.created_at desc, b.entry_id desc limit 1)`;
  const openings = db
    .select({
      agencyId: ledgerAccounts.agencyId,
      currency: ledgerAccounts.currency,
      bucket: sql<string>`'before'`,
      kind: sql<EntryKind | null>`null::text`,
      amountMinor: sql<string | null>`${opening}`,
      postings: sql<number>`0`,
    })
    .from(ledgerAccounts)
    .where(and(inArray(ledgerAccounts.agencyId, [...agencyIds]), eq(ledgerAccounts.kind, 'agency_wallet')));
  // One round trip: the sums of days, hours and split hours, and the openings, in one statement.
  const [first, ...rest] = [daily, hourly, byPosting].filter((arm) => arm !== undefined);
  const rows = await (first ? unionAll(openings, first, ...rest) : openings);
  const moved = new Map<string, WalletSum>();
  const before: WalletSum[] = [];
  for (const row of rows) {
    if (row.kind === null) {
      if (row.amountMinor !== null)
        before.push({ ...row, amountMinor: Number(row.amountMinor), postings: 0 });
      continue;
    }
    const key = `${row.agencyId}:${row.currency}:${row.bucket}:${row.kind}`;
    const sum = moved.get(key) ?? { ...row, amountMinor: 0, postings: 0 };
    sum.amountMinor += Number(row.amountMinor);
    sum.postings += row.postings;
    moved.set(key, sum);
  }
  return [...before, ...moved.values()];
}
