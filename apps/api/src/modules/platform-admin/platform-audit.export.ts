import type { Locale } from '@portal/domain/locale';
import type { PlatformAuditRecord } from '@portal/domain/platform-schemas';
import { buildXlsx, type SheetColumn } from '../../platform/download';
import { t, type TextKeysUnder } from '../../platform/i18n';

/** Most rows one export writes (the newest). */
export const AUDIT_EXPORT_ROW_CAP = 10_000;

/** Excel keeps at most 32,767 characters in a cell. */
const CELL_MAX = 32_000;

const heading = (locale: Locale, column: TextKeysUnder<'platformAuditExport.column'>) =>
  t(locale, `platformAuditExport.column.${column}`);

/** A before/after value as the cell shows it: JSON text, empty when there is none. */
function jsonCell(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const text = JSON.stringify(value);
  return text.length > CELL_MAX ? `${text.slice(0, CELL_MAX)}…` : text;
}

/** The audit rows as one sheet in `locale`: times in UTC, before and after as JSON. */
export function auditWorkbook(locale: Locale, rows: PlatformAuditRecord[]): Promise<Buffer> {
  const columns: SheetColumn[] = [
    { header: heading(locale, 'at'), width: 20, numFmt: 'yyyy-mm-dd hh:mm:ss' },
    { header: heading(locale, 'admin'), width: 18 },
    { header: heading(locale, 'action'), width: 22 },
    { header: heading(locale, 'targetType'), width: 16 },
    { header: heading(locale, 'targetId'), width: 20 },
    { header: heading(locale, 'before'), width: 40 },
    { header: heading(locale, 'after'), width: 40 },
    { header: heading(locale, 'approvedBy'), width: 18 },
    { header: heading(locale, 'note'), width: 30 },
    { header: heading(locale, 'requestId'), width: 38 },
  ];
  return buildXlsx(
    t(locale, 'platformAuditExport.sheet'),
    columns,
    rows.map((row) => ({
      cells: [
        new Date(row.at),
        row.admin?.username ?? null,
        row.action,
        row.targetType,
        row.targetId,
        jsonCell(row.before),
        jsonCell(row.after),
        row.approvedBy?.username ?? null,
        row.note,
        row.requestId,
      ],
    })),
  );
}

/** The localized and ASCII file names of the export, dated `today` (UTC). */
export function auditFileName(locale: Locale, today: Date): { fileName: string; asciiFallback: string } {
  const date = today.toISOString().slice(0, 10);
  return {
    fileName: `${t(locale, 'platformAuditExport.file')}-${date}.xlsx`,
    asciiFallback: `platform-audit-log-${date}.xlsx`,
  };
}
