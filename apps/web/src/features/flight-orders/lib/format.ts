import type { MoneyJson } from '@portal/domain/shopping';
import { formatDateTime, formatLocalDateTime } from '../../../shared/dates/format-date';
import { formatMoney } from '../../../shared/money/format-money';

/** `CNY 1,234.50` from money JSON (the currency's minor digits); empty for null. */
export function money(value: MoneyJson | null | undefined): string {
  return value ? formatMoney(value) : '';
}

/** A UTC timestamp in local time: the user's date format and `HH:mm`. */
export function timestamp(value: string | null | undefined): string {
  return formatDateTime(value);
}

/** A local airport time (`2026-12-01T08:30`) as the user's date and `HH:mm`, without converting zones. */
export function localTime(value: string): string {
  return formatLocalDateTime(value);
}

/** Time left until `deadline` as `H:MM:SS`, or null once passed. */
export function timeLeft(deadline: string, now: number): string | null {
  const ms = Date.parse(deadline) - now;
  if (!(ms > 0)) return null;
  const total = Math.floor(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}
