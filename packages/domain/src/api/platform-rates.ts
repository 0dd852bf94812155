import {
  PlatformRate,
  PlatformRates,
  RateClearBody,
  RateCurrencyParams,
  RateHistoryPage,
  RateHistoryQuery,
  RateOverrideBody,
  RatesImportBody,
  RatesImportResult,
} from '../platform-rates';
import { defineRoute } from './contract';

const tags = ['platform'];

export const listPlatformRates = defineRoute({
  method: 'GET',
  path: '/platform/v2/rates',
  operationId: 'listPlatformRates',
  summary: 'Read the exchange rates with their sources',
  description:
    'Every rate per one CNY with where it comes from (seed, feed, manual override), the feed rate ' +
    'kept under an override, the override with its reason, and the configured rates feed, if any.',
  tags,
  response: PlatformRates,
});

export const listRateHistory = defineRoute({
  method: 'GET',
  path: '/platform/v2/rates/:currency/history',
  operationId: 'listRateHistory',
  summary: "Read a currency's rate history",
  description: "Every change of one currency's rate, newest first: imports, overrides and their clearing.",
  tags,
  params: RateCurrencyParams,
  query: RateHistoryQuery,
  response: RateHistoryPage,
});

export const overrideRate = defineRoute({
  method: 'PUT',
  path: '/platform/v2/rates/:currency/override',
  operationId: 'overrideRate',
  summary: 'Override a rate by hand',
  description:
    'Sets the rate in use for a currency with a mandatory reason; it wins over the feed until ' +
    'cleared. Audited (`rates.override`).',
  tags,
  params: RateCurrencyParams,
  body: RateOverrideBody,
  response: PlatformRate,
});

export const clearRateOverride = defineRoute({
  method: 'DELETE',
  path: '/platform/v2/rates/:currency/override',
  operationId: 'clearRateOverride',
  summary: 'Clear a manual override',
  description: "Returns the currency to the feed's (or the seeded) rate. Audited (`rates.override`).",
  tags,
  params: RateCurrencyParams,
  body: RateClearBody.nullish(),
  response: PlatformRate,
});

export const importRates = defineRoute({
  method: 'POST',
  path: '/platform/v2/rates/import',
  operationId: 'importRates',
  summary: 'Import the rates feed now',
  description:
    "Takes the feed's current rates: a rate that jumps more than 25 % up or 20 % down from the " +
    'feed rate it replaces, or is not a positive decimal, is refused and listed; the others apply ' +
    '(an override stays in use). No feed configured, or no answer: 503 903001. Audited (`rates.import`).',
  tags,
  body: RatesImportBody,
  response: RatesImportResult,
});
