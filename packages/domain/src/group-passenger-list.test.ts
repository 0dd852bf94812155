import { describe, expect, it } from 'vitest';
import {
  checkGroupPassengerRows,
  groupPassengerColumnLabel,
  hasRestrictedDocument,
  isGroupPassengerHeader,
  type GroupPassengerListContext,
  type GroupPassengerSheetRow,
} from './group-passenger-list';

const ctx: GroupPassengerListContext = {
  today: '2026-11-23',
  travelDate: '2027-01-10',
  fare: {},
  counts: { adult: 2, child: 1, infant: 0 },
};

function row(n: number, patch: Partial<GroupPassengerSheetRow> = {}): GroupPassengerSheetRow {
  return {
    row: n,
    type: 'adult',
    surname: 'ZHANG',
    givenNames: 'WEI',
    gender: 'male',
    birthday: '1980-05-01',
    nationality: 'CN',
    documentType: 'passport',
    documentNumber: `P${1234560 + n}`,
    documentExpiry: '2030-01-01',
    ...patch,
  };
}

const good = [
  row(2),
  row(3, { gender: 'Female', surname: 'li' }),
  row(4, { type: 'CHILD', birthday: '2018-03-03' }),
];

describe('checkGroupPassengerRows', () => {
  it('accepts a list that follows the rules and the counts, normalizing codes and names', () => {
    const result = checkGroupPassengerRows(good, ctx);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.passengers.map((p) => [p.position, p.type, p.surname, p.gender])).toEqual([
      [1, 'adult', 'ZHANG', 'male'],
      [2, 'adult', 'LI', 'female'],
      [3, 'child', 'ZHANG', 'male'],
    ]);
  });

  it('lists each bad cell by its sheet row and column', () => {
    const rows = [
      row(2),
      row(3, { surname: '张', birthday: '2030-01-01', gender: 'x', documentExpiry: '' }),
      row(4, { type: 'child', birthday: '2018-03-03' }),
    ];
    const result = checkGroupPassengerRows(rows, ctx);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.filter((e) => e.row === 3).map((e) => [e.column, e.key])).toEqual([
      ['surname', 'passenger.surname.letters'],
      ['birthday', 'passenger.birthday.afterToday'],
      ['documentExpiry', 'passenger.expiryDate.required'],
      ['gender', 'passengerList.gender.invalid'],
    ]);
  });

  it('refuses a birthday that does not match the declared type on the travel date', () => {
    const result = checkGroupPassengerRows([row(2), row(3), row(4, { type: 'child' })], ctx);
    expect(result.ok ? [] : result.errors).toEqual([
      { row: 4, column: 'type', key: 'passenger.type.invalid', params: { expected: 'adult' } },
    ]);
  });

  it('reports counts per type that differ from the order as errors of the whole list', () => {
    const result = checkGroupPassengerRows([row(2), row(3)], ctx);
    expect(result.ok ? [] : result.errors).toEqual([
      {
        row: null,
        column: null,
        key: 'passenger.count.mismatch',
        params: { type: 'child', expected: 1, actual: 0 },
      },
    ]);
  });

  it('refuses the same document twice and names the first row', () => {
    const rows = [
      row(2),
      row(3, { documentNumber: 'p 1234562' }),
      row(4, { type: 'child', birthday: '2018-03-03' }),
    ];
    const result = checkGroupPassengerRows(rows, ctx);
    expect(result.ok ? [] : result.errors).toEqual([
      { row: 3, column: 'documentNumber', key: 'passengerList.documentNumber.duplicate', params: { row: 2 } },
    ]);
  });

  it('applies the fare restrictions on document types (spec §8)', () => {
    const result = checkGroupPassengerRows(good, { ...ctx, fare: { documentTypes: ['idcard'] } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(hasRestrictedDocument(result.errors)).toBe(true);
    expect(result.errors.every((e) => e.column === 'documentType')).toBe(true);
  });
});

describe('columns', () => {
  it('reads a header in any locale or by its code', () => {
    expect(groupPassengerColumnLabel('surname', 'zh-cn')).toBe('姓（英文）');
    expect(isGroupPassengerHeader('surname', ' Surname ')).toBe(true);
    expect(isGroupPassengerHeader('documentType', '證件類型')).toBe(true);
    expect(isGroupPassengerHeader('givenNames', 'givennames')).toBe(true);
    expect(isGroupPassengerHeader('surname', 'Given names')).toBe(false);
  });
});
