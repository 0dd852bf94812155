import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { datesToRange, rangeToDates } from './date-range';

describe('filter date ranges', () => {
  it('sends only the ends that are set, as calendar dates', () => {
    expect(rangeToDates([dayjs('2026-11-01'), dayjs('2026-11-30')])).toEqual({
      dateFrom: '2026-11-01',
      dateTo: '2026-11-30',
    });
    expect(rangeToDates([null, dayjs('2026-11-30')])).toEqual({ dateTo: '2026-11-30' });
    expect(rangeToDates(null)).toEqual({});
    expect(rangeToDates(undefined)).toEqual({});
  });

  it('shows the applied ends in the picker, nothing when neither is set', () => {
    const range = datesToRange('2026-11-01', undefined);
    expect(range?.[0]?.format('YYYY-MM-DD')).toBe('2026-11-01');
    expect(range?.[1]).toBeNull();
    expect(datesToRange(undefined, undefined)).toBeNull();
  });
});
