import dayjs from 'dayjs';
import { DEFAULT_DATE_FORMAT } from '@portal/domain/locale';
import { useSessionStore } from '../stores/session-store';

/**
 * Every date the portal shows goes through here, in the user's default date format
 * (`config.dateFormat`, spec §2 favourites; `yyyy-MM-dd` by default, spec §9). Values sent to the
 * API stay `YYYY-MM-DD`; only what is displayed changes.
 */

/** The dayjs pattern of a spec date format (`dd/MM/yyyy` -> `DD/MM/YYYY`). */
export function dayjsPattern(format: string): string {
  return format.replace(/y+/g, (y) => y.toUpperCase()).replace(/d+/g, (d) => d.toUpperCase());
}

/** The logged-in user's date format as a dayjs pattern (the default when logged out). */
export function datePattern(): string {
  return dayjsPattern(useSessionStore.getState().userInfo?.config.dateFormat ?? DEFAULT_DATE_FORMAT);
}

/** The user's date pattern, for DatePicker `format`; re-renders the caller when it changes. */
export function useDatePattern(): string {
  return dayjsPattern(useSessionStore((s) => s.userInfo?.config.dateFormat) ?? DEFAULT_DATE_FORMAT);
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/**
 * A calendar day (`2026-12-01`, or the date part of a local time `2026-12-01T08:30`) in the user's
 * format, without any time zone conversion; anything else is returned as it is.
 */
export function formatDate(value: string | null | undefined, pattern = datePattern()): string {
  if (!value) return '';
  const match = CALENDAR_DAY.exec(value);
  if (!match) return value;
  const [, y = '', m = '', d = ''] = match;
  return pattern.replace('YYYY', y).replace('MM', m).replace('DD', d);
}

/** A UTC timestamp in the browser's time zone: the user's date, then `HH:mm` (or `HH:mm:ss`). */
export function formatDateTime(iso: string | null | undefined, options: { seconds?: boolean } = {}): string {
  if (!iso) return '';
  const time = dayjs(iso);
  if (!time.isValid()) return iso;
  return `${formatDate(time.format('YYYY-MM-DD'))} ${time.format(options.seconds ? 'HH:mm:ss' : 'HH:mm')}`;
}

/** A local airport or station time (`2026-12-01T08:30`) as the user's date and `HH:mm`, zones untouched. */
export function formatLocalDateTime(value: string): string {
  const time = value.slice(11, 16);
  return time ? `${formatDate(value)} ${time}` : formatDate(value);
}
