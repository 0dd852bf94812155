import { describe, expect, it } from 'vitest';
import {
  FIELD_OF_PATH,
  CONTACT_FIELD_OF_PATH,
  toBookingContact,
  toBookingPassenger,
  toContactDraft,
  toDraft,
} from './passenger-form';

describe('passenger form values and the booking contract', () => {
  it('sends a card in the contract names: upper-case names, the document type and a clean number', () => {
    expect(
      toBookingPassenger({
        type: 'adult',
        surname: ' smith ',
        given_names: 'john',
        gender: 'male',
        birthday: '1980-02-03',
        nationality: 'cn',
        interfaceType: 'passport',
        number: 'e 1234 5678',
        expiryDate: '2035-01-01',
      }),
    ).toEqual({
      type: 'adult',
      surname: 'SMITH',
      given_names: 'JOHN',
      gender: 'male',
      birthday: '1980-02-03',
      nationality: 'CN',
      travel_document: {
        type: 'passport',
        interfaceType: 'passport',
        number: 'E12345678',
        expiryDate: '2035-01-01',
      },
    });
  });

  it('adds the issuing place and a frequent flyer number only when both parts are given', () => {
    const base = { type: 'child' as const, surname: 'LI', given_names: 'AMY', interfaceType: 'passport' };
    expect(toBookingPassenger({ ...base, ffAirline: 'ca', ffNumber: '' })).not.toHaveProperty(
      'frequentFlyer',
    );
    const full = toBookingPassenger({ ...base, ffAirline: 'ca', ffNumber: ' 123 ', issuingPlace: 'Beijing' });
    expect(full.frequentFlyer).toEqual({ airline: 'CA', number: '123' });
    expect(full.travel_document.issuingPlace).toBe('Beijing');
  });

  it('sends the contact with the default area code when none is typed', () => {
    expect(
      toBookingContact({ name: ' Li Lei ', email: 'ops@example.com', phone: '13800138000' }, '86'),
    ).toEqual({ name: 'Li Lei', email: 'ops@example.com', phone: { areaCode: '86', number: '13800138000' } });
  });

  it('checks the card with the domain rules under the payload names and maps each rule path back to a field', () => {
    const draft = toDraft({
      type: 'adult',
      number: 'X',
      expiryDate: '2030-01-01',
      interfaceType: 'passport',
    });
    expect(draft.travel_document).toEqual({
      interfaceType: 'passport',
      number: 'X',
      expiryDate: '2030-01-01',
    });
    expect(FIELD_OF_PATH['travel_document.number']).toBe('number');
    expect(FIELD_OF_PATH.type).toBe('birthday');
    expect(toContactDraft({ areaCode: '852', phone: '12345678' }).phone).toEqual({
      areaCode: '852',
      number: '12345678',
    });
    expect(CONTACT_FIELD_OF_PATH['phone.number']).toBe('phone');
  });
});
