import { describe, expect, it } from 'vitest';
import {
  AgencyId,
  daysBetween,
  LookToBookQuery,
  lookToBookRatio,
  MAX_SUB_RANGE_DAYS,
  monthRange,
  statementDays,
  SubStatementParams,
  SubStatementQuery,
} from './sub-agencies';
import { parseAgencyId } from './sub-agency-ranges';

describe('sub-agency statement query', () => {
  it('takes a month', () => {
    expect(SubStatementQuery.parse({ period: '2026-02' })).toEqual({
      period: '2026-02',
      page: 1,
      pageSize: 20,
    });
  });

  it('takes a range of days and an agency id from the query string', () => {
    expect(SubStatementQuery.parse({ from: '2026-01-05', to: '2026-02-04', agencyId: '2' })).toMatchObject({
      from: '2026-01-05',
      to: '2026-02-04',
      agencyId: 2,
    });
  });

  it.each([
    ['neither a month nor a range', {}],
    ['a month and a range', { period: '2026-02', from: '2026-02-01', to: '2026-02-03' }],
    ['half a range', { from: '2026-02-01' }],
    ['a range that ends before it starts', { from: '2026-02-03', to: '2026-02-01' }],
    ['a range above the longest', { from: '2025-01-01', to: '2026-01-02' }],
    ['a month that does not exist', { period: '2026-13' }],
    ['an unknown field', { period: '2026-02', x: 1 }],
    ['an agency id of zero', { period: '2026-02', agencyId: '0' }],
  ])('refuses %s', (_name, query) => {
    expect(SubStatementQuery.safeParse(query).success).toBe(false);
  });

  it('allows a range of exactly the longest length', () => {
    expect(daysBetween('2025-01-01', '2026-01-01')).toBe(MAX_SUB_RANGE_DAYS);
    expect(SubStatementQuery.safeParse({ from: '2025-01-01', to: '2026-01-01' }).success).toBe(true);
  });

  it('covers the whole month of a period', () => {
    expect(monthRange('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(monthRange('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(statementDays({ period: '2026-04' })).toEqual({ from: '2026-04-01', to: '2026-04-30' });
    expect(statementDays({ from: '2026-04-03', to: '2026-04-09' })).toEqual({
      from: '2026-04-03',
      to: '2026-04-09',
    });
  });
});

describe('one statement: agency id and month', () => {
  it('reads {a} as the agency id and {b} as the month', () => {
    expect(SubStatementParams.parse({ a: '1001', b: '2026-03' })).toEqual({ a: 1001, b: '2026-03' });
    expect(SubStatementParams.safeParse({ a: '1001', b: '2026-03-01' }).success).toBe(false);
  });
});

describe('look-to-book', () => {
  it('needs an agency and a range', () => {
    expect(LookToBookQuery.safeParse({ agencyId: '2', from: '2026-01-01', to: '2026-01-31' }).success).toBe(
      true,
    );
    expect(LookToBookQuery.safeParse({ from: '2026-01-01', to: '2026-01-31' }).success).toBe(false);
    expect(LookToBookQuery.safeParse({ agencyId: '2', from: '2026-02-01', to: '2026-01-31' }).success).toBe(
      false,
    );
  });

  it('gives searches per booking, none without bookings', () => {
    expect(lookToBookRatio(10, 4)).toBe(2.5);
    expect(lookToBookRatio(10, 3)).toBe(3.33);
    expect(lookToBookRatio(7, 0)).toBeNull();
    expect(lookToBookRatio(0, 0)).toBeNull();
  });
});

describe('parseAgencyId', () => {
  it('reads an address as AgencyId does', () => {
    for (const text of [
      '1',
      '42',
      ' 7 ',
      '2147483647',
      '2147483648',
      '0',
      '-3',
      '1.5',
      'abc',
      '',
      '1e3',
      '0x10',
    ]) {
      const zod = AgencyId.safeParse(text);
      expect(parseAgencyId(text), text).toBe(zod.success ? zod.data : null);
    }
    expect(parseAgencyId(undefined)).toBeNull();
  });
});
