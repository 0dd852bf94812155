import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@portal/domain/currency';
import { usePreferencesStore } from '../../../shared/stores/preferences-store';
import { toast } from '../../../shared/ui/message-bridge';
import { getExchangeRates } from '../../../shared/money/get-exchange-rates';

/**
 * Switches the display currency with its rate from /base/v2/exchangeRates. When the rate cannot
 * be obtained the previous currency stays and `currency.rateError` asks to select again (spec §5).
 */
export function useCurrencyChange(): { change: (currency: Currency) => Promise<void>; pending: boolean } {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const change = useCallback(
    async (currency: Currency) => {
      setPending(true);
      try {
        const { base, rates } = await getExchangeRates();
        const rate = currency === base ? '1' : rates[currency];
        if (!rate || !(Number(rate) > 0)) throw new Error('no rate');
        usePreferencesStore.getState().setCurrency(currency, rate);
      } catch {
        void toast().error(t('currency.rateError'));
      } finally {
        setPending(false);
      }
    },
    [t],
  );
  return { change, pending };
}
