import { describe, expect, it } from 'vitest';
import { axisOf, labelStep, withoutYear } from './chart-scale';
import { readStatementQuery, writeStatementQuery } from './statement-params';

const CURRENT_MONTH = '2026-11';

describe('statement query of the URL', () => {
  it('reads the agency and a month, the current month by default, and writes them back', () => {
    const query = readStatementQuery(new URLSearchParams('agencyId=12'), CURRENT_MONTH);
    expect(query).toEqual({ page: 1, pageSize: 20, agencyId: 12, period: '2026-11' });
    expect(writeStatementQuery(query).toString()).toBe('agencyId=12&period=2026-11');
  });

  it('takes a range of days instead of a month, and drops a range that is reversed or too long', () => {
    expect(
      readStatementQuery(new URLSearchParams('from=2026-01-01&to=2026-03-31'), CURRENT_MONTH),
    ).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(
      readStatementQuery(new URLSearchParams('from=2026-03-01&to=2026-01-01'), CURRENT_MONTH).period,
    ).toBe('2026-11');
    expect(
      readStatementQuery(new URLSearchParams('from=2024-01-01&to=2026-01-01'), CURRENT_MONTH).period,
    ).toBe('2026-11');
    expect(readStatementQuery(new URLSearchParams('agencyId=-3&currency=XXX'), CURRENT_MONTH)).toEqual({
      page: 1,
      pageSize: 20,
      period: '2026-11',
    });
  });
});

describe('chart scale', () => {
  it('steps an axis by 1, 2 or 5 times a power of ten, counts by whole numbers', () => {
    expect(axisOf(3, 4, true)).toEqual({ step: 1, max: 3 });
    expect(axisOf(0, 4, true)).toEqual({ step: 1, max: 1 });
    expect(axisOf(160, 4, true)).toEqual({ step: 50, max: 200 });
    expect(axisOf(40, 4)).toEqual({ step: 10, max: 40 });
    expect(axisOf(2.5, 4)).toEqual({ step: 1, max: 3 });
    expect(axisOf(0.3, 4)).toEqual({ step: 0.1, max: 0.3 });
    expect(labelStep(30)).toBe(4);
    expect(labelStep(5)).toBe(1);
  });

  it('shortens each offered date format by its year', () => {
    expect(['YYYY-MM-DD', 'YYYY/MM/DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD-MM-YYYY'].map(withoutYear)).toEqual([
      'MM-DD',
      'MM/DD',
      'DD/MM',
      'MM/DD',
      'DD-MM',
    ]);
  });
});
