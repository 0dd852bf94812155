import type { Locale } from '@portal/domain/locale';
import type { InvoiceType } from '@portal/domain/shopping';
import { DIRECTION_SIGN } from '@portal/domain/transaction-kinds';
import { describeEntry, type TransactionRow, type WalletStatement } from '@portal/domain/wallet';
import { buildXlsx, type CellValue, type SheetColumn, type SheetRow } from '../../platform/download';
import { t, type TextKey, type TextKeysUnder } from '../../platform/i18n';
import { minorDigits } from '@portal/domain/currency-conversion';
import { fromMinor } from './money';
import { paymentTypeOf, presentEntry } from './wallet.presenter';
import type { EntryLine } from './wallet.repo';

/** Most rows one export writes (the newest, in the list's order). */
export const EXPORT_ROW_CAP = 10_000;

const ASCII_FILE = {
  entriesFile: 'wallet-entries',
  transactionsFile: 'transactions',
  statementsFile: 'wallet-statements',
};

/** The localized file name of each export (`walletExport.file.*`). */
const FILE_KEY = {
  entriesFile: 'walletExport.file.entries',
  transactionsFile: 'walletExport.file.transactions',
  statementsFile: 'walletExport.file.statements',
} as const satisfies Record<keyof typeof ASCII_FILE, TextKey>;

/** Excel number format with the currency's minor digits ('#,##0.00' for CNY, '#,##0' for JPY). */
export function moneyFormat(currency: string): string {
  const digits = minorDigits(currency);
  return digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
}

/** Minor units as the number written into a cell (exact for the currency's decimals). */
const moneyNumber = (minor: number, currency: string) => Number(fromMinor(minor, currency));

const TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** A column heading of the exports in `locale`; times are UTC and the headings say so. */
const heading = (locale: Locale, column: TextKeysUnder<'walletExport.column'>) =>
  t(locale, `walletExport.column.${column}`);

/** The localized and the ASCII file name of an export, dated `today` (UTC). */
export function exportFileName(
  locale: Locale,
  which: keyof typeof ASCII_FILE,
  today: Date,
): { fileName: string; asciiFallback: string } {
  const date = today.toISOString().slice(0, 10);
  return {
    fileName: `${t(locale, FILE_KEY[which])}-${date}.xlsx`,
    asciiFallback: `${ASCII_FILE[which]}-${date}.xlsx`,
  };
}

/** The invoice-type cell of a row's order (empty for rows without an order or a known type). */
function invoiceCell(
  locale: Locale,
  invoiceTypes: Map<string, InvoiceType>,
  orderId: string | null,
): CellValue {
  const type = orderId ? invoiceTypes.get(orderId) : undefined;
  return type ? t(locale, `flight.invoiceType.${type}`) : null;
}

/** An entry's description in the export's language; the stored text for entries without a label. */
function descriptionCell(locale: Locale, line: EntryLine): string {
  const described = describeEntry(presentEntry(line));
  return described
    ? t(locale, `bills.description.${described.label}`, {
        bookingNumber: described.bookingNumber,
        agency: described.agency ?? '',
      })
    : line.description;
}

/** Wallet entries as a sheet; `invoiceTypes` (order id -> type) adds the invoice-type column. */
export function entriesWorkbook(
  locale: Locale,
  lines: EntryLine[],
  invoiceTypes?: Map<string, InvoiceType>,
): Promise<Buffer> {
  const columns: SheetColumn[] = [
    { header: heading(locale, 'paymentType'), width: 16 },
    { header: heading(locale, 'paymentTime'), width: 20, numFmt: TIME_FORMAT },
    { header: heading(locale, 'orderId'), width: 20 },
    { header: heading(locale, 'reference'), width: 20 },
    { header: heading(locale, 'currency'), width: 8 },
    { header: heading(locale, 'amountPaid'), width: 16 },
    { header: heading(locale, 'description'), width: 36 },
  ];
  if (invoiceTypes) columns.push({ header: heading(locale, 'invoiceType'), width: 16 });
  const rows: SheetRow[] = lines.map((line) => {
    const cells: CellValue[] = [
      t(locale, `bills.type.${paymentTypeOf(line.kind)}`),
      line.createdAt,
      line.order?.bookingNumber ?? line.orderId,
      line.reference,
      line.currency,
      moneyNumber(line.amountMinor, line.currency),
      descriptionCell(locale, line),
    ];
    if (invoiceTypes) cells.push(invoiceCell(locale, invoiceTypes, line.orderId));
    return { cells, numFmts: { 5: moneyFormat(line.currency) } };
  });
  return buildXlsx(t(locale, 'walletExport.sheet.entries'), columns, rows);
}

/**
 * The Excel format of a signed amount: the sign rule's '+' for money in and '−' for money out, as
 * the screen writes them (`DIRECTION_SIGN`), with the currency's minor digits.
 */
export function signedMoneyFormat(currency: string): string {
  const plain = moneyFormat(currency);
  const zero = plain.replace(/#,##/, '');
  return `"${DIRECTION_SIGN.in}"${plain};"${DIRECTION_SIGN.out}"${plain};${zero}`;
}

/**
 * 'All Transactions' as a sheet, with the screen's columns, signs and words: the kind, both
 * booking numbers, the signed amount and the balance after each row; `invoiceTypes` adds the
 * invoice-type column.
 */
export function transactionsWorkbook(
  locale: Locale,
  rows: TransactionRow[],
  invoiceTypes?: Map<string, InvoiceType>,
): Promise<Buffer> {
  const columns: SheetColumn[] = [
    { header: heading(locale, 'kind'), width: 14 },
    { header: heading(locale, 'originalOrderId'), width: 20 },
    { header: heading(locale, 'afterSalesOrder'), width: 20 },
    { header: heading(locale, 'referenceId'), width: 20 },
    { header: heading(locale, 'paymentMethod'), width: 14 },
    { header: heading(locale, 'currency'), width: 8 },
    { header: heading(locale, 'totalAmountPaid'), width: 16 },
    { header: heading(locale, 'amount'), width: 16 },
    { header: heading(locale, 'handlingFee'), width: 14 },
    { header: heading(locale, 'balanceAfter'), width: 16 },
    { header: heading(locale, 'paymentTime'), width: 20, numFmt: TIME_FORMAT },
    { header: heading(locale, 'createdOn'), width: 20, numFmt: TIME_FORMAT },
  ];
  if (invoiceTypes) columns.push({ header: heading(locale, 'invoiceType'), width: 16 });
  const sheetRows: SheetRow[] = rows.map((r) => {
    const { currency } = r.amount;
    const cells: CellValue[] = [
      t(locale, `bills.kind.${r.kind}`),
      r.originalBooking?.bookingNumber ?? (r.afterSalesOrder ? null : r.originalOrderId),
      r.afterSalesOrder?.bookingNumber ?? null,
      r.referenceId,
      t(locale, `bills.method.${r.paymentMethod}`),
      currency,
      Number(r.totalAmountPaid.amount),
      Number(r.amount.amount),
      Number(r.handlingFee.amount),
      Number(r.balanceAfter.amount),
      new Date(r.paymentTime),
      new Date(r.createdOn),
    ];
    if (invoiceTypes) cells.push(invoiceCell(locale, invoiceTypes, r.originalOrderId));
    const fmt = moneyFormat(currency);
    return { cells, numFmts: { 6: fmt, 7: signedMoneyFormat(currency), 8: fmt, 9: fmt } };
  });
  return buildXlsx(t(locale, 'walletExport.sheet.transactions'), columns, sheetRows);
}

/** Statements as a sheet, one row per month with movement and currency; the heading names the zone. */
export function statementsWorkbook(locale: Locale, statements: WalletStatement[]): Promise<Buffer> {
  const timeZone = statements[0]?.timeZone;
  const columns: SheetColumn[] = [
    {
      header: timeZone ? t(locale, 'walletExport.column.periodIn', { timeZone }) : heading(locale, 'period'),
      width: 22,
    },
    { header: heading(locale, 'currency'), width: 8 },
    { header: heading(locale, 'opening'), width: 16 },
    { header: heading(locale, 'topUps'), width: 16 },
    { header: heading(locale, 'orderPayments'), width: 16 },
    { header: heading(locale, 'refunds'), width: 18 },
    { header: heading(locale, 'adjustments'), width: 16 },
    { header: heading(locale, 'closing'), width: 16 },
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
  return buildXlsx(t(locale, 'walletExport.sheet.statements'), columns, rows);
}
