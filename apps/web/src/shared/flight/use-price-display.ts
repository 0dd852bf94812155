import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getExchangeRates } from '../money/get-exchange-rates';
import { usePreferencesStore } from '../stores/preferences-store';
import type { PriceDetail } from '@portal/domain/shopping';
import { crossRate, displayAmount, displayBreakdown } from './price';

/**
 * Formats settlement amounts in the user's chosen currency (`{amount, currency}`), converting with
 * the stored rate, through CNY when the settlement currency is not CNY (its rate is fetched then).
 */
export function usePriceDisplay(settlement: string) {
  const currency = usePreferencesStore((s) => s.currency);
  const rate = usePreferencesStore((s) => s.rate);
  const needsRates = settlement !== 'CNY' && settlement !== currency;
  const rates = useQuery({
    queryKey: ['exchange-rates'],
    queryFn: getExchangeRates,
    enabled: needsRates,
    staleTime: 600_000,
  });
  const display = { currency, rate };
  const cross = needsRates
    ? crossRate(settlement, display, rates.data?.rates[settlement])
    : crossRate('CNY', display, '1');
  const shownCurrency = currency === settlement || cross === null ? settlement : currency;

  const format = useCallback(
    (amount: string) => displayAmount(amount, settlement, { currency, rate }, cross),
    [settlement, currency, rate, cross],
  );
  /** A whole price breakdown, whose shown parts add up to its shown total. */
  const breakdown = useCallback(
    (detail: PriceDetail) => displayBreakdown(detail, settlement, { currency, rate }, cross),
    [settlement, currency, rate, cross],
  );
  return { format, breakdown, currency: shownCurrency };
}
