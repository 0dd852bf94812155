import { numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Units of each currency per one CNY, kept by the operator; read by the price chain and the site. */
export const exchangeRates = pgTable('exchange_rates', {
  currency: text('currency').primaryKey(),
  base: text('base').notNull().default('CNY'),
  /** Units of `currency` per one unit of `base`, a decimal. */
  rate: numeric('rate').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
