import ExcelJS from 'exceljs';
import { DOCUMENT_TYPE_CODES } from '@portal/domain/document-types';
import {
  GROUP_PASSENGER_COLUMNS,
  GROUP_PASSENGER_GENDERS,
  GROUP_PASSENGER_MAX_ROWS,
  isGroupPassengerHeader,
  type GroupPassengerColumn,
  type GroupPassengerSheetRow,
} from '@portal/domain/group-passenger-list';
import type { Locale } from '@portal/domain/locale';
import { PASSENGER_TYPES, type PassengerCounts } from '@portal/domain/shopping';
import { AppError } from '../../../platform/errors';
import { t } from '../../../platform/i18n';
import { inflatedSize } from './zip-guard';

const EXAMPLE: Record<GroupPassengerColumn, string> = {
  type: 'adult',
  surname: 'ZHANG',
  givenNames: 'SAN',
  gender: 'male',
  birthday: '1985-06-15',
  nationality: 'CN',
  documentType: 'chinese-passport',
  documentNumber: 'E12345678',
  documentExpiry: '2032-06-30',
};

/** Extra rows below the expected ones that still carry the drop-down lists. */
const SPARE_ROWS = 20;

const listOf = (values: readonly string[]): ExcelJS.DataValidation => ({
  type: 'list',
  allowBlank: true,
  showErrorMessage: true,
  formulae: [`"${values.join(',')}"`],
});

const VALIDATIONS: Partial<Record<GroupPassengerColumn, ExcelJS.DataValidation>> = {
  type: listOf(PASSENGER_TYPES),
  gender: listOf(GROUP_PASSENGER_GENDERS),
  documentType: listOf(DOCUMENT_TYPE_CODES),
};

function addHeader(sheet: ExcelJS.Worksheet, locale: Locale): void {
  sheet.columns = GROUP_PASSENGER_COLUMNS.map((c) => ({
    key: c.code,
    header: c.label[locale],
    width: 24,
    // Text cells: typed dates and long document numbers stay as written.
    style: { numFmt: '@' },
  }));
  sheet.getRow(1).font = { bold: true };
}

/** The file name of the template in `locale` (the ASCII fallback is `group-passengers.xlsx`). */
export function templateFileName(locale: Locale, bookingNumber: string): string {
  return `${t(locale, 'passengerListTemplate.file')}-${bookingNumber}.xlsx`;
}

/**
 * The passenger list template: a first sheet with the headers in `locale`, one row per expected
 * passenger with its type filled in (so the sheet shows how many of each are expected), drop-down
 * lists for type, gender and document type; a second sheet with an example row and the codes.
 */
export async function buildPassengerTemplate(locale: Locale, counts: PassengerCounts): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date(0);
  const sheet = workbook.addWorksheet(t(locale, 'passengerListTemplate.sheet'), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  addHeader(sheet, locale);
  const types = PASSENGER_TYPES.flatMap((type) => Array.from({ length: counts[type] }, () => type));
  for (const type of types) sheet.addRow({ type });
  for (let r = 2; r <= types.length + 1 + SPARE_ROWS; r += 1) {
    GROUP_PASSENGER_COLUMNS.forEach((c, i) => {
      const validation = VALIDATIONS[c.code];
      if (validation) sheet.getRow(r).getCell(i + 1).dataValidation = validation;
    });
  }

  const example = workbook.addWorksheet(t(locale, 'passengerListTemplate.example'));
  addHeader(example, locale);
  example.addRow(EXAMPLE);
  example.addRow([]);
  const total = counts.adult + counts.child + counts.infant;
  example.addRow([t(locale, 'passengerListTemplate.expected', { ...counts, total })]);
  example.addRow([`${t(locale, 'passengerListTemplate.codes')} ${DOCUMENT_TYPE_CODES.join(', ')}`]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const formatError = (reason: string) => new AppError('GROUP_PASSENGER_IMPORT_FORMAT', undefined, { reason });

/** The text of a cell as the agent sees it: dates as `YYYY-MM-DD`, formulas by their result. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value && typeof value.text === 'string') return value.text.trim();
  return '';
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * What an upload may inflate to, all its entries together. A filled template of
 * `GROUP_PASSENGER_MAX_ROWS` rows inflates to well under 1 MB; exceljs holds everything it unpacks
 * in memory (a sheet's rows at about 20 times their XML), so a 2 MB upload inflating to gigabytes
 * would take the server down.
 */
export const MAX_INFLATED_BYTES = 8 * 1024 * 1024;

/**
 * The passenger rows of an uploaded .xlsx (checked by content: a zip that inflates to at most
 * `MAX_INFLATED_BYTES` and that exceljs opens, whose first sheet has the template's headers in any
 * language). Blank rows are skipped; each row keeps its sheet row number. Anything else is the
 * spec's import format error (spec §8), `too_large` for an archive that inflates beyond the limit.
 */
export async function readPassengerSheet(bytes: Buffer): Promise<GroupPassengerSheetRow[]> {
  if (bytes.length < ZIP_MAGIC.length || !bytes.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) {
    throw formatError('not_xlsx');
  }
  const size = await inflatedSize(bytes, MAX_INFLATED_BYTES);
  if (size !== 'within') throw formatError(size === 'too_large' ? 'too_large' : 'not_xlsx');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw formatError('not_xlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw formatError('no_sheet');
  const header = sheet.getRow(1);
  const headersMatch = GROUP_PASSENGER_COLUMNS.every((c, i) =>
    isGroupPassengerHeader(c.code, cellText(header.getCell(i + 1).value)),
  );
  if (!headersMatch) throw formatError('headers');
  if (sheet.rowCount - 1 > GROUP_PASSENGER_MAX_ROWS) throw formatError('too_many_rows');

  const rows: GroupPassengerSheetRow[] = [];
  for (let r = 2; r <= sheet.rowCount; r += 1) {
    const row = sheet.getRow(r);
    const cells = new Map(
      GROUP_PASSENGER_COLUMNS.map((c, i) => [c.code, cellText(row.getCell(i + 1).value)]),
    );
    if ([...cells.values()].every((text) => text === '')) continue;
    const get = (column: GroupPassengerColumn): string => cells.get(column) ?? '';
    rows.push({
      row: r,
      type: get('type'),
      surname: get('surname'),
      givenNames: get('givenNames'),
      gender: get('gender'),
      birthday: get('birthday'),
      nationality: get('nationality'),
      documentType: get('documentType'),
      documentNumber: get('documentNumber'),
      documentExpiry: get('documentExpiry'),
    });
  }
  return rows;
}
