import { describe, expect, it } from 'vitest';
import { TIME_BANDS, minutesOfDay, timeBandOf } from './time-band';

describe('timeBandOf (spec §9 bands)', () => {
  it.each([
    ['00:00', 'early'],
    ['05:59', 'early'],
    ['06:00', 'morning'],
    ['11:59', 'morning'],
    ['12:00', 'afternoon'],
    ['17:59', 'afternoon'],
    ['18:00', 'evening'],
    ['23:59', 'evening'],
    ['2026-11-22T06:00', 'morning'],
    ['2026-11-22T23:59:59', 'evening'],
    ['2026-11-22 13:15', 'afternoon'],
  ])('puts %s in %s', (time, band) => {
    expect(timeBandOf(time)).toBe(band);
  });

  it.each(['24:00', '12:60', '6:00', '', 'noon', '2026-11-22T25:00', '12:00Z'])(
    'answers undefined for the malformed time %j',
    (time) => {
      expect(timeBandOf(time)).toBeUndefined();
    },
  );

  it('covers the day with four adjoining bands', () => {
    expect(TIME_BANDS.map((b) => b.key)).toEqual(['early', 'morning', 'afternoon', 'evening']);
    expect(TIME_BANDS[0]?.from).toBe(0);
    expect(TIME_BANDS.at(-1)?.to).toBe(24 * 60);
    TIME_BANDS.slice(1).forEach((band, i) => expect(band.from).toBe(TIME_BANDS[i]?.to));
  });

  it('reads every minute of the day into exactly one band', () => {
    for (let m = 0; m < 1440; m++) {
      const text = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      expect(minutesOfDay(text)).toBe(m);
      expect(TIME_BANDS.filter((b) => m >= b.from && m < b.to)).toHaveLength(1);
    }
  });
});
