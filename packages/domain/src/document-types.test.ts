import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_TYPES,
  isValidDocumentNumber,
  isValidResidentId,
  maskDocumentNumber,
  payloadDocumentType,
  residentIdCheckChar,
  type DocumentType,
} from './document-types';

describe('document types (spec §3)', () => {
  it('has the ten interface types with unique codes and keys', () => {
    expect(DOCUMENT_TYPES).toHaveLength(10);
    expect(new Set(DOCUMENT_TYPES.map((t) => t.code)).size).toBe(10);
    expect(new Set(DOCUMENT_TYPES.map((t) => t.labelKey)).size).toBe(10);
  });

  it('maps each to one of the four payload types', () => {
    expect(payloadDocumentType('national-id')).toBe('idcard');
    expect(payloadDocumentType('passport')).toBe('passport');
    expect(payloadDocumentType('international-passport')).toBe('passport');
    expect(payloadDocumentType('chinese-passport')).toBe('chinese-passport');
    expect(payloadDocumentType('hk-macao-return-permit')).toBe('eep');
    expect(payloadDocumentType('taiwan-compatriot-permit')).toBe('eep');
    expect(payloadDocumentType('mainland-hk-macao-permit')).toBe('eep');
    expect(payloadDocumentType('foreigner-residence-permit')).toBe('idcard');
    expect(new Set(DOCUMENT_TYPES.map((t) => t.payload))).toEqual(
      new Set(['idcard', 'passport', 'chinese-passport', 'eep']),
    );
  });
});

describe('resident ID (GB 11643, ISO 7064 MOD 11-2)', () => {
  it('computes the check character of the standard sample', () => {
    expect(residentIdCheckChar('11010519491231002')).toBe('X');
  });

  it.each(['11010519491231002X', '11010519491231002x', '110105 19491231 002X', '440305199001010018'])(
    'accepts %s',
    (id) => {
      expect(isValidResidentId(id)).toBe(true);
    },
  );

  it.each([
    ['110105194912310021', 'wrong check digit'],
    ['440305199001010014', 'wrong check digit'],
    ['11010519491331002X', 'month 13'],
    ['11010518991231002X', 'born before 1900'],
    ['1101051949123100', 'too short'],
    ['01010519491231002X', 'region starting with 0'],
  ])('refuses %s (%s)', (id) => {
    expect(isValidResidentId(id)).toBe(false);
  });
});

describe('document numbers per type', () => {
  const cases: [DocumentType, string[], string[]][] = [
    ['national-id', ['11010519491231002X'], ['110105194912310021', 'E12345678']],
    ['passport', ['X1234567', '123456789', 'AB12345'], ['AB12', 'AB-123456', 'A'.repeat(21)]],
    ['international-passport', ['533380006', 'C01X00T47'], ['1234', 'AB 12#45']],
    [
      'chinese-passport',
      ['E12345678', 'EA1234567', 'G12345678', 'e12345678'],
      ['E1234567', 'EI1234567', 'P1234567', 'G1234567A'],
    ],
    [
      'hk-macao-return-permit',
      ['H12345678', 'M12345678', 'H1234567890'],
      ['C12345678', 'H1234567', 'H123456789'],
    ],
    [
      'hk-macao-travel-permit',
      ['C12345678', 'CA1234567', 'W12345678'],
      ['C1234567', 'H12345678', 'CO1234567'],
    ],
    ['mainland-hk-macao-permit', ['C12345678', 'CB7654321'], ['L12345678', 'W1234567']],
    ['taiwan-compatriot-permit', ['12345678', '1234567801'], ['1234567', '123456789', 'T12345678']],
    ['taiwan-travel-permit', ['L12345678'], ['L1234567', 'T12345678']],
    [
      'foreigner-residence-permit',
      ['USA110080101001', '9'.concat('1101', '199001010', '01', '2')],
      ['US1100801010010', '12345'],
    ],
  ];

  it.each(cases.flatMap(([type, good]) => good.map((n) => [type, n] as const)))(
    '%s accepts %s',
    (type, number) => {
      if (type === 'foreigner-residence-permit' && number.startsWith('9')) {
        const first17 = number.slice(0, 17);
        number = first17 + (residentIdCheckChar(first17) ?? '');
      }
      expect(isValidDocumentNumber(type, number)).toBe(true);
    },
  );

  it.each(cases.flatMap(([type, , bad]) => bad.map((n) => [type, n] as const)))(
    '%s refuses %s',
    (type, number) => {
      expect(isValidDocumentNumber(type, number)).toBe(false);
    },
  );
});

describe('maskDocumentNumber', () => {
  it('hides all but the last four characters', () => {
    expect(maskDocumentNumber('E12345678')).toBe('*****5678');
    expect(maskDocumentNumber('110101199003071234')).toBe('**************1234');
    expect(maskDocumentNumber('1234')).toBe('1234');
  });
});
