import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from '../money/format-money';
import { formatSigned, formatTimestamp, isNegative, magnitude } from './format';

describe('bills formatting', () => {
  it('formats money with thousands separators and the currency minor digits', () => {
    expect(formatMoney({ amount: '50000', currency: 'CNY' })).toBe('CNY 50,000.00');
    expect(formatMoney({ amount: '1234567.5', currency: 'USD' })).toBe('USD 1,234,567.50');
    expect(formatAmount({ amount: '12000', currency: 'JPY' })).toBe('12,000');
    expect(formatMoney({ amount: '-1234.50', currency: 'CNY' })).toBe('CNY -1,234.50');
  });

  it('signs wallet amounts: + in, - out, zero unsigned', () => {
    expect(formatSigned({ amount: '50000.00', currency: 'CNY' })).toBe('CNY +50,000.00');
    expect(formatSigned({ amount: '-1280', currency: 'CNY' })).toBe('CNY -1,280.00');
    expect(formatSigned({ amount: '0.00', currency: 'CNY' })).toBe('CNY 0.00');
    expect(formatSigned({ amount: '-0.00', currency: 'CNY' })).toBe('CNY 0.00');
  });

  it('tells negative amounts and their magnitude', () => {
    expect(isNegative('-0.01')).toBe(true);
    expect(isNegative('-0.00')).toBe(false);
    expect(isNegative('10')).toBe(false);
    expect(magnitude('-1234.50')).toBe('1234.50');
  });

  it('shows a UTC timestamp in the local time zone as yyyy-MM-dd HH:mm:ss', () => {
    const iso = '2026-11-20T23:30:05.000Z';
    const d = new Date(iso);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    expect(formatTimestamp(iso)).toBe(local);
    expect(formatTimestamp('not a time')).toBe('not a time');
  });
});
