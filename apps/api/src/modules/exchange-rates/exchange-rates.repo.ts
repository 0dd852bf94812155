import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { exchangeRates } from './exchange-rates.schema';

/** Every rate, by currency (`GET /base/v2/exchangeRates`, the site config). */
export async function readExchangeRates(db: Db) {
  return db.select().from(exchangeRates).orderBy(asc(exchangeRates.currency));
}

/**
 * Units of `currency` per 1 CNY, as a decimal string ('1' for CNY). A currency without a rate is
 * 503 EXCHANGE_RATE_UNAVAILABLE: never priced one to one with CNY.
 */
export async function rateFromCny(db: Db, currency: string): Promise<string> {
  if (currency === 'CNY') return '1';
  const [row] = await db.select().from(exchangeRates).where(eq(exchangeRates.currency, currency)).limit(1);
  if (!row) throw new AppError('EXCHANGE_RATE_UNAVAILABLE');
  return row.rate;
}
