import type { Locale } from './locale';
import { PASSENGER_RULE_KEYS, type PassengerRuleKey } from './passenger-checks';

/**
 * The passenger list's columns and error keys, and the reading of a refused upload's errors,
 * without zod: the group order page shows a refused upload's errors by row and column with these,
 * and `group-passenger-list.ts` (which re-exports all of this) holds the schemas the API answers with.
 */

/** Columns of the sheet, in order, with their header in each locale. */
export const GROUP_PASSENGER_COLUMNS = [
  { code: 'type', label: { en: 'Passenger type', 'zh-cn': '乘客类型', 'zh-tw': '乘客類型' } },
  { code: 'surname', label: { en: 'Surname', 'zh-cn': '姓（英文）', 'zh-tw': '姓（英文）' } },
  { code: 'givenNames', label: { en: 'Given names', 'zh-cn': '名（英文）', 'zh-tw': '名（英文）' } },
  { code: 'gender', label: { en: 'Gender', 'zh-cn': '性别', 'zh-tw': '性別' } },
  {
    code: 'birthday',
    label: {
      en: 'Birthday (yyyy-mm-dd)',
      'zh-cn': '出生日期（yyyy-mm-dd）',
      'zh-tw': '出生日期（yyyy-mm-dd）',
    },
  },
  {
    code: 'nationality',
    label: { en: 'Nationality (e.g. CN)', 'zh-cn': '国籍（如 CN）', 'zh-tw': '國籍（如 CN）' },
  },
  { code: 'documentType', label: { en: 'Document type', 'zh-cn': '证件类型', 'zh-tw': '證件類型' } },
  { code: 'documentNumber', label: { en: 'Document number', 'zh-cn': '证件号码', 'zh-tw': '證件號碼' } },
  {
    code: 'documentExpiry',
    label: {
      en: 'Document expiry (yyyy-mm-dd)',
      'zh-cn': '证件有效期（yyyy-mm-dd）',
      'zh-tw': '證件有效期（yyyy-mm-dd）',
    },
  },
] as const satisfies readonly { code: string; label: Record<Locale, string> }[];

export type GroupPassengerColumn = (typeof GROUP_PASSENGER_COLUMNS)[number]['code'];
export const GROUP_PASSENGER_COLUMN_CODES = GROUP_PASSENGER_COLUMNS.map((c) => c.code) as [
  GroupPassengerColumn,
  ...GroupPassengerColumn[],
];

/** The header of a column in `locale`. */
export function groupPassengerColumnLabel(column: GroupPassengerColumn, locale: Locale): string {
  return GROUP_PASSENGER_COLUMNS.find((c) => c.code === column)?.label[locale] ?? column;
}

/** Keys of the list's own checks, beside the passenger rule keys of spec §5. */
export const GROUP_PASSENGER_LIST_KEYS = [
  'passengerList.gender.invalid',
  'passengerList.documentNumber.duplicate',
] as const;
export type GroupPassengerListKey = (typeof GROUP_PASSENGER_LIST_KEYS)[number];
export type GroupPassengerErrorKey = PassengerRuleKey | GroupPassengerListKey;
/** Every key an upload's error may carry. */
export const GROUP_PASSENGER_ERROR_KEYS = [...PASSENGER_RULE_KEYS, ...GROUP_PASSENGER_LIST_KEYS] as [
  GroupPassengerErrorKey,
  ...GroupPassengerErrorKey[],
];

/**
 * One error of an upload: `row` is the sheet's row number as Excel shows it (the header is row 1),
 * `column` the column code; both null for an error of the whole list (counts per type).
 */
export interface GroupPassengerRowError {
  row: number | null;
  column: GroupPassengerColumn | null;
  key: GroupPassengerErrorKey;
  params: Record<string, string | number>;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A plain object, as zod's `z.record` requires (no array, no class instance). */
const isPlainRecord = (value: unknown): value is Record<string, unknown> =>
  isRecord(value) && [Object.prototype, null].includes(Object.getPrototypeOf(value) as object | null);
const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

function readRowError(value: unknown): GroupPassengerRowError | undefined {
  if (!isRecord(value)) return undefined;
  const { row, column, key, params } = value;
  if (row !== null && !(isFiniteNumber(row) && Number.isSafeInteger(row) && row >= 1)) return undefined;
  if (column !== null && !GROUP_PASSENGER_COLUMN_CODES.includes(column as GroupPassengerColumn))
    return undefined;
  if (!GROUP_PASSENGER_ERROR_KEYS.includes(key as GroupPassengerErrorKey)) return undefined;
  if (!isPlainRecord(params)) return undefined;
  const values = Object.entries(params);
  if (!values.every(([, v]) => typeof v === 'string' || isFiniteNumber(v))) return undefined;
  return {
    row,
    column: column as GroupPassengerColumn | null,
    key: key as GroupPassengerErrorKey,
    params: Object.fromEntries(values) as Record<string, string | number>,
  };
}

/**
 * The row errors of a refused upload's `data` (`{ errors: [...] }`, each error with only its four
 * fields), or undefined when `data` is not that: what `GroupPassengerUploadErrors` parses, with
 * the same answer (`group-passenger-errors.test.ts`).
 */
export function readGroupPassengerUploadErrors(data: unknown): GroupPassengerRowError[] | undefined {
  if (!isRecord(data) || !Array.isArray(data.errors)) return undefined;
  const errors: GroupPassengerRowError[] = [];
  for (const item of data.errors as unknown[]) {
    const error = readRowError(item);
    if (!error) return undefined;
    errors.push(error);
  }
  return errors;
}
