import type { Locale } from '@portal/domain/locale';
import type { UserLogEntry } from '@portal/domain/user-log';
import { buildXlsx, type SheetColumn } from '../../platform/download';
import { t, type TextKeysUnder } from '../../platform/i18n';

/** Most rows one export writes (the newest, in the list's order). */
export const USER_LOG_EXPORT_CAP = 10_000;

/** The columns, in order, each headed `userLogExport.column.<name>`; times are UTC and the heading says so. */
const COLUMNS = [
  'time',
  'user',
  'action',
  'method',
  'route',
  'target',
  'outcome',
  'code',
  'ip',
  'userAgent',
] as const satisfies readonly TextKeysUnder<'userLogExport.column'>[];

const WIDTHS = [20, 16, 18, 8, 36, 24, 10, 8, 16, 30];

/** The user log rows as an .xlsx workbook with localized headings and labels. */
export function userLogWorkbook(locale: Locale, entries: UserLogEntry[]): Promise<Buffer> {
  const columns: SheetColumn[] = COLUMNS.map((column, i) => ({
    header: t(locale, `userLogExport.column.${column}`),
    width: WIDTHS[i],
    ...(i === 0 ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {}),
  }));
  const rows = entries.map((e) => ({
    cells: [
      new Date(e.createdAt),
      e.username ?? (e.userId === null ? null : String(e.userId)),
      t(locale, `userLog.action.${e.action}`),
      e.method,
      e.route,
      e.target,
      t(locale, `userLog.outcome.${e.outcome}`),
      e.code,
      e.ip,
      e.userAgent,
    ],
  }));
  return buildXlsx(t(locale, 'userLogExport.sheet'), columns, rows);
}

/** The download's file name in the user's language, with an ASCII fallback. */
export function userLogFileName(locale: Locale, today: Date): { fileName: string; asciiFallback: string } {
  const date = today.toISOString().slice(0, 10);
  return {
    fileName: `${t(locale, 'userLogExport.file')}-${date}.xlsx`,
    asciiFallback: `user-log-${date}.xlsx`,
  };
}
