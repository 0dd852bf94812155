import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/api-error';
import { i18n } from '../../../shared/i18n/i18n';
import { changeErrorDetails } from './change-errors';
import { fullOrder } from '../../../test/flight-order-fixtures';

describe('changeErrorDetails', () => {
  it('names the passenger and the fare rule a change was refused for, in words', async () => {
    await i18n.changeLanguage('en');
    const passengers = fullOrder().passengers;
    const first = passengers[0];
    if (!first) throw new Error('no passenger');
    const refused = new ApiError('Please check the passenger information', {
      code: 700001,
      data: {
        errors: [
          {
            path: 'passengers.0.travel_document.interfaceType',
            message: 'passenger.documentType.notAllowed',
            key: 'passenger.documentType.notAllowed',
            params: { type: 'passport' },
          },
          {
            path: 'passengers.0.birthday',
            message: 'passenger.age.notAllowed',
            key: 'passenger.age.notAllowed',
            params: { age: 41, min: 60, max: '' },
          },
        ],
      },
    });
    expect(changeErrorDetails(i18n.t, refused, passengers)).toEqual([
      `${first.surname}/${first.given_names}: This fare does not accept this document type`,
      `${first.surname}/${first.given_names}: The passenger's age is not allowed for this fare`,
    ]);
    expect(changeErrorDetails(i18n.t, new ApiError('Booking failed', { code: 500003 }), passengers)).toEqual(
      [],
    );
  });
});
