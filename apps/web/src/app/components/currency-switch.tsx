import { isCurrency } from '@portal/domain/currency';
import { useTranslation } from 'react-i18next';
import { useCurrencyChange } from '../../features/site/hooks/use-currency-change';
import { useSite } from '../../features/site/hooks/use-site';
import { selectableCurrencies } from '../../shared/money/currency';
import { usePreferencesStore } from '../../shared/stores/preferences-store';

/** Footer currency select over the site's currencies; the rate comes from /base/v2/exchangeRates. */
export function CurrencySwitch() {
  const { t } = useTranslation();
  const site = useSite();
  const currency = usePreferencesStore((s) => s.currency);
  const { change, pending } = useCurrencyChange();
  const options = selectableCurrencies(site?.currencies);

  return (
    <label data-testid="currency-switch" style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
      <span>{t('footer.currency')}</span>
      <select
        value={currency}
        disabled={pending}
        onChange={(event) => {
          const next = event.target.value;
          if (isCurrency(next) && next !== currency) void change(next);
        }}
        style={{ padding: '2px 6px', borderRadius: 6, border: '1px solid #d9d9d9', background: '#fff' }}
      >
        {options.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </label>
  );
}
