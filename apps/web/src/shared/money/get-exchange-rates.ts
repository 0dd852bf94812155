import type { ExchangeRates } from '@portal/domain/auth';
import { apiGet } from '../api/client';

/** GET /base/v2/exchangeRates (public): units of each currency per one CNY. */
export function getExchangeRates(): Promise<ExchangeRates> {
  return apiGet<ExchangeRates>('/base/v2/exchangeRates', { skipErrorToast: true });
}
