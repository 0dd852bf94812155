import type { FrequentPassengerBody } from '@portal/domain/frequent-passengers';

/** A valid often-used passenger body; `n` varies the name and passport number. */
export function passengerBody(n = 0, overrides: Partial<FrequentPassengerBody> = {}): FrequentPassengerBody {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return {
    surname: 'ZHANG',
    given_names: `SAN ${letters[n % 26] ?? 'A'}${letters[Math.floor(n / 26) % 26] ?? 'A'}`,
    gender: 'male',
    birthday: '1985-03-14',
    nationality: 'CN',
    travel_document: {
      type: 'chinese-passport',
      interfaceType: 'chinese-passport',
      number: `E${String(10000000 + n).slice(-8)}`,
      expiryDate: '2031-05-01',
    },
    ...overrides,
  };
}
