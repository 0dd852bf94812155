import { describe, expect, it } from 'vitest';
import { isValidPhone } from '@portal/domain/phone-numbers';
import { validateFrequentPassenger } from './frequent-passenger';

const VALID = {
  surname: 'LI',
  given_names: 'SI',
  gender: 'female' as const,
  birthday: '2020-07-01',
  nationality: 'CN',
  interfaceType: 'chinese-passport',
  number: 'E12345678',
  expiryDate: '2031-01-01',
};

describe('frequent passenger rules', () => {
  it('accepts a passenger of any age and an expired document, as the API does', () => {
    expect(validateFrequentPassenger(VALID, '2030-06-01', isValidPhone)).toEqual([]);
  });

  it('keeps the rules the API applies: document number for its type and a birthday not after today', () => {
    const errors = validateFrequentPassenger(
      { ...VALID, number: 'X1', birthday: '2030-06-02' },
      '2030-06-01',
      isValidPhone,
    );
    expect(errors.map((e) => e.key)).toEqual([
      'passenger.birthday.afterToday',
      'passenger.documentNumber.invalid',
    ]);
  });
});
