import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type * as ratesApi from '@portal/domain/api/platform-rates';
import type { RatedCurrency } from '@portal/domain/platform-rates';
import { callPlatformApi } from '../../../shared/platform/call-platform-api';

const RATES_KEY = ['platform-rates'];

/** GET /platform/v2/rates. */
export function usePlatformRates() {
  return useQuery({
    queryKey: RATES_KEY,
    queryFn: () =>
      callPlatformApi<typeof ratesApi.listPlatformRates>(
        { method: 'GET', path: '/platform/v2/rates' },
        {},
        { skipErrorToast: true },
      ),
  });
}

/** GET /platform/v2/rates/:currency/history, one page. */
export function useRateHistory(currency: RatedCurrency | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...RATES_KEY, 'history', currency, page, pageSize],
    enabled: currency !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      callPlatformApi<typeof ratesApi.listRateHistory>(
        { method: 'GET', path: '/platform/v2/rates/:currency/history' },
        { params: { currency: currency ?? 'USD' }, query: { page, pageSize } },
        { skipErrorToast: true },
      ),
  });
}

/** The finance actions: override, clear, import; each refreshes the rates and their history. */
export function useRateActions() {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: RATES_KEY });
  const override = useMutation({
    mutationFn: (input: { currency: RatedCurrency; rate: string; reason: string }) =>
      callPlatformApi<typeof ratesApi.overrideRate>(
        { method: 'PUT', path: '/platform/v2/rates/:currency/override' },
        { params: { currency: input.currency }, body: { rate: input.rate, reason: input.reason } },
      ),
    onSettled,
  });
  const clear = useMutation({
    mutationFn: (currency: RatedCurrency) =>
      callPlatformApi<typeof ratesApi.clearRateOverride>(
        { method: 'DELETE', path: '/platform/v2/rates/:currency/override' },
        { params: { currency }, body: {} },
      ),
    onSettled,
  });
  const importNow = useMutation({
    mutationFn: () =>
      callPlatformApi<typeof ratesApi.importRates>(
        { method: 'POST', path: '/platform/v2/rates/import' },
        { body: {} },
      ),
    onSettled,
  });
  return { override, clear, importNow };
}
