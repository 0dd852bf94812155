import { describe, expect, it } from 'vitest';
import {
  ageOn,
  isValidPhone,
  normalizePastedDate,
  passengerTypeForAge,
  validateContact,
  validatePassenger,
  validatePassengerCounts,
  type PassengerContext,
  type PassengerDraft,
} from './passenger-rules';

const ctx: PassengerContext = {
  today: '2026-05-01',
  travelDate: '2026-06-15',
  fare: { eligibleCountries: [], ineligibleCountries: [], documentTypes: [], minAge: null, maxAge: null },
};

const valid: PassengerDraft = {
  type: 'adult',
  surname: 'ZHANG',
  given_names: 'SAN',
  gender: 'male',
  birthday: '1990-01-01',
  nationality: 'CN',
  travel_document: { interfaceType: 'chinese-passport', number: 'E12345678', expiryDate: '2030-01-01' },
};

const doc = (patch: Partial<NonNullable<PassengerDraft['travel_document']>>): PassengerDraft => ({
  ...valid,
  travel_document: { ...valid.travel_document, ...patch },
});

const keys = (p: PassengerDraft, c: PassengerContext = ctx): string[] =>
  validatePassenger(p, c).map((e) => `${e.path}:${e.key}`);

describe('validatePassenger (spec §5)', () => {
  it('passes a complete, valid passenger', () => {
    expect(validatePassenger(valid, ctx)).toEqual([]);
  });

  it.each<[string, PassengerDraft, string, PassengerContext?]>([
    ['empty surname', { ...valid, surname: ' ' }, 'surname:passenger.surname.required'],
    ['surname not A-Z', { ...valid, surname: '张' }, 'surname:passenger.surname.letters'],
    ['surname with digits', { ...valid, surname: 'ZH4NG' }, 'surname:passenger.surname.letters'],
    ['missing given names', { ...valid, given_names: '' }, 'given_names:passenger.givenNames.required'],
    ['given names not latin', { ...valid, given_names: '三' }, 'given_names:passenger.givenNames.letters'],
    ['missing gender', { ...valid, gender: null }, 'gender:passenger.gender.required'],
    ['missing birthday', { ...valid, birthday: undefined }, 'birthday:passenger.birthday.required'],
    [
      'birthday after today',
      { ...valid, birthday: '2026-05-02', type: 'infant' },
      'birthday:passenger.birthday.afterToday',
    ],
    ['birthday before 1900', { ...valid, birthday: '1899-12-31' }, 'birthday:passenger.date.invalidYear'],
    ['birthday not a real day', { ...valid, birthday: '1990-02-30' }, 'birthday:passenger.date.invalidYear'],
    ['birthday not yyyy-mm-dd', { ...valid, birthday: '01/01/1990' }, 'birthday:passenger.date.format'],
    [
      'missing document type',
      doc({ interfaceType: '' }),
      'travel_document.interfaceType:passenger.documentType.required',
    ],
    [
      'unknown document type',
      doc({ interfaceType: 'visa' }),
      'travel_document.interfaceType:passenger.documentType.required',
    ],
    [
      'document type not allowed by the fare',
      valid,
      'travel_document.interfaceType:passenger.documentType.notAllowed',
      { ...ctx, fare: { ...ctx.fare, documentTypes: ['passport'] } },
    ],
    [
      'missing document number',
      doc({ number: '' }),
      'travel_document.number:passenger.documentNumber.required',
    ],
    [
      'invalid document number',
      doc({ number: 'X1234' }),
      'travel_document.number:passenger.documentNumber.invalid',
    ],
    [
      'missing expiry date',
      doc({ expiryDate: null }),
      'travel_document.expiryDate:passenger.expiryDate.required',
    ],
    [
      'document expiring before the travel date',
      doc({ expiryDate: '2026-06-14' }),
      'travel_document.expiryDate:passenger.expiryDate.beforeTravel',
    ],
    [
      'expiry not yyyy-mm-dd',
      doc({ expiryDate: '2030/01/01' }),
      'travel_document.expiryDate:passenger.date.format',
    ],
    ['missing nationality', { ...valid, nationality: '' }, 'nationality:passenger.nationality.required'],
    [
      'nationality not in the eligible list',
      valid,
      'nationality:passenger.nationality.notEligible',
      { ...ctx, fare: { ...ctx.fare, eligibleCountries: ['US', 'GB'] } },
    ],
    [
      'nationality in the ineligible list',
      valid,
      'nationality:passenger.nationality.notEligible',
      { ...ctx, fare: { ...ctx.fare, ineligibleCountries: ['CN'] } },
    ],
    ['missing passenger type', { ...valid, type: '' }, 'type:passenger.type.required'],
    ['adult typed as child', { ...valid, type: 'child' }, 'type:passenger.type.invalid'],
    [
      'infant typed as child',
      { ...valid, type: 'child', birthday: '2025-01-01' },
      'type:passenger.type.invalid',
    ],
    [
      'older than the fare allows',
      valid,
      'birthday:passenger.age.notAllowed',
      { ...ctx, fare: { ...ctx.fare, maxAge: 30 } },
    ],
    [
      'younger than the fare allows',
      valid,
      'birthday:passenger.age.notAllowed',
      { ...ctx, fare: { ...ctx.fare, minAge: 60 } },
    ],
  ])('refuses %s', (_name, passenger, expected, context) => {
    expect(keys(passenger, context)).toEqual([expected]);
  });

  it.each<[string, PassengerDraft, PassengerContext?]>([
    ['a surname with a space', { ...valid, surname: 'VAN DER BERG' }],
    ['lower-case letters', { ...valid, surname: 'zhang', given_names: 'san feng' }],
    ['a birthday of today (infant)', { ...valid, birthday: '2026-05-01', type: 'infant' }],
    ['a document expiring on the travel date', doc({ expiryDate: '2026-06-15' })],
    [
      'a fare allowing the document',
      valid,
      { ...ctx, fare: { ...ctx.fare, documentTypes: ['chinese-passport', 'idcard'] } },
    ],
    ['an eligible nationality', valid, { ...ctx, fare: { ...ctx.fare, eligibleCountries: ['cn'] } }],
    ['an age within the fare limits', valid, { ...ctx, fare: { ...ctx.fare, minAge: 18, maxAge: 65 } }],
    ['a resident ID', doc({ interfaceType: 'national-id', number: '11010519491231002X' })],
  ])('accepts %s', (_name, passenger, context) => {
    expect(keys(passenger, context)).toEqual([]);
  });

  it('judges the passenger type by the age on the travel date', () => {
    // 11 today, 12 on 2026-06-01, before the 2026-06-15 departure: an adult.
    const turning12 = { ...valid, birthday: '2014-06-01' };
    expect(keys({ ...turning12, type: 'adult' })).toEqual([]);
    expect(keys({ ...turning12, type: 'child' })).toEqual(['type:passenger.type.invalid']);
    // Turns 2 after the travel date: still an infant.
    const infant = { ...valid, birthday: '2024-07-01' };
    expect(keys({ ...infant, type: 'infant' })).toEqual([]);
    expect(keys({ ...infant, type: 'child' })).toEqual(['type:passenger.type.invalid']);
  });

  it('reports every missing field of an empty form', () => {
    expect(validatePassenger({}, ctx).map((e) => e.key)).toEqual([
      'passenger.surname.required',
      'passenger.givenNames.required',
      'passenger.gender.required',
      'passenger.birthday.required',
      'passenger.documentType.required',
      'passenger.documentNumber.required',
      'passenger.expiryDate.required',
      'passenger.nationality.required',
      'passenger.type.required',
    ]);
  });
});

describe('ages and types', () => {
  it.each([
    ['2014-06-01', '2026-05-31', 11],
    ['2014-06-01', '2026-06-01', 12],
    ['2024-02-29', '2026-02-28', 1],
    ['2024-02-29', '2026-03-01', 2],
  ])('born %s is %i on %s', (birthday, on, age) => {
    expect(ageOn(birthday, on)).toBe(age);
  });

  it.each([
    [0, 'infant'],
    [1, 'infant'],
    [2, 'child'],
    [11, 'child'],
    [12, 'adult'],
    [80, 'adult'],
  ] as const)('age %i is %s', (age, type) => {
    expect(passengerTypeForAge(age)).toBe(type);
  });
});

describe('normalizePastedDate', () => {
  it.each(['2026-05-01', ' 1990-12-31 '])('takes %s', (text) => {
    expect(normalizePastedDate(text)).toEqual({ ok: true, date: text.trim() });
  });

  it.each(['2026/05/01', '01-05-2026', '2026-5-1', '20260501', 'tomorrow', ''])('refuses %s', (text) => {
    expect(normalizePastedDate(text)).toEqual({ ok: false, key: 'passenger.date.format' });
  });
});

describe('validatePassengerCounts', () => {
  const counts = { adult: 1, child: 1, infant: 0 };
  it('passes exactly the searched numbers', () => {
    expect(validatePassengerCounts([{ type: 'adult' }, { type: 'child' }], counts)).toEqual([]);
  });

  it('refuses a different mix', () => {
    expect(validatePassengerCounts([{ type: 'adult' }, { type: 'adult' }], counts)).toEqual([
      {
        path: 'passengers',
        key: 'passenger.count.mismatch',
        params: { type: 'adult', expected: 1, actual: 2 },
      },
      {
        path: 'passengers',
        key: 'passenger.count.mismatch',
        params: { type: 'child', expected: 1, actual: 0 },
      },
    ]);
  });
});

describe('validateContact (spec §5)', () => {
  const contact = {
    name: 'Li Lei',
    email: 'li.lei@example.com',
    phone: { areaCode: '86', number: '13800138000' },
  };

  it('passes a complete contact', () => {
    expect(validateContact(contact)).toEqual([]);
  });

  it.each([
    ['name', { ...contact, name: '' }, 'contact.name.required'],
    ['email', { ...contact, email: ' ' }, 'contact.email.required'],
    ['email format', { ...contact, email: 'li.lei@' }, 'contact.email.format'],
    ['phone', { ...contact, phone: { areaCode: '86', number: '' } }, 'contact.phone.required'],
    [
      'phone for the area code',
      { ...contact, phone: { areaCode: '86', number: '12345' } },
      'contact.phone.invalid',
    ],
  ])('refuses a bad %s', (_name, value, key) => {
    expect(validateContact(value).map((e) => e.key)).toEqual([key]);
  });

  it('defaults the area code to 86', () => {
    expect(validateContact({ ...contact, phone: { areaCode: '', number: '13800138000' } })).toEqual([]);
    expect(validateContact({ ...contact, phone: { number: '91234567' } }).map((e) => e.key)).toEqual([
      'contact.phone.invalid',
    ]);
  });

  it.each([
    ['86', '13800138000'],
    ['86', '138 0013 8000'],
    ['852', '91234567'],
    ['1', '2015550123'],
    ['1', '(201) 555-0123'],
    ['44', '7400123456'],
    ['+44', '07400 123456'],
  ])('accepts area code %s with %s', (areaCode, number) => {
    expect(isValidPhone(areaCode, number)).toBe(true);
  });

  it.each([
    ['86', '23800138000'],
    ['86', '1380013800'],
    ['852', '1234'],
    ['852', '13800138000'],
    ['1', '1234567890'],
    ['44', '740012'],
    ['86', '+447400123456'],
    ['86', 'abc'],
    // A calling code no country uses: the library throws, the rule says no.
    ['1774', '17740005668'],
  ])('refuses area code %s with %s', (areaCode, number) => {
    expect(isValidPhone(areaCode, number)).toBe(false);
  });
});
