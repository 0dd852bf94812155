import { parse as parseMrz } from 'mrz';
import type { DocumentReading } from '@portal/domain/document-reading';
import { isValidDocumentNumber, payloadDocumentType, type DocumentType } from '@portal/domain/document-types';
import { resolveTwoDigitYear } from '@portal/domain/two-digit-year';
import { alpha2OfMrzState } from './country-codes';

/** What the reader answers: the domain's reading schema, shared with the route's response. */
export type MrzReading = DocumentReading;
/** The passenger fields read from a machine-readable zone; null when unreadable. */
export type MrzFields = DocumentReading['fields'];
/** Per-field confidence: true when a check digit (or, for names, the character set) confirms it. */
export type MrzChecks = DocumentReading['checks'];

type ParseResult = ReturnType<typeof parseMrz>;
/** A parse with the lines it was made from. */
export interface MrzResult extends ParseResult {
  lines: string[];
}

const LENGTHS = [
  { format: 'TD3', lines: 2, width: 44 },
  { format: 'TD2', lines: 2, width: 36 },
  { format: 'TD1', lines: 3, width: 30 },
] as const;

/** The OCR text's lines that may belong to a zone: only `A-Z0-9<`, at least 28 characters. */
export function candidateLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.toUpperCase().replace(/[^A-Z0-9<]/g, ''))
    .filter((line) => line.length >= 28 && line.includes('<'));
}

/** Fits a line to `width` by trimming or padding its trailing filler only. */
function fitFiller(line: string, width: number): string | undefined {
  if (line.length === width) return line;
  if (line.length < width) return line.endsWith('<') ? line.padEnd(width, '<') : undefined;
  const cut = line.slice(width);
  return /^[<KLS]*$/.test(cut) ? line.slice(0, width) : undefined;
}

function tryParse(lines: string[]): MrzResult | undefined {
  try {
    return { ...parseMrz(lines, { autocorrect: true }), lines };
  } catch {
    return undefined;
  }
}

const checkDigitsOf = (result: MrzResult) => result.details.filter((d) => d.field?.endsWith('CheckDigit'));
const score = (result: MrzResult) => checkDigitsOf(result).filter((d) => d.valid).length;
const allPass = (result: MrzResult) => checkDigitsOf(result).every((d) => d.valid);

/** Variants of a line one or two characters too long (OCR read one glyph as two), minus those. */
function* withoutExtra(line: string, width: number): Generator<string> {
  const extra = line.length - width;
  if (extra === 1 || extra === 2) {
    for (let i = 0; i < line.length; i++) {
      const one = line.slice(0, i) + line.slice(i + 1);
      if (extra === 1) yield one;
      else for (let j = i; j < one.length; j++) yield one.slice(0, j) + one.slice(j + 1);
    }
  }
}

/** The best parse of a window of lines; the last line may be repaired when one or two too long. */
function parseWindow(window: string[], width: number): MrzResult | undefined {
  const fitted = window.map((line) => fitFiller(line, width));
  const head = fitted.slice(0, -1);
  if (head.some((line) => line === undefined)) return undefined;
  const fixedHead = head.filter((line): line is string => line !== undefined);
  const last = window[window.length - 1] ?? '';
  const lastFitted = fitted[fitted.length - 1];
  const direct = lastFitted === undefined ? undefined : tryParse([...fixedHead, lastFitted]);
  if (direct && allPass(direct)) return direct;
  // Of the repairs that make every check digit pass, the most plausible wins (fewest characters
  // autocorrected, nationality equal to the issuing state, known states); a tie is not believed.
  let best: { penalty: number; result: MrzResult; fields: string }[] = [];
  for (const variant of withoutExtra(last, width)) {
    const result = tryParse([...fixedHead, variant]);
    if (!result || !allPass(result)) continue;
    const penalty = repairPenalty(result);
    const fields = JSON.stringify(result.fields);
    if (best.length === 0 || penalty < (best[0]?.penalty ?? Infinity)) best = [{ penalty, result, fields }];
    else if (penalty === best[0]?.penalty && !best.some((b) => b.fields === fields)) {
      best.push({ penalty, result, fields });
    }
  }
  const [only] = best;
  return best.length === 1 && only ? only.result : direct;
}

function repairPenalty(result: MrzResult): number {
  const corrected = result.details.reduce((n, d) => n + d.autocorrect.length, 0);
  const nationality = stateField(result, 'nationality')?.value;
  const issuing = stateField(result, 'issuingState')?.value;
  const unknown = [nationality, issuing].filter((code) => !code || !alpha2OfMrzState(code)).length;
  return corrected * 3 + (nationality === issuing ? 0 : 2) + unknown;
}

/** Finds and parses a zone (TD3 passports, also TD2 and TD1 cards) in OCR text. */
export function parseMrzText(text: string): MrzResult | undefined {
  const lines = candidateLines(text);
  let best: MrzResult | undefined;
  for (const { lines: count, width } of LENGTHS) {
    for (let start = lines.length - count; start >= 0; start--) {
      const window = lines.slice(start, start + count);
      if (window.some((line) => Math.abs(line.length - width) > 3)) continue;
      const result = parseWindow(window, width);
      if (result && (!best || score(result) > score(best))) best = result;
      if (best && allPass(best)) return best;
    }
  }
  return best;
}

function rawField(result: MrzResult, field: string): { value: string; valid: boolean } | undefined {
  const detail = result.details.find((d) => d.field === field);
  const range = detail?.ranges[0];
  if (!detail || !range) return undefined;
  const raw = result.lines[range.line]?.slice(range.start, range.end) ?? '';
  return { value: raw.replace(/<+$/, ''), valid: detail.valid };
}

const DIGIT_AS_LETTER: Record<string, string> = { '0': 'O', '1': 'I', '2': 'Z', '5': 'S', '8': 'B' };

/** A state code as printed, with digits OCR put in place of letters turned back (`UT0` -> `UTO`). */
function stateField(result: MrzResult, field: string): { value: string; valid: boolean } | undefined {
  const raw = rawField(result, field);
  return raw && { ...raw, value: raw.value.replace(/[0-9]/g, (d) => DIGIT_AS_LETTER[d] ?? d) };
}

const validOf = (result: MrzResult, field: string) =>
  result.details.find((d) => d.field === field)?.valid ?? false;

/** `YYMMDD` to `YYYY-MM-DD`: birth dates by the spec's rule, expiry dates always 20yy. */
function mrzDate(value: string | null | undefined, mode: 'birth' | 'future', today: Date): string | null {
  if (!value || !/^\d{6}$/.test(value)) return null;
  const yy = Number(value.slice(0, 2));
  const year = mode === 'future' ? 2000 + yy : resolveTwoDigitYear(yy, today);
  const iso = `${year}-${value.slice(2, 4)}-${value.slice(4, 6)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : null;
}

const cleanName = (value: string | null | undefined) =>
  value ? value.replace(/</g, ' ').replace(/\s+/g, ' ').trim() || null : null;

/** Maps a parsed zone to the passenger fields of the booking form, with a confidence per field. */
export function toReading(result: MrzResult, today: Date): MrzReading {
  const f = result.fields;
  const nationality = stateField(result, 'nationality');
  const issuing = stateField(result, 'issuingState');
  const number =
    (result.documentNumber ?? f.documentNumber ?? rawField(result, 'documentNumber')?.value) || null;
  const interfaceType: DocumentType =
    issuing?.value === 'CHN' && number !== null && isValidDocumentNumber('chinese-passport', number)
      ? 'chinese-passport'
      : 'passport';
  const birthday = mrzDate(f.birthDate, 'birth', today);
  const expiryDate = mrzDate(f.expirationDate, 'future', today);
  const nationalityAlpha2 = nationality ? (alpha2OfMrzState(nationality.value) ?? null) : null;
  const issuingAlpha2 = issuing ? (alpha2OfMrzState(issuing.value) ?? null) : null;
  const gender = f.sex === 'male' || f.sex === 'female' ? f.sex : null;
  const fields: MrzFields = {
    surname: cleanName(f.lastName),
    given_names: cleanName(f.firstName),
    gender,
    birthday,
    nationality: nationalityAlpha2,
    nationalityCode: nationality?.value ?? null,
    travel_document: { type: payloadDocumentType(interfaceType), interfaceType, number, expiryDate },
    issuingCountry: issuingAlpha2,
    issuingCountryCode: issuing?.value ?? null,
  };
  const composite = result.details.some((d) => d.field === 'compositeCheckDigit')
    ? validOf(result, 'compositeCheckDigit')
    : true;
  const checks: MrzChecks = {
    surname: fields.surname !== null && validOf(result, 'lastName'),
    given_names: fields.given_names !== null && validOf(result, 'firstName'),
    gender: gender !== null,
    birthday: birthday !== null && validOf(result, 'birthDateCheckDigit'),
    nationality: nationalityAlpha2 !== null,
    documentNumber: number !== null && validOf(result, 'documentNumberCheckDigit'),
    expiryDate: expiryDate !== null && validOf(result, 'expirationDateCheckDigit'),
    issuingCountry: issuingAlpha2 !== null,
    composite,
    allCheckDigits: allPass(result),
  };
  return { format: result.format, fields, checks, raw: result.lines };
}

/** How many check digits a result passed (to pick the best of several readings). */
export function checkDigitScore(result: MrzResult): { passed: number; all: boolean } {
  return { passed: score(result), all: allPass(result) };
}
