import type { Locale } from '@portal/domain/locale';
import { STATEMENT_SPENDING_TYPES, type SubAgencyStatement } from '@portal/domain/sub-agencies';
import { buildXlsx, type SheetColumn, type SheetRow } from '../../platform/download';
import { t, type TextKeysUnder } from '../../platform/i18n';
import { moneyFormat } from '../wallet/index';

/** A column heading in `locale`; days are UTC and the headings say so. */
const heading = (locale: Locale, column: TextKeysUnder<'subAgencyExport.column'>) =>
  t(locale, `subAgencyExport.column.${column}`);

/** The localized and the ASCII file name of the export, dated `today` (UTC). */
export function subStatementsFileName(
  locale: Locale,
  today: Date,
): { fileName: string; asciiFallback: string } {
  const date = today.toISOString().slice(0, 10);
  return {
    fileName: `${t(locale, 'subAgencyExport.file')}-${date}.xlsx`,
    asciiFallback: `sub-agency-statements-${date}.xlsx`,
  };
}

/** Sub-agency statements as a sheet, one row per agency and currency, amounts as numbers. */
export function subStatementsWorkbook(
  locale: Locale,
  statements: readonly SubAgencyStatement[],
): Promise<Buffer> {
  const columns: SheetColumn[] = [
    { header: heading(locale, 'agency'), width: 30 },
    { header: heading(locale, 'agencyId'), width: 10 },
    { header: heading(locale, 'from'), width: 14 },
    { header: heading(locale, 'to'), width: 14 },
    { header: heading(locale, 'currency'), width: 8 },
    { header: heading(locale, 'opening'), width: 16 },
    { header: heading(locale, 'topUps'), width: 16 },
    ...STATEMENT_SPENDING_TYPES.map((type) => ({
      header: t(locale, `agencyMoney.spending.${type}`),
      width: 16,
    })),
    { header: heading(locale, 'closing'), width: 16 },
    { header: heading(locale, 'creditLimit'), width: 16 },
  ];
  const rows: SheetRow[] = statements.map((s) => {
    const amounts = [
      s.opening,
      s.topUps,
      ...STATEMENT_SPENDING_TYPES.map((type) => s.spending[type]),
      s.closing,
      s.creditLimit,
    ];
    const fmt = moneyFormat(s.currency);
    return {
      cells: [s.agencyName, s.agencyId, s.from, s.to, s.currency, ...amounts.map((m) => Number(m.amount))],
      numFmts: Object.fromEntries(amounts.map((_, i) => [5 + i, fmt])),
    };
  });
  return buildXlsx(t(locale, 'subAgencyExport.sheet'), columns, rows);
}
