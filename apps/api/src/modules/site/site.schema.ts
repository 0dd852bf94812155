import { jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const exchangeRates = pgTable('exchange_rates', {
  currency: text('currency').primaryKey(),
  base: text('base').notNull().default('CNY'),
  /** Units of `currency` per one unit of `base`, a decimal. */
  rate: numeric('rate').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
