import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { labelStep, niceMax, withoutYear } from './chart-scale';
import { readStatementQuery, writeStatementQuery } from './statement-params';

const TODAY = dayjs('2026-11-23');

describe('statement query of the URL', () => {
  it('reads the agency and a month, the current month by default, and writes them back', () => {
    const query = readStatementQuery(new URLSearchParams('agencyId=12'), TODAY);
    expect(query).toEqual({ page: 1, pageSize: 20, agencyId: 12, period: '2026-11' });
    expect(writeStatementQuery(query).toString()).toBe('agencyId=12&period=2026-11');
  });

  it('takes a range of days instead of a month, and drops a range that is reversed or too long', () => {
    expect(readStatementQuery(new URLSearchParams('from=2026-01-01&to=2026-03-31'), TODAY)).toMatchObject({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(readStatementQuery(new URLSearchParams('from=2026-03-01&to=2026-01-01'), TODAY).period).toBe(
      '2026-11',
    );
    expect(readStatementQuery(new URLSearchParams('from=2024-01-01&to=2026-01-01'), TODAY).period).toBe(
      '2026-11',
    );
    expect(readStatementQuery(new URLSearchParams('agencyId=-3&currency=XXX'), TODAY)).toEqual({
      page: 1,
      pageSize: 20,
      period: '2026-11',
    });
  });
});

describe('chart scale', () => {
  it('rounds an axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 120, 4999].map(niceMax)).toEqual([1, 1, 5, 10, 10, 200, 5000]);
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
