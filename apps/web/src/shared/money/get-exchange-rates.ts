import type { ExchangeRates } from '@portal/domain/auth';
import type { getExchangeRates as GetExchangeRates } from '@portal/domain/api/site';
import { callApi } from '../api/call-api';

/** GET /base/v2/exchangeRates (public): units of each currency per one CNY. */
export function getExchangeRates(): Promise<ExchangeRates> {
  return callApi<typeof GetExchangeRates>(
    { method: 'GET', path: '/base/v2/exchangeRates' },
    {},
    { skipErrorToast: true },
  );
}
