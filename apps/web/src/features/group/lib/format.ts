import type { MoneyJson } from '@portal/domain/shopping';
import { formatMoney } from '../../../shared/money/format-money';

/** `CNY 1,234.50` with the currency's minor digits; a dash for none. */
export function money(value: MoneyJson | null | undefined): string {
  return value ? formatMoney(value) : '–';
}

/** Time left until `deadline` as `D d HH:MM:SS` (days only when any), or null once passed. */
export function timeLeft(deadline: string, now: number): string | null {
  const ms = Date.parse(deadline) - now;
  if (!(ms > 0)) return null;
  const total = Math.floor(ms / 1000);
  const d = Math.floor(total / 86400);
  const h = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const clock = `${d > 0 ? String(h).padStart(2, '0') : h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
  return d > 0 ? `${d}d ${clock}` : clock;
}
