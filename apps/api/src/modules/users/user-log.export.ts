import type { Locale } from '@portal/domain/locale';
import type { UserLogEntry } from '@portal/domain/user-log';
import { targetOfEntry, userLogSentence, type Translate } from '@portal/domain/user-log-words';
import { buildXlsx, type SheetColumn } from '../../platform/download';
import { t, type TextKey, type TextKeysUnder } from '../../platform/i18n';

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
  'targetId',
] as const satisfies readonly TextKeysUnder<'userLogExport.column'>[];

const WIDTHS = [20, 16, 60, 8, 36, 24, 10, 8, 16, 30, 38];

/**
 * The log's templates in `locale` for the domain's sentence builder. Its keys are the shared
 * sections `userLog.event`, `userLog.failed`, `userLog.kind` and `userLog.words` (SHARED_TEXT_SECTIONS).
 */
const translator =
  (locale: Locale): Translate =>
  (key, vars) =>
    t(locale, key as TextKey, vars);

/**
 * The user log rows as an .xlsx workbook with localized headings: each action in the reader's
 * words as the screen writes it (with the reason of a refusal), its target by booking number,
 * username or name, and the route and raw target id for reference.
 */
export function userLogWorkbook(locale: Locale, entries: UserLogEntry[]): Promise<Buffer> {
  const columns: SheetColumn[] = COLUMNS.map((column, i) => ({
    header: t(locale, `userLogExport.column.${column}`),
    width: WIDTHS[i],
    ...(i === 0 ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {}),
  }));
  const translate = translator(locale);
  const rows = entries.map((e) => ({
    cells: [
      new Date(e.createdAt),
      e.username ?? (e.userId === null ? null : String(e.userId)),
      userLogSentence(e, locale, translate),
      e.method,
      e.route,
      targetOfEntry(e)?.label ?? e.target,
      t(locale, `userLog.outcome.${e.outcome}`),
      e.code,
      e.ip,
      e.userAgent,
      e.target,
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
