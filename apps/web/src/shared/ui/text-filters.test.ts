import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { textFilterForm, textFilterValues } from './text-filters';

const FIELDS = ['pnr', 'passenger'] as const;

describe('filters of text fields, a day range and a status', () => {
  it('applies the texts trimmed and leaves out blank texts, open range ends and no status', () => {
    expect(
      textFilterValues(FIELDS, { pnr: ' ABC123 ', passenger: '  ', range: [dayjs('2026-11-01'), null] }),
    ).toEqual({ pnr: 'ABC123', dateFrom: '2026-11-01' });
    expect(textFilterValues(FIELDS, { status: 'issued' })).toEqual({ status: 'issued' });
  });

  it('shows applied filters in the form, clearing the fields they leave out', () => {
    const form = textFilterForm(FIELDS, { pnr: 'ABC123', dateTo: '2026-11-30' });
    expect(form).toMatchObject({ pnr: 'ABC123', passenger: undefined, status: undefined });
    expect('passenger' in form).toBe(true);
    expect(form.range?.[0]).toBeNull();
    expect(form.range?.[1]?.format('YYYY-MM-DD')).toBe('2026-11-30');
  });
});
