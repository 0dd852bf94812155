import dayjs from 'dayjs';
import type { MoneyJson } from '@portal/domain/shopping';
import { formatPrice } from '@portal/domain/price-display';

/** `CNY 1,234.50`: the currency code and the amount with thousands separators. */
export function formatMoney(money: MoneyJson): string {
  return `${money.currency} ${formatPrice(money.amount)}`;
}

/** The amount alone, always signed: `+1,234.50`, `-980.00`, `0.00`. */
export function formatSigned(amount: string): string {
  const text = formatPrice(amount);
  return text.startsWith('-') || isZero(amount) ? text : `+${text}`;
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

/** A UTC timestamp shown in the browser's time zone with the spec's formats (yyyy-MM-dd HH:mm:ss). */
export function formatTimestamp(iso: string): string {
  const time = dayjs(iso);
  return time.isValid() ? time.format('YYYY-MM-DD HH:mm:ss') : iso;
}
