/** What the exchange-rates module offers the other modules; nothing else of it may be imported. */
export { rateFromCny, readExchangeRates } from './exchange-rates.repo';
export { exchangeRateHistory, exchangeRates } from './exchange-rates.schema';
export type { FeedRates, RatesFeed } from './rates-feed';
export { clearOverride, importRates, listPlatformRates, overrideRate, rateHistory } from './rates-admin';
export type { RatesAdminDeps } from './rates-admin';
export type { RatesActor, RecordRatesAction } from './platform-actions';
