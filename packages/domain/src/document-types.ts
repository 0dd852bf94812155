import { PAYLOAD_DOCUMENT_TYPES } from './shopping-options';

/** The four document types of the booking payload (spec §3), as fares restrict them. */
export { PAYLOAD_DOCUMENT_TYPES };
export type PayloadDocumentType = (typeof PAYLOAD_DOCUMENT_TYPES)[number];

/**
 * The ten document types of the interface (spec §3), each with its stable code, i18n key and the
 * payload type it is sent as. The mapping (spec gives only the two lists):
 * - `idcard`: the mainland resident ID card, and the foreigner's permanent residence ID card,
 *   which Chinese domestic flights accept in its place;
 * - `passport`: any passport not issued by the PRC (passport, international passport);
 * - `chinese-passport`: the PRC ordinary passport;
 * - `eep` (exit-entry permit): every travel permit between the mainland, Hong Kong, Macao and Taiwan.
 */
export const DOCUMENT_TYPES = [
  { code: 'national-id', payload: 'idcard', labelKey: 'passenger.documentType.nationalId' },
  { code: 'passport', payload: 'passport', labelKey: 'passenger.documentType.passport' },
  {
    code: 'chinese-passport',
    payload: 'chinese-passport',
    labelKey: 'passenger.documentType.chinesePassport',
  },
  {
    code: 'international-passport',
    payload: 'passport',
    labelKey: 'passenger.documentType.internationalPassport',
  },
  { code: 'hk-macao-return-permit', payload: 'eep', labelKey: 'passenger.documentType.hkMacaoReturnPermit' },
  { code: 'hk-macao-travel-permit', payload: 'eep', labelKey: 'passenger.documentType.hkMacaoTravelPermit' },
  {
    code: 'taiwan-compatriot-permit',
    payload: 'eep',
    labelKey: 'passenger.documentType.taiwanCompatriotPermit',
  },
  { code: 'taiwan-travel-permit', payload: 'eep', labelKey: 'passenger.documentType.taiwanTravelPermit' },
  {
    code: 'foreigner-residence-permit',
    payload: 'idcard',
    labelKey: 'passenger.documentType.foreignerResidencePermit',
  },
  {
    code: 'mainland-hk-macao-permit',
    payload: 'eep',
    labelKey: 'passenger.documentType.mainlandHkMacaoPermit',
  },
] as const satisfies readonly { code: string; payload: PayloadDocumentType; labelKey: string }[];

export type DocumentType = (typeof DOCUMENT_TYPES)[number]['code'];
export const DOCUMENT_TYPE_CODES: readonly DocumentType[] = DOCUMENT_TYPES.map((type) => type.code);

export function isDocumentType(value: unknown): value is DocumentType {
  return typeof value === 'string' && (DOCUMENT_TYPE_CODES as readonly string[]).includes(value);
}

/** The payload type an interface document type is sent as. */
export function payloadDocumentType(type: DocumentType): PayloadDocumentType {
  const found = DOCUMENT_TYPES.find((entry) => entry.code === type);
  return found ? found.payload : 'passport';
}

/** Upper-cases and removes spaces, as the number is stored and sent. */
export function normalizeDocumentNumber(number: string): string {
  return number.replace(/\s+/g, '').toUpperCase();
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** The ISO 7064 MOD 11-2 check character of the first 17 digits of a GB 11643 number. */
export function residentIdCheckChar(first17: string): string | undefined {
  if (!/^\d{17}$/.test(first17)) return undefined;
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK[sum % 11];
}

function hasValidCheckChar(id: string): boolean {
  return residentIdCheckChar(id.slice(0, 17)) === id[17];
}

function isCalendarDate(yyyymmdd: string): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/**
 * Mainland resident identity card (GB 11643-1999): 6-digit region code (first digit 1-8; 81/82/83
 * are the residence permits of Hong Kong, Macao and Taiwan residents), 8-digit birth date,
 * 3-digit sequence, and the ISO 7064 MOD 11-2 check character (0-9 or X).
 */
export function isValidResidentId(number: string): boolean {
  const id = normalizeDocumentNumber(number);
  return /^[1-8]\d{16}[\dX]$/.test(id) && isCalendarDate(id.slice(6, 14)) && hasValidCheckChar(id);
}

/**
 * Document number formats per interface type (after `normalizeDocumentNumber`):
 * - passport, international passport: 5-20 letters and digits (ICAO 9303 allows up to 9 in the
 *   MRZ field, some states issue longer numbers in the optional data);
 * - Chinese passport: E + 8 digits (e-passports to 2017), E + a letter (not I or O) + 7 digits
 *   (since 2017), or G + 8 digits (older ordinary passports);
 * - Hong Kong and Macao return permit (for residents of Hong Kong and Macao): H (Hong Kong) or M
 *   (Macao) + 8 digits on the card, + 10 digits on the older booklet;
 * - Hong Kong and Macao travel permit and mainland resident permit to Hong Kong and Macao (the
 *   exit-entry permit of mainland residents): C + a letter or digit + 7 digits (card), or W + 8
 *   digits (older booklet);
 * - Taiwan compatriot permit: 8 digits (card since 2015), or 10 digits (booklet number with its
 *   2-digit issue count);
 * - Taiwan travel permit (mainland residents): L + 8 digits;
 * - foreigner permanent residence ID: 3-letter country code + 12 digits (2004 card), or 18
 *   characters starting with 9 with the GB 11643 check character (2023 card).
 */
export const DOCUMENT_NUMBER_RULES: Record<DocumentType, (number: string) => boolean> = {
  'national-id': isValidResidentId,
  passport: (n) => /^[A-Z0-9]{5,20}$/.test(n),
  'chinese-passport': (n) => /^(E\d{8}|E[A-HJ-NP-Z]\d{7}|G\d{8})$/.test(n),
  'international-passport': (n) => /^[A-Z0-9]{5,20}$/.test(n),
  'hk-macao-return-permit': (n) => /^[HM](\d{8}|\d{10})$/.test(n),
  'hk-macao-travel-permit': (n) => /^(C[0-9A-HJ-NP-Z]\d{7}|W\d{8})$/.test(n),
  'taiwan-compatriot-permit': (n) => /^(\d{8}|\d{10})$/.test(n),
  'taiwan-travel-permit': (n) => /^L\d{8}$/.test(n),
  'foreigner-residence-permit': (n) =>
    /^[A-Z]{3}\d{12}$/.test(n) || (/^9\d{16}[\dX]$/.test(n) && hasValidCheckChar(n)),
  'mainland-hk-macao-permit': (n) => /^(C[0-9A-HJ-NP-Z]\d{7}|W\d{8})$/.test(n),
};

/** True when `number` has the format of `type` (spaces and case ignored). */
export function isValidDocumentNumber(type: DocumentType, number: string): boolean {
  const rule = DOCUMENT_NUMBER_RULES[type];
  return rule(normalizeDocumentNumber(number));
}

/**
 * A document number for screens and lists: every character but the last four hidden, so staff can
 * tell passengers apart without the whole number on screen.
 */
export function maskDocumentNumber(number: string): string {
  if (number.length <= 4) return number;
  return `${'*'.repeat(number.length - 4)}${number.slice(-4)}`;
}
