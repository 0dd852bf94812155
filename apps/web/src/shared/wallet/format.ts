import type { MoneyJson } from '@portal/domain/shopping';
import { formatDateTime } from '../dates/format-date';
import { formatAmount } from '../money/format-money';

/** `CNY +1,234.50`, `CNY -980.00`: always signed, zero unsigned. */
export function formatSigned(money: MoneyJson): string {
  const text = formatAmount(money);
  return `${money.currency} ${text.startsWith('-') || isZero(money.amount) ? text : `+${text}`}`;
}

/** True when the decimal string is below zero. */
export function isNegative(amount: string): boolean {
  return amount.trim().startsWith('-') && !isZero(amount);
}

function isZero(amount: string): boolean {
  return /^-?0*(\.0*)?$/.test(amount.trim());
}

/** The amount without its sign. */
export function magnitude(amount: string): string {
  return amount.trim().replace(/^-/, '');
}

/** A UTC timestamp shown in the browser's time zone: the user's date format and HH:mm:ss. */
export function formatTimestamp(iso: string): string {
  return formatDateTime(iso, { seconds: true });
}

/**
 * A list's count as its total line shows it: past the server's cap (`totalCapped`) the count is a
 * lower bound, "10,000+".
 */
export function countText(total: number, capped: boolean | undefined, language: string): number | string {
  return capped ? `${total.toLocaleString(language)}+` : total;
}
