import { describe, expect, it } from 'vitest';
import { prefillPassengers, readPnrPassengers, type PnrPassenger } from './pnr-prefill';

const noDocument = { document: null } as const;
const ZHANG: PnrPassenger = { surname: 'ZHANG', givenName: 'SAN', title: 'MR', type: 'adult', ...noDocument };
const SMITH: PnrPassenger = {
  surname: 'SMITH',
  givenName: 'JANE',
  title: 'MS',
  type: 'adult',
  document: {
    kind: 'passport',
    number: '533412988',
    issuingCountry: 'GB',
    nationality: 'GB',
    birthday: '1980-05-12',
    gender: 'female',
    expiryDate: '2030-01-15',
  },
};
const CHILD: PnrPassenger = {
  surname: 'ZHANG',
  givenName: 'XIAOMING',
  title: null,
  type: 'child',
  ...noDocument,
};

describe('prefillPassengers: the PNR passengers go into the booking cards', () => {
  it('fills each card with the next passenger of its type, with names, gender and the DOCS document', () => {
    expect(prefillPassengers(['adult', 'adult', 'child'], [CHILD, ZHANG, SMITH])).toEqual([
      { type: 'adult', surname: 'ZHANG', given_names: 'SAN', gender: 'male', interfaceType: 'passport' },
      {
        type: 'adult',
        surname: 'SMITH',
        given_names: 'JANE',
        gender: 'female',
        interfaceType: 'passport',
        number: '533412988',
        birthday: '1980-05-12',
        nationality: 'GB',
        expiryDate: '2030-01-15',
      },
      { type: 'child', surname: 'ZHANG', given_names: 'XIAOMING', interfaceType: 'passport' },
    ]);
  });

  it('takes an FOID resident ID as the ID card with its birthday and China, a Chinese passport as chinese-passport', () => {
    const idDocument = {
      kind: 'national-id',
      number: '11010519491231002X',
      issuingCountry: null,
      nationality: null,
      birthday: null,
      gender: null,
      expiryDate: null,
    } as const;
    const id: PnrPassenger = { ...ZHANG, document: idDocument };
    const passport: PnrPassenger = {
      ...ZHANG,
      givenName: 'SI',
      document: { ...idDocument, kind: 'passport', number: 'E12345678', issuingCountry: 'CN' },
    };
    const [first, second] = prefillPassengers(['adult', 'adult'], [id, passport]);
    expect(first).toMatchObject({
      interfaceType: 'national-id',
      number: '11010519491231002X',
      birthday: '1949-12-31',
      nationality: 'CN',
    });
    expect(second).toMatchObject({ interfaceType: 'chinese-passport', number: 'E12345678' });
  });

  it('leaves cards without a PNR passenger empty, and an unmatched type unused', () => {
    expect(prefillPassengers(['adult', 'infant'], [ZHANG, CHILD])).toEqual([
      { type: 'adult', surname: 'ZHANG', given_names: 'SAN', gender: 'male', interfaceType: 'passport' },
      { type: 'infant', interfaceType: 'passport' },
    ]);
  });
});

describe('readPnrPassengers', () => {
  it('reads the passengers kept with a PNR search and ignores anything malformed or absent', () => {
    expect(readPnrPassengers({ pnrPassengers: [ZHANG] })).toEqual([ZHANG]);
    expect(readPnrPassengers({ pnrPassengers: [{ surname: 1 }] })).toEqual([]);
    expect(readPnrPassengers({ searchId: 's' })).toEqual([]);
    expect(readPnrPassengers(null)).toEqual([]);
  });
});
