import { minorDigits } from '@portal/domain/currency-conversion';
import { formatPrice } from '@portal/domain/price-display';
import type { MoneyJson } from '@portal/domain/shopping';

/** The amount with thousands separators and the currency's minor digits: `1,234.50`, `JPY` `12,000`. */
export function formatAmount(money: MoneyJson): string {
  return formatPrice(money.amount, { decimals: minorDigits(money.currency) });
}

/** `CNY 1,234.50`: the currency code and the amount. */
export function formatMoney(money: MoneyJson): string {
  return `${money.currency} ${formatAmount(money)}`;
}
