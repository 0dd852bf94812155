import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import type { RateSource } from '@portal/domain/platform-rates';
import { createdAt, identityId, timestamptz } from '../../platform/db/columns';

/** Units of each currency per one CNY, kept by the operator; read by the price chain and the site. */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    currency: text('currency').primaryKey(),
    base: text('base').notNull().default('CNY'),
    /** Units of `currency` per one unit of `base`, a decimal: the rate in use (the override, else the feed's). */
    rate: numeric('rate').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /** Where `rate` comes from (`RATE_SOURCES`). */
    source: text('source').$type<RateSource>().notNull().default('seed'),
    /** The last rate the feed (or the seed) gave; kept under an override so clearing it returns there. */
    feedRate: numeric('feed_rate'),
    feedAt: timestamptz('feed_at'),
    /** The operator's override: it wins over the feed until cleared. */
    overrideRate: numeric('override_rate'),
    overrideReason: text('override_reason'),
    overrideBy: integer('override_by'),
    overrideByName: text('override_by_name'),
    overrideAt: timestamptz('override_at'),
  },
  (t) => [check('exchange_rates_source_check', sql`${t.source} in ('seed', 'feed', 'manual')`)],
);

/** Every change of a currency's rate, never updated or deleted. */
export const exchangeRateHistory = pgTable(
  'exchange_rate_history',
  {
    /** In the order of the changes (several changes may share one time). */
    id: identityId(),
    currency: text('currency').notNull(),
    /** The rate in use after the change. */
    rate: numeric('rate').notNull(),
    source: text('source').$type<RateSource>().notNull(),
    event: text('event').$type<'seed' | 'import' | 'override' | 'clear'>().notNull(),
    feedRate: numeric('feed_rate').notNull(),
    reason: text('reason'),
    adminId: integer('admin_id'),
    adminName: text('admin_name'),
    createdAt: createdAt(),
  },
  (t) => [index('exchange_rate_history_currency_idx').on(t.currency, t.createdAt.desc())],
);
