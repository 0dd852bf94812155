import {
  isDocumentType,
  isValidDocumentNumber,
  payloadDocumentType,
  type PayloadDocumentType,
} from './document-types';
import { isEmailAddress } from './company-fields';
import { DEFAULT_REGION } from './locale';
import { COUNTRY_PATTERN, GIVEN_NAMES_PATTERN, SURNAME_PATTERN } from './name-patterns';
import type { PassengerCounts } from './shopping';
import { PASSENGER_TYPES, type PassengerType } from './shopping-options';

// The name and country patterns live on their own, so that order schemas need not load these rules.
export { COUNTRY_PATTERN, GIVEN_NAMES_PATTERN, SURNAME_PATTERN };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Dates before this year are refused as an invalid year. */
export const MIN_DATE_YEAR = 1900;

/** Age bands of IATA passenger types, in full years on the travel date. */
export const CHILD_MIN_AGE = 2;
export const ADULT_MIN_AGE = 12;

/** The i18n keys of every passenger and contact rule (spec §5). */
export const PASSENGER_RULE_KEYS = [
  'passenger.surname.required',
  'passenger.surname.letters',
  'passenger.givenNames.required',
  'passenger.givenNames.letters',
  'passenger.gender.required',
  'passenger.birthday.required',
  'passenger.birthday.afterToday',
  'passenger.date.format',
  'passenger.date.invalidYear',
  'passenger.documentType.required',
  'passenger.documentType.notAllowed',
  'passenger.documentNumber.required',
  'passenger.documentNumber.invalid',
  'passenger.expiryDate.required',
  'passenger.expiryDate.beforeTravel',
  'passenger.nationality.required',
  'passenger.nationality.notEligible',
  'passenger.phone.invalid',
  'passenger.type.required',
  'passenger.type.invalid',
  'passenger.age.notAllowed',
  'passenger.count.mismatch',
  'contact.name.required',
  'contact.email.required',
  'contact.email.format',
  'contact.phone.required',
  'contact.phone.invalid',
] as const;
export type PassengerRuleKey = (typeof PASSENGER_RULE_KEYS)[number];

export interface RuleError {
  /** Dotted path of the field, in the payload's names (`travel_document.number`). */
  path: string;
  key: PassengerRuleKey;
  params?: Record<string, string | number>;
}

/**
 * Whether `number` is a valid phone number in the country of `areaCode`: `isValidPhone` of
 * `phone-numbers.ts`, passed in so that these rules can load without the numbering plans of every
 * country (about 43 KB compressed), which a browser fetches only when it first checks a phone.
 */
export type PhoneCheck = (areaCode: string, number: string) => boolean;

/** A phone as a form or a request gives it: either part may be missing. */
type PhoneDraft = { areaCode?: string | null; number?: string | null } | null | undefined;

/** A passenger as the form holds it: every field may still be missing. */
export interface PassengerDraft {
  type?: PassengerType | string | null;
  surname?: string | null;
  given_names?: string | null;
  gender?: string | null;
  birthday?: string | null;
  nationality?: string | null;
  travel_document?: {
    /** One of the ten interface types of `document-types.ts`. */
    interfaceType?: string | null;
    number?: string | null;
    expiryDate?: string | null;
  } | null;
  /** Optional; when a number is given it must be valid for its area code (default 86). */
  phone?: PhoneDraft;
}

/** The restrictions of the fare being booked (spec §3), as far as passengers are concerned. */
export interface FareRestrictions {
  /** Empty means every country. */
  eligibleCountries?: readonly string[];
  ineligibleCountries?: readonly string[];
  /** Payload document types the fare accepts; empty means any. */
  documentTypes?: readonly PayloadDocumentType[];
  minAge?: number | null;
  maxAge?: number | null;
}

export interface PassengerContext {
  /** The agent's today, `YYYY-MM-DD`. */
  today: string;
  /** The first departure date, `YYYY-MM-DD`; ages and document expiry are judged on it. */
  travelDate: string;
  fare: FareRestrictions;
}

export type PastedDate = { ok: true; date: string } | { ok: false; key: 'passenger.date.format' };

/** A date pasted into a date field: only `yyyy-mm-dd` is taken (spec §5); spaces around are ignored. */
export function normalizePastedDate(text: string): PastedDate {
  const date = text.trim();
  return ISO_DATE.test(date) ? { ok: true, date } : { ok: false, key: 'passenger.date.format' };
}

/** True for a real calendar day in `yyyy-mm-dd` from 1900 on. */
function isValidIsoDay(date: string): boolean {
  const [year = NaN, month = NaN, day = NaN] = date.split('-').map(Number);
  const value = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= MIN_DATE_YEAR &&
    value.getUTCFullYear() === year &&
    value.getUTCMonth() === month - 1 &&
    value.getUTCDate() === day
  );
}

/** Checks a date field's text: format first, then a real day from 1900 on. */
function dateError(path: string, value: string): RuleError | undefined {
  if (!ISO_DATE.test(value)) return { path, key: 'passenger.date.format' };
  if (!isValidIsoDay(value)) return { path, key: 'passenger.date.invalidYear' };
  return undefined;
}

/** Full years between `birthday` and `on` (both `YYYY-MM-DD`); a 29 February birthday counts from 1 March. */
export function ageOn(birthday: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(birthday.slice(0, 4));
  return on.slice(5) < birthday.slice(5) ? years - 1 : years;
}

/** The IATA passenger type for an age in full years: adult 12+, child 2-11, infant under 2. */
export function passengerTypeForAge(age: number): PassengerType {
  if (age >= ADULT_MIN_AGE) return 'adult';
  if (age >= CHILD_MIN_AGE) return 'child';
  return 'infant';
}

const blank = (value: string | null | undefined): value is null | undefined | '' =>
  value === undefined || value === null || value.trim() === '';

/**
 * Every passenger rule of spec §5, as `{path, key}` errors (empty when the passenger may be booked):
 * names, gender, birthday (not after today, from 1900, yyyy-mm-dd), document type allowed by the
 * fare, document number valid for its type, expiry date required and not before the travel date,
 * nationality eligible for the fare, passenger type matching the age on the travel date, and the
 * fare's age limits.
 */
export function validatePassenger(
  p: PassengerDraft,
  ctx: PassengerContext,
  isValidPhone: PhoneCheck,
): RuleError[] {
  const errors: RuleError[] = [];
  const add = (path: string, key: PassengerRuleKey, params?: RuleError['params']): void => {
    errors.push(params ? { path, key, params } : { path, key });
  };

  if (blank(p.surname)) add('surname', 'passenger.surname.required');
  else if (!SURNAME_PATTERN.test(p.surname.trim())) add('surname', 'passenger.surname.letters');

  if (blank(p.given_names)) add('given_names', 'passenger.givenNames.required');
  else if (!GIVEN_NAMES_PATTERN.test(p.given_names.trim()))
    add('given_names', 'passenger.givenNames.letters');

  if (blank(p.gender)) add('gender', 'passenger.gender.required');

  let age: number | undefined;
  if (blank(p.birthday)) {
    add('birthday', 'passenger.birthday.required');
  } else {
    const invalid = dateError('birthday', p.birthday.trim());
    if (invalid) errors.push(invalid);
    else if (p.birthday.trim() > ctx.today) add('birthday', 'passenger.birthday.afterToday');
    else age = ageOn(p.birthday.trim(), ctx.travelDate);
  }

  const doc = p.travel_document ?? {};
  const docType = blank(doc.interfaceType) ? undefined : doc.interfaceType.trim();
  if (docType === undefined || !isDocumentType(docType)) {
    add('travel_document.interfaceType', 'passenger.documentType.required');
  } else {
    const allowed = ctx.fare.documentTypes ?? [];
    const payload = payloadDocumentType(docType);
    if (allowed.length > 0 && !allowed.includes(payload)) {
      add('travel_document.interfaceType', 'passenger.documentType.notAllowed', { type: payload });
    }
  }
  if (blank(doc.number)) add('travel_document.number', 'passenger.documentNumber.required');
  else if (docType !== undefined && isDocumentType(docType) && !isValidDocumentNumber(docType, doc.number)) {
    add('travel_document.number', 'passenger.documentNumber.invalid');
  }
  if (blank(doc.expiryDate)) {
    add('travel_document.expiryDate', 'passenger.expiryDate.required');
  } else {
    const invalid = dateError('travel_document.expiryDate', doc.expiryDate.trim());
    if (invalid) errors.push(invalid);
    else if (doc.expiryDate.trim() < ctx.travelDate)
      add('travel_document.expiryDate', 'passenger.expiryDate.beforeTravel');
  }

  if (blank(p.nationality)) {
    add('nationality', 'passenger.nationality.required');
  } else {
    const country = p.nationality.trim().toUpperCase();
    const eligible = (ctx.fare.eligibleCountries ?? []).map((c) => c.toUpperCase());
    const ineligible = (ctx.fare.ineligibleCountries ?? []).map((c) => c.toUpperCase());
    if (
      !COUNTRY_PATTERN.test(country) ||
      (eligible.length > 0 && !eligible.includes(country)) ||
      ineligible.includes(country)
    ) {
      add('nationality', 'passenger.nationality.notEligible', { country });
    }
  }

  const phone = passengerPhoneError(p.phone, isValidPhone);
  if (phone) errors.push(phone);

  if (blank(p.type) || !(PASSENGER_TYPES as readonly string[]).includes(p.type)) {
    add('type', 'passenger.type.required');
  } else if (age !== undefined) {
    const expected = passengerTypeForAge(age);
    if (expected !== p.type) add('type', 'passenger.type.invalid', { expected });
  }

  if (age !== undefined) {
    const { minAge, maxAge } = ctx.fare;
    if ((typeof minAge === 'number' && age < minAge) || (typeof maxAge === 'number' && age > maxAge)) {
      add('birthday', 'passenger.age.notAllowed', { age, min: minAge ?? '', max: maxAge ?? '' });
    }
  }
  return errors;
}

/**
 * The booking must carry exactly the searched numbers of adults, children and infants (by the
 * declared type; `validatePassenger` checks each type against the age).
 */
export function validatePassengerCounts(
  passengers: readonly { type?: string | null }[],
  searched: PassengerCounts,
): RuleError[] {
  return PASSENGER_TYPES.flatMap((type) => {
    const actual = passengers.filter((p) => p.type === type).length;
    return actual === searched[type]
      ? []
      : [
          {
            path: 'passengers',
            key: 'passenger.count.mismatch' as const,
            params: { type, expected: searched[type], actual },
          },
        ];
  });
}

export interface ContactDraft {
  name?: string | null;
  email?: string | null;
  phone?: PhoneDraft;
}

/**
 * The rule error of a phone whose number is given but not valid for its area code (default 86,
 * spec §9), under `key`; undefined when valid or not given (the caller decides if it is required).
 */
function invalidPhone(
  phone: PhoneDraft,
  key: PassengerRuleKey,
  isValidPhone: PhoneCheck,
): RuleError | undefined {
  const number = phone?.number;
  if (blank(number)) return undefined;
  const givenCode = phone?.areaCode;
  const areaCode = blank(givenCode) ? DEFAULT_REGION : givenCode.trim();
  return isValidPhone(areaCode, number) ? undefined : { path: 'phone.number', key, params: { areaCode } };
}

/**
 * A passenger's optional phone (spec §5 asks none; the API takes one): when a number is given it
 * must be valid for its area code, as the contact's is.
 */
export function passengerPhoneError(
  phone: PassengerDraft['phone'],
  isValidPhone: PhoneCheck,
): RuleError | undefined {
  return invalidPhone(phone, 'passenger.phone.invalid', isValidPhone);
}

/**
 * The booking contact (spec §5): name, email and phone required; email well-formed; phone valid
 * for its area code (default 86, spec §9).
 */
export function validateContact(contact: ContactDraft, isValidPhone: PhoneCheck): RuleError[] {
  const errors: RuleError[] = [];
  if (blank(contact.name)) errors.push({ path: 'name', key: 'contact.name.required' });
  if (blank(contact.email)) errors.push({ path: 'email', key: 'contact.email.required' });
  else if (!isEmailAddress(contact.email.trim())) errors.push({ path: 'email', key: 'contact.email.format' });
  if (blank(contact.phone?.number)) errors.push({ path: 'phone.number', key: 'contact.phone.required' });
  const phone = invalidPhone(contact.phone, 'contact.phone.invalid', isValidPhone);
  if (phone) errors.push(phone);
  return errors;
}
