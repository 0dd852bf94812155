import { describe, expect, it } from 'vitest';
import { addDays } from '../../platform/time';
import { flightsOn, operatesOn } from './schedule';

const dates = (from: string, days: number) => Array.from({ length: days }, (_, i) => addDays(from, i));
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('the simulated schedule', () => {
  it('flies a route of three flights a week on the same three weekdays every week, never more than three days apart', () => {
    const flying = dates('2027-01-04', 8 * 7).filter((d) => flightsOn('AQ', 'PVG', 'CAN', d).length > 0);
    expect(flying).toHaveLength(8 * 3);
    expect(new Set(flying.map(weekday)).size).toBe(3);
    const gaps = flying.slice(1).map((d, i) => (Date.parse(d) - Date.parse(flying[i] ?? d)) / 86_400_000);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(3);
  });

  it('flies a daily route every day, and n flights a week on n weekdays', () => {
    expect(dates('2027-01-04', 28).every((d) => operatesOn('9C', 'SHA', 'CAN', 608, d))).toBe(true);
    for (const perWeek of [1, 2, 4, 5, 6]) {
      const flying = dates('2027-01-04', 28).filter((d) => operatesOn('XX', 'AAA', 'BBB', perWeek * 52, d));
      expect(flying).toHaveLength(4 * perWeek);
    }
  });
});
