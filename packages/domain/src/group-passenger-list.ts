import { z } from 'zod';
import { DOCUMENT_TYPE_CODES, normalizeDocumentNumber, type DocumentType } from './document-types';
import { PASSENGER_LIST_STATES } from './group-order-status';
import {
  GROUP_PASSENGER_COLUMN_CODES,
  GROUP_PASSENGER_COLUMNS,
  GROUP_PASSENGER_ERROR_KEYS,
  type GroupPassengerColumn,
  type GroupPassengerRowError as GroupPassengerRowErrorShape,
} from './group-passenger-errors';
import { validatePassenger, validatePassengerCounts, type FareRestrictions } from './passenger-rules';
import { PASSENGER_TYPES, type PassengerCounts, type PassengerType } from './shopping';

/**
 * The passenger list of a group order (spec §4, §5, §8): an Excel sheet with one row per passenger,
 * checked row by row with the passenger rules of spec §5, its counts per type matching the order,
 * and locked once confirmed. The API builds the template and reads uploads with these columns; the
 * web shows the errors by row and column with the same labels.
 */

// The columns, the error keys and the reading of a refused upload's errors are zod-free, for the page.
export {
  GROUP_PASSENGER_COLUMN_CODES,
  GROUP_PASSENGER_COLUMNS,
  GROUP_PASSENGER_ERROR_KEYS,
  GROUP_PASSENGER_LIST_KEYS,
  groupPassengerColumnLabel,
  readGroupPassengerUploadErrors,
  type GroupPassengerColumn,
  type GroupPassengerErrorKey,
  type GroupPassengerListKey,
} from './group-passenger-errors';

/** The genders a row may carry. */
export const GROUP_PASSENGER_GENDERS = ['male', 'female'] as const;
export type GroupPassengerGender = (typeof GROUP_PASSENGER_GENDERS)[number];

/** True when a header cell names `column` in any locale or by its code (case and spaces ignored). */
export function isGroupPassengerHeader(column: GroupPassengerColumn, text: string): boolean {
  const found = GROUP_PASSENGER_COLUMNS.find((c) => c.code === column);
  if (!found) return false;
  const squash = (s: string) => s.replace(/\s+/g, '').toLowerCase();
  const wanted = [found.code, ...Object.values(found.label)].map(squash);
  return wanted.includes(squash(text));
}

/** The largest upload (an .xlsx of a few hundred rows is far below it). */
export const GROUP_PASSENGER_FILE_MAX_BYTES = 2 * 1024 * 1024;
/** Rows read at most: more than any group may hold is a wrong file. */
export const GROUP_PASSENGER_MAX_ROWS = 1000;

/**
 * One error of an upload: `row` is the sheet's row number as Excel shows it (the header is row 1),
 * `column` the column code; both null for an error of the whole list (counts per type).
 */
export const GroupPassengerRowError = z.object({
  row: z.number().int().min(1).nullable(),
  column: z.enum(GROUP_PASSENGER_COLUMN_CODES).nullable(),
  key: z.enum(GROUP_PASSENGER_ERROR_KEYS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
}) satisfies z.ZodType<GroupPassengerRowErrorShape>;
export type GroupPassengerRowError = z.infer<typeof GroupPassengerRowError>;

/** `data` of a refused upload (the row errors); the page reads it with `readGroupPassengerUploadErrors`. */
export const GroupPassengerUploadErrors = z.object({ errors: z.array(GroupPassengerRowError) });
export type GroupPassengerUploadErrors = z.infer<typeof GroupPassengerUploadErrors>;

/** A row as read from the sheet: the cells' text, trimmed. */
export type GroupPassengerSheetRow = { row: number } & Record<GroupPassengerColumn, string>;

/** A passenger of a valid list, as stored. */
export interface GroupPassengerEntry {
  position: number;
  type: PassengerType;
  surname: string;
  givenNames: string;
  gender: GroupPassengerGender;
  birthday: string;
  nationality: string;
  documentType: DocumentType;
  documentNumber: string;
  documentExpiry: string;
}

export interface GroupPassengerListContext {
  /** The agent's today, `YYYY-MM-DD`. */
  today: string;
  /** The first departure date; ages and document expiry are judged on it. */
  travelDate: string;
  /** The chosen quote's restrictions; empty when the order carries none. */
  fare: FareRestrictions;
  /** The order's passengers per type. */
  counts: PassengerCounts;
}

const PATH_COLUMN: Record<string, GroupPassengerColumn> = {
  type: 'type',
  surname: 'surname',
  given_names: 'givenNames',
  gender: 'gender',
  birthday: 'birthday',
  nationality: 'nationality',
  'travel_document.interfaceType': 'documentType',
  'travel_document.number': 'documentNumber',
  'travel_document.expiryDate': 'documentExpiry',
};

const lower = (s: string) => s.trim().toLowerCase();

export type GroupPassengerListCheck =
  { ok: true; passengers: GroupPassengerEntry[] } | { ok: false; errors: GroupPassengerRowError[] };

/**
 * Checks every row with the passenger rules of spec §5 (names A-Z, birthday against the type on the
 * travel date, document type allowed by the fare, number and expiry, nationality), the gender, no
 * document number twice, and the counts per type against the order. Codes are taken case-insensitively
 * (`ADULT`, `Female`, `Passport`); numbers are stored normalized.
 */
export function checkGroupPassengerRows(
  rows: readonly GroupPassengerSheetRow[],
  ctx: GroupPassengerListContext,
): GroupPassengerListCheck {
  const errors: GroupPassengerRowError[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const type = lower(row.type);
    const gender = lower(row.gender);
    const documentType = lower(row.documentType);
    const ruleErrors = validatePassenger(
      {
        type,
        surname: row.surname,
        given_names: row.givenNames,
        gender,
        birthday: row.birthday,
        nationality: row.nationality,
        travel_document: {
          interfaceType: documentType,
          number: row.documentNumber,
          expiryDate: row.documentExpiry,
        },
      },
      ctx,
    );
    for (const e of ruleErrors) {
      errors.push({ row: row.row, column: PATH_COLUMN[e.path] ?? null, key: e.key, params: e.params ?? {} });
    }
    if (gender !== '' && !(GROUP_PASSENGER_GENDERS as readonly string[]).includes(gender)) {
      errors.push({ row: row.row, column: 'gender', key: 'passengerList.gender.invalid', params: {} });
    }
    const number = normalizeDocumentNumber(row.documentNumber);
    if (number !== '') {
      const key = `${documentType}:${number}`;
      const first = seen.get(key);
      if (first === undefined) seen.set(key, row.row);
      else
        errors.push({
          row: row.row,
          column: 'documentNumber',
          key: 'passengerList.documentNumber.duplicate',
          params: { row: first },
        });
    }
  }
  for (const e of validatePassengerCounts(
    rows.map((r) => ({ type: lower(r.type) })),
    ctx.counts,
  )) {
    errors.push({ row: null, column: null, key: e.key, params: e.params ?? {} });
  }
  if (errors.length > 0) return { ok: false, errors };
  return {
    ok: true,
    passengers: rows.map((row, index) => ({
      position: index + 1,
      type: lower(row.type) as PassengerType,
      surname: row.surname.trim().toUpperCase(),
      givenNames: row.givenNames.trim().toUpperCase(),
      gender: lower(row.gender) as GroupPassengerGender,
      birthday: row.birthday.trim(),
      nationality: row.nationality.trim().toUpperCase(),
      documentType: lower(row.documentType) as DocumentType,
      documentNumber: normalizeDocumentNumber(row.documentNumber),
      documentExpiry: row.documentExpiry.trim(),
    })),
  };
}

/** True when some error is a document type the fare's restrictions refuse (spec §8). */
export function hasRestrictedDocument(errors: readonly GroupPassengerRowError[]): boolean {
  return errors.some((e) => e.key === 'passenger.documentType.notAllowed');
}

/** The passengers shown: document numbers masked (all but the last four characters). */
export const GroupPassenger = z.object({
  position: z.number().int().min(1),
  type: z.enum(PASSENGER_TYPES),
  surname: z.string(),
  givenNames: z.string(),
  gender: z.enum(GROUP_PASSENGER_GENDERS),
  birthday: z.string(),
  nationality: z.string(),
  documentType: z.enum(DOCUMENT_TYPE_CODES as readonly [DocumentType, ...DocumentType[]]),
  documentNumber: z.string(),
  documentExpiry: z.string(),
});
export type GroupPassenger = z.infer<typeof GroupPassenger>;

/** What the list allows next: the order's `uploadPassengers` and `confirmPassengers` actions. */
export const GROUP_PASSENGER_LIST_ACTIONS = ['uploadPassengers', 'confirmPassengers'] as const;

/** `GET /order/v2/group/orders/{id}/passengers` and the answer of an upload or a confirmation. */
export const GroupPassengerList = z.object({
  state: z.enum(PASSENGER_LIST_STATES),
  /** The passengers the order expects per type. */
  counts: z.object({ adult: z.number().int(), child: z.number().int(), infant: z.number().int() }),
  /** Confirm before this instant (null before a quote is picked). */
  deadline: z.iso.datetime().nullable(),
  /**
   * The chosen quote's document restrictions the rows were checked against; null when the group
   * order carries none (the group desk's quotes name no restrictions).
   */
  restrictions: z
    .object({
      documentTypes: z.array(z.string()),
      eligibleCountries: z.array(z.string()),
      ineligibleCountries: z.array(z.string()),
    })
    .nullable(),
  passengers: z.array(GroupPassenger),
  uploadedAt: z.iso.datetime().nullable(),
  confirmedAt: z.iso.datetime().nullable(),
  allowedActions: z.array(z.enum(GROUP_PASSENGER_LIST_ACTIONS)),
});
export type GroupPassengerList = z.infer<typeof GroupPassengerList>;
