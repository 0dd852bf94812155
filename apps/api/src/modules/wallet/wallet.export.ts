import type { Locale } from '@portal/domain/locale';
import type { InvoiceType } from '@portal/domain/shopping';
import { describeEntry, type TransactionRow, type WalletStatement } from '@portal/domain/wallet';
import { buildXlsx, type CellValue, type SheetColumn, type SheetRow } from '../../platform/download';
import { fromMinor, minorDigits } from './money';
import { EXPORT_TEXTS, type ExportTexts } from './wallet.export-texts';
import { paymentTypeOf, presentEntry } from './wallet.presenter';
import type { EntryLine } from './wallet.repo';

/** Most rows one export writes (the newest, in the list's order). */
export const EXPORT_ROW_CAP = 10_000;

const ASCII_FILE = {
  entriesFile: 'wallet-entries',
  transactionsFile: 'transactions',
  statementsFile: 'wallet-statements',
};

/** Excel number format with the currency's minor digits ('#,##0.00' for CNY, '#,##0' for JPY). */
export function moneyFormat(currency: string): string {
  const digits = minorDigits(currency);
  return digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
}

/** Minor units as the number written into a cell (exact for the currency's decimals). */
const moneyNumber = (minor: number, currency: string) => Number(fromMinor(minor, currency));

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** The localized and the ASCII file name of an export, dated `today` (UTC). */
export function exportFileName(
  locale: Locale,
  which: keyof typeof ASCII_FILE,
  today: Date,
): { fileName: string; asciiFallback: string } {
  const date = today.toISOString().slice(0, 10);
  return {
    fileName: `${EXPORT_TEXTS[locale][which]}-${date}.xlsx`,
    asciiFallback: `${ASCII_FILE[which]}-${date}.xlsx`,
  };
}

/** The invoice-type cell of a row's order (empty for rows without an order or a known type). */
function invoiceCell(
  t: ExportTexts,
  invoiceTypes: Map<string, InvoiceType>,
  orderId: string | null,
): CellValue {
  const type = orderId ? invoiceTypes.get(orderId) : undefined;
  return type ? t.invoices[type] : null;
}

/** An entry's description in the export's language; the stored text for entries without a label. */
function descriptionCell(t: ExportTexts, line: EntryLine): string {
  const described = describeEntry(presentEntry(line));
  return described
    ? t.descriptions[described.label]
        .replace('{n}', described.bookingNumber)
        .replace('{a}', described.agency ?? '')
    : line.description;
}

/** Wallet entries as a sheet; `invoiceTypes` (order id -> type) adds the invoice-type column. */
export function entriesWorkbook(
  locale: Locale,
  lines: EntryLine[],
  invoiceTypes?: Map<string, InvoiceType>,
): Promise<Buffer> {
  const t = EXPORT_TEXTS[locale];
  const columns: SheetColumn[] = [
    { header: t.paymentType, width: 16 },
    { header: t.paymentTime, width: 20, numFmt: TIME_FORMAT },
    { header: t.orderId, width: 20 },
    { header: t.reference, width: 20 },
    { header: t.currency, width: 8 },
    { header: t.amountPaid, width: 16 },
    { header: t.description, width: 36 },
  ];
  if (invoiceTypes) columns.push({ header: t.invoiceType, width: 16 });
  const rows: SheetRow[] = lines.map((line) => {
    const cells: CellValue[] = [
      t.types[paymentTypeOf(line.kind)],
      line.createdAt,
      line.order?.bookingNumber ?? line.orderId,
      line.reference,
      line.currency,
      moneyNumber(line.amountMinor, line.currency),
      descriptionCell(t, line),
    ];
    if (invoiceTypes) cells.push(invoiceCell(t, invoiceTypes, line.orderId));
    return { cells, numFmts: { 5: moneyFormat(line.currency) } };
  });
  return buildXlsx(t.entriesSheet, columns, rows);
}

/** 'All Transactions' as a sheet; `invoiceTypes` adds the invoice-type column. */
export function transactionsWorkbook(
  locale: Locale,
  rows: TransactionRow[],
  invoiceTypes?: Map<string, InvoiceType>,
): Promise<Buffer> {
  const t = EXPORT_TEXTS[locale];
  const columns: SheetColumn[] = [
    { header: t.originalOrderId, width: 20 },
    { header: t.referenceId, width: 20 },
    { header: t.paymentMethod, width: 14 },
    { header: t.currency, width: 8 },
    { header: t.totalAmountPaid, width: 16 },
    { header: t.amount, width: 16 },
    { header: t.handlingFee, width: 14 },
    { header: t.paymentTime, width: 20, numFmt: TIME_FORMAT },
    { header: t.createdOn, width: 20, numFmt: TIME_FORMAT },
  ];
  if (invoiceTypes) columns.push({ header: t.invoiceType, width: 16 });
  const sheetRows: SheetRow[] = rows.map((r) => {
    const { currency } = r.amount;
    const cells: CellValue[] = [
      r.bookingNumber ?? r.originalOrderId,
      r.referenceId,
      t.methods[r.paymentMethod],
      currency,
      Number(r.totalAmountPaid.amount),
      Number(r.amount.amount),
      Number(r.handlingFee.amount),
      new Date(r.paymentTime),
      new Date(r.createdOn),
    ];
    if (invoiceTypes) cells.push(invoiceCell(t, invoiceTypes, r.originalOrderId));
    const fmt = moneyFormat(currency);
    return { cells, numFmts: { 4: fmt, 5: fmt, 6: fmt } };
  });
  return buildXlsx(t.transactionsSheet, columns, sheetRows);
}

/** Statements as a sheet, one row per period and currency. */
export function statementsWorkbook(locale: Locale, statements: WalletStatement[]): Promise<Buffer> {
  const t = EXPORT_TEXTS[locale];
  const columns: SheetColumn[] = [
    { header: t.period, width: 10 },
    { header: t.currency, width: 8 },
    { header: t.opening, width: 16 },
    { header: t.topUps, width: 16 },
    { header: t.orderPayments, width: 16 },
    { header: t.refunds, width: 18 },
    { header: t.adjustments, width: 16 },
    { header: t.closing, width: 16 },
  ];
  const rows: SheetRow[] = statements.map((s) => {
    const fmt = moneyFormat(s.currency);
    return {
      cells: [
        s.period,
        s.currency,
        ...[s.opening, s.topUps, s.orderPayments, s.refunds, s.adjustments, s.closing].map((m) =>
          Number(m.amount),
        ),
      ],
      numFmts: { 2: fmt, 3: fmt, 4: fmt, 5: fmt, 6: fmt, 7: fmt },
    };
  });
  return buildXlsx(t.statementsSheet, columns, rows);
}
