import { asc, count, desc, eq } from 'drizzle-orm';
import {
  isAbsurdJump,
  isValidRate,
  type PlatformRate,
  type PlatformRates,
  RATED_CURRENCIES,
  type RateHistoryPage,
  type RatesImportResult,
} from '@portal/domain/platform-rates';
import type { Currency } from '@portal/domain/currency';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { exchangeRateHistory, exchangeRates } from './exchange-rates.schema';
import type { RatesActor, RecordRatesAction } from './platform-actions';
import type { RatesFeed } from './rates-feed';

type RateRow = typeof exchangeRates.$inferSelect;

/** What a rates screen needs: the clock, the feed if any and the audit writer. */
export interface RatesAdminDeps {
  db: Db;
  now: () => Date;
  feed: RatesFeed | undefined;
  record: RecordRatesAction;
}

/** Decimals as PostgreSQL prints them may carry trailing zeros; compare them as numbers' texts. */
function sameRate(a: string, b: string): boolean {
  return Number(a) === Number(b);
}

function presentRate(row: RateRow): PlatformRate {
  const override =
    row.overrideRate !== null && row.overrideAt !== null
      ? {
          rate: row.overrideRate,
          reason: row.overrideReason ?? '',
          by: row.overrideByName ?? '',
          at: row.overrideAt.toISOString(),
        }
      : null;
  return {
    currency: row.currency as Currency,
    rate: row.rate,
    source: row.source,
    updatedAt: row.updatedAt.toISOString(),
    feedRate: row.feedRate ?? row.rate,
    feedAt: row.feedAt?.toISOString() ?? null,
    override,
  };
}

/** GET /platform/v2/rates: every rate with its source, the feed's rate and the override. */
export async function listPlatformRates(db: Db, feed: RatesFeed | undefined): Promise<PlatformRates> {
  const rows = await db.select().from(exchangeRates).orderBy(asc(exchangeRates.currency));
  const rated = rows.filter((r) => r.currency !== 'CNY');
  return { base: 'CNY', rates: rated.map(presentRate), feed: feed?.name ?? null };
}

/** GET /platform/v2/rates/:currency/history: every change of one rate, newest first. */
export async function rateHistory(
  db: Db,
  currency: string,
  page: number,
  pageSize: number,
): Promise<RateHistoryPage> {
  const where = eq(exchangeRateHistory.currency, currency);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(exchangeRateHistory)
      .where(where)
      .orderBy(desc(exchangeRateHistory.createdAt), desc(exchangeRateHistory.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(exchangeRateHistory).where(where),
  ]);
  return {
    list: rows.map((r) => ({
      id: String(r.id),
      currency: r.currency as Currency,
      rate: r.rate,
      source: r.source,
      event: r.event,
      feedRate: r.feedRate,
      reason: r.reason,
      by: r.adminName,
      at: r.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

async function lockRate(tx: Db, currency: string): Promise<RateRow> {
  const [row] = await tx
    .select()
    .from(exchangeRates)
    .where(eq(exchangeRates.currency, currency))
    .for('update')
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/**
 * A platform admin's change of a rate (an override or its clearing), kept twice in `tx`: the
 * currency's history row and the platform audit record (`rates.override`), before and after.
 */
async function keepManualChange(
  tx: Db,
  deps: RatesAdminDeps,
  actor: RatesActor,
  change: {
    before: RateRow;
    after: RateRow;
    event: 'override' | 'clear';
    feedRate: string;
    reason: string | null;
  },
): Promise<void> {
  const { before, after } = change;
  await tx.insert(exchangeRateHistory).values({
    currency: after.currency,
    rate: after.rate,
    source: after.source,
    event: change.event,
    feedRate: change.feedRate,
    reason: change.reason,
    adminId: actor.id,
    adminName: actor.username,
    createdAt: after.updatedAt,
  });
  await deps.record(tx, {
    action: 'rates.override',
    targetType: 'exchangeRate',
    targetId: after.currency,
    before: presentRate(before),
    after: presentRate(after),
    note: change.reason ?? undefined,
  });
}

/** PUT /platform/v2/rates/:currency/override: the operator's rate wins over the feed until cleared. */
export async function overrideRate(
  deps: RatesAdminDeps,
  actor: RatesActor,
  currency: string,
  input: { rate: string; reason: string },
): Promise<PlatformRate> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockRate(tx, currency);
    const feedRate = before.feedRate ?? before.rate;
    const [after] = await tx
      .update(exchangeRates)
      .set({
        rate: input.rate,
        source: 'manual',
        updatedAt: at,
        feedRate,
        overrideRate: input.rate,
        overrideReason: input.reason,
        overrideBy: actor.id,
        overrideByName: actor.username,
        overrideAt: at,
      })
      .where(eq(exchangeRates.currency, currency))
      .returning();
    if (!after) throw new AppError('NOT_FOUND');
    await keepManualChange(tx, deps, actor, {
      before,
      after,
      event: 'override',
      feedRate,
      reason: input.reason,
    });
    return presentRate(after);
  });
}

/** DELETE /platform/v2/rates/:currency/override: back to the feed's (or the seeded) rate. */
export async function clearOverride(
  deps: RatesAdminDeps,
  actor: RatesActor,
  currency: string,
  reason: string | undefined,
): Promise<PlatformRate> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockRate(tx, currency);
    if (before.overrideRate === null) return presentRate(before);
    const feedRate = before.feedRate ?? before.rate;
    const [after] = await tx
      .update(exchangeRates)
      .set({
        rate: feedRate,
        source: before.feedAt ? 'feed' : 'seed',
        updatedAt: at,
        overrideRate: null,
        overrideReason: null,
        overrideBy: null,
        overrideByName: null,
        overrideAt: null,
      })
      .where(eq(exchangeRates.currency, currency))
      .returning();
    if (!after) throw new AppError('NOT_FOUND');
    await keepManualChange(tx, deps, actor, {
      before,
      after,
      event: 'clear',
      feedRate,
      reason: reason || null,
    });
    return presentRate(after);
  });
}

/**
 * POST /platform/v2/rates/import: takes the feed's rates for the rated currencies. A rate that is
 * not a positive decimal, or that jumps beyond `RATE_JUMP_MAX_FACTOR` from the feed rate it replaces,
 * is refused and reported; the others are applied (an override stays in use, its feed rate is
 * updated underneath). One transaction, one audit entry.
 */
export async function importRates(deps: RatesAdminDeps, actor: RatesActor): Promise<RatesImportResult> {
  const feed = deps.feed;
  if (!feed) throw new AppError('RATES_FEED_UNAVAILABLE');
  let fetched;
  try {
    fetched = await feed.fetchRates();
  } catch {
    throw new AppError('RATES_FEED_UNAVAILABLE');
  }
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const rows = await tx.select().from(exchangeRates).orderBy(asc(exchangeRates.currency)).for('update');
    const byCurrency = new Map(rows.map((r) => [r.currency, r]));
    const result: RatesImportResult = {
      feed: feed.name,
      asOf: fetched.asOf.toISOString(),
      applied: [],
      refused: [],
      unchanged: 0,
    };
    for (const currency of RATED_CURRENCIES) {
      const given = fetched.rates[currency]?.trim();
      if (given === undefined) continue;
      const row = byCurrency.get(currency);
      const previous = row ? (row.feedRate ?? row.rate) : '';
      if (!isValidRate(given)) {
        result.refused.push({ currency, from: previous, to: given.slice(0, 40), reason: 'invalid' });
        continue;
      }
      if (row && isAbsurdJump(previous, given)) {
        result.refused.push({ currency, from: previous, to: given, reason: 'jump' });
        continue;
      }
      if (row && sameRate(previous, given) && row.feedAt) {
        result.unchanged += 1;
        continue;
      }
      const overrideRate = row?.overrideRate ?? null;
      const rate = overrideRate ?? given;
      const source = overrideRate === null ? 'feed' : 'manual';
      await tx
        .insert(exchangeRates)
        .values({ currency, base: 'CNY', rate, source, feedRate: given, feedAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: exchangeRates.currency,
          set: { rate, source, feedRate: given, feedAt: at, updatedAt: at },
        });
      await tx.insert(exchangeRateHistory).values({
        currency,
        rate,
        source,
        event: 'import',
        feedRate: given,
        adminId: actor.id,
        adminName: actor.username,
        createdAt: at,
      });
      result.applied.push({ currency, from: previous, to: given });
    }
    await deps.record(tx, {
      action: 'rates.import',
      targetType: 'exchangeRates',
      targetId: feed.name,
      before: Object.fromEntries(rows.map((r) => [r.currency, r.feedRate ?? r.rate])),
      after: result,
    });
    return result;
  });
}
