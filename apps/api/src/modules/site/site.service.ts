import { ExchangeRates, SiteConfig } from '@portal/domain/auth';
import { DEFAULT_CURRENCY } from '@portal/domain/currency';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { readExchangeRates } from '../exchange-rates/index';
import { readSiteSetting, SITE_CONFIG_KEY } from './site.repo';

async function rates(db: Db): Promise<ExchangeRates> {
  const rows = await readExchangeRates(db);
  if (rows.length === 0) throw new AppError('EXCHANGE_RATE_UNAVAILABLE');
  const latest = rows.reduce((max, r) => (r.updatedAt > max ? r.updatedAt : max), new Date(0));
  return ExchangeRates.parse({
    base: DEFAULT_CURRENCY,
    rates: Object.fromEntries(rows.map((r) => [r.currency, r.rate])),
    updatedAt: latest.toISOString(),
  });
}

/** GET /base/v2/exchangeRates: units of each currency per 1 CNY, decimal strings. */
export const getExchangeRates = rates;

/** GET /base/v2/config/getSiteConfig: the stored site settings plus the current rate map. */
export async function getSiteConfig(db: Db): Promise<SiteConfig> {
  const stored = await readSiteSetting(db, SITE_CONFIG_KEY);
  if (!stored) throw new AppError('SERVICE_UNAVAILABLE');
  const rows = await readExchangeRates(db);
  const rateMap = Object.fromEntries(rows.map((r) => [r.currency, r.rate]));
  // Parsing strips any stored extra keys, so only the contract's fields leave the server.
  return SiteConfig.parse({ ...stored, rateMap });
}
