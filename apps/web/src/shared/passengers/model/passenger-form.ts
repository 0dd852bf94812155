import {
  DOCUMENT_TYPES,
  isDocumentType,
  normalizeDocumentNumber,
  payloadDocumentType,
} from '@portal/domain/document-types';
import type { BookingContact, BookingPassenger } from '@portal/domain/flight-order';
import type { FrequentPassenger, FrequentPassengerBody } from '@portal/domain/frequent-passengers';
import type { ContactDraft, PassengerDraft, RuleError } from '@portal/domain/passenger-checks';
import type { PassengerType } from '@portal/domain/shopping';

/** One passenger card as the form holds it: plain strings, dates as `yyyy-mm-dd` text. */
export interface PassengerFormValue {
  type: PassengerType;
  surname?: string;
  given_names?: string;
  gender?: 'male' | 'female';
  birthday?: string;
  nationality?: string;
  interfaceType?: string;
  number?: string;
  expiryDate?: string;
  issuingPlace?: string;
  ffAirline?: string;
  ffNumber?: string;
  saveFrequent?: boolean;
}

export interface ContactFormValue {
  name?: string;
  email?: string;
  areaCode?: string;
  phone?: string;
}

/** The form's field name (inside one card) of a rule path in the payload's names. */
export const FIELD_OF_PATH: Record<string, keyof PassengerFormValue> = {
  type: 'birthday',
  surname: 'surname',
  given_names: 'given_names',
  gender: 'gender',
  birthday: 'birthday',
  nationality: 'nationality',
  'travel_document.interfaceType': 'interfaceType',
  'travel_document.type': 'interfaceType',
  'travel_document.number': 'number',
  'travel_document.expiryDate': 'expiryDate',
};

/** The contact form's field of a contact rule path. */
export const CONTACT_FIELD_OF_PATH: Record<string, keyof ContactFormValue> = {
  name: 'name',
  email: 'email',
  'phone.number': 'phone',
  'phone.areaCode': 'areaCode',
};

/** The i18n key of a rule error (the domain keys live under `booking.rules`). */
export function ruleMessageKey(error: Pick<RuleError, 'key'>): string {
  return `booking.rules.${error.key}`;
}

export function toDraft(p: PassengerFormValue | undefined): PassengerDraft {
  return {
    type: p?.type,
    surname: p?.surname,
    given_names: p?.given_names,
    gender: p?.gender,
    birthday: p?.birthday,
    nationality: p?.nationality,
    travel_document: {
      interfaceType: p?.interfaceType,
      number: p?.number,
      expiryDate: p?.expiryDate,
    },
  };
}

export function toContactDraft(c: ContactFormValue | undefined): ContactDraft {
  return { name: c?.name, email: c?.email, phone: { areaCode: c?.areaCode, number: c?.phone } };
}

const trimmed = (value: string | undefined) => (value ?? '').trim();

/** A frequent passenger as its editor holds it: the card's fields without a passenger type. */
export type FrequentFormValue = Omit<PassengerFormValue, 'type' | 'saveFrequent'>;

/** The body of a valid passenger for the often-used passengers API, in the contract's names. */
export function toFrequentPassengerBody(p: FrequentFormValue): FrequentPassengerBody {
  const interfaceType = isDocumentType(p.interfaceType) ? p.interfaceType : 'passport';
  const issuingPlace = trimmed(p.issuingPlace);
  const ffAirline = trimmed(p.ffAirline).toUpperCase();
  const ffNumber = trimmed(p.ffNumber);
  return {
    surname: trimmed(p.surname).toUpperCase(),
    given_names: trimmed(p.given_names).toUpperCase(),
    gender: p.gender ?? 'male',
    birthday: trimmed(p.birthday),
    nationality: trimmed(p.nationality).toUpperCase(),
    travel_document: {
      type: payloadDocumentType(interfaceType),
      interfaceType,
      number: normalizeDocumentNumber(p.number ?? ''),
      expiryDate: trimmed(p.expiryDate),
      ...(issuingPlace ? { issuingPlace } : {}),
    },
    ...(ffAirline && ffNumber ? { frequentFlyer: { airline: ffAirline, number: ffNumber } } : {}),
  };
}

/** The booking payload of a valid card, in the contract's names. */
export function toBookingPassenger(p: PassengerFormValue): BookingPassenger {
  return { type: p.type, ...toFrequentPassengerBody(p) };
}

export function toBookingContact(c: ContactFormValue, defaultArea: string): BookingContact {
  return {
    name: trimmed(c.name),
    email: trimmed(c.email),
    phone: { areaCode: trimmed(c.areaCode) || defaultArea, number: trimmed(c.phone) },
  };
}

/** The editor's values of an often-used passenger. */
export function frequentFormValue(f: FrequentPassenger): FrequentFormValue {
  return {
    surname: f.surname,
    given_names: f.given_names,
    gender: f.gender,
    birthday: f.birthday,
    nationality: f.nationality,
    interfaceType: f.travel_document.interfaceType,
    number: f.travel_document.number,
    expiryDate: f.travel_document.expiryDate,
    issuingPlace: f.travel_document.issuingPlace ?? undefined,
    ffAirline: f.frequentFlyer?.airline,
    ffNumber: f.frequentFlyer?.number,
  };
}

/** Fills a card from an often-used passenger, keeping the card's passenger type. */
export function fromFrequent(f: FrequentPassenger, type: PassengerType): PassengerFormValue {
  return { type, ...frequentFormValue(f) };
}

export const DOCUMENT_TYPE_OPTIONS = DOCUMENT_TYPES.map((d) => ({
  value: d.code,
  labelKey: `booking.documentTypes.${d.code}`,
}));

/** Every region code Intl knows a name for, for the nationality select. */
export function countryCodes(): string[] {
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const codes: string[] = [];
  for (let a = 65; a <= 90; a += 1) {
    for (let b = 65; b <= 90; b += 1) {
      const code = String.fromCharCode(a, b);
      if (/^(Q[M-Z]|X[A-Z]|AA|ZZ|EU|EZ|UN)$/.test(code) && code !== 'XK') continue;
      try {
        if (names.of(code)) codes.push(code);
      } catch {
        /* not a region code */
      }
    }
  }
  return codes;
}
