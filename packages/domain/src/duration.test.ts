import { describe, expect, it } from 'vitest';
import { durationMinutes, formatDuration } from './duration';

describe('formatDuration (spec §9 "HH:MM shows as HhMm")', () => {
  it.each([
    ['02:05', '2h5m'],
    [125, '2h5m'],
    [60, '1h0m'],
    ['01:00', '1h0m'],
    ['00:45', '0h45m'],
    [45, '0h45m'],
    [0, '0h0m'],
    ['00:00', '0h0m'],
    ['13:30', '13h30m'],
    ['26:30', '26h30m'],
    [1590, '26h30m'],
    ['2:05', '2h5m'],
  ])('shows %j as %s', (duration, shown) => {
    expect(formatDuration(duration)).toBe(shown);
  });

  it.each(['02:60', '0245', '', 'abc', '-01:00', -5, 2.5, Number.NaN])(
    'shows an empty string for the malformed duration %j',
    (duration) => {
      expect(formatDuration(duration)).toBe('');
      expect(durationMinutes(duration)).toBeUndefined();
    },
  );
});
