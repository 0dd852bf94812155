import { describe, expect, it } from 'vitest';
import { voidWindowEnd } from './void-window';

describe('voidWindowEnd', () => {
  it('ends at the next local midnight of the ticketing time zone', () => {
    // 10:30 in Shanghai (UTC+8) on 1 May: the local day ends at 16:00 UTC.
    expect(voidWindowEnd(new Date('2026-05-01T02:30:00Z'), 'Asia/Shanghai').toISOString()).toBe(
      '2026-05-01T16:00:00.000Z',
    );
    // 23:59:59.500 local: half a second is left.
    expect(voidWindowEnd(new Date('2026-05-01T15:59:59.500Z'), 'Asia/Shanghai').toISOString()).toBe(
      '2026-05-01T16:00:00.000Z',
    );
    // New York in daylight time (UTC-4).
    expect(voidWindowEnd(new Date('2026-07-01T12:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-07-02T04:00:00.000Z',
    );
  });

  it('ends at local midnight on a day of 23 or 25 hours (daylight saving starts or ends)', () => {
    // 00:30 CET on 29 March in Berlin; clocks go to CEST (UTC+2) at 02:00, so midnight is 22:00 UTC.
    expect(voidWindowEnd(new Date('2026-03-28T23:30:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T22:00:00.000Z',
    );
    // 00:30 CEST on 25 October; clocks go back to CET (UTC+1) at 03:00, so midnight is 23:00 UTC.
    expect(voidWindowEnd(new Date('2026-10-24T22:30:00Z'), 'Europe/Berlin').toISOString()).toBe(
      '2026-10-25T23:00:00.000Z',
    );
    // 01:00 EST on 8 March in New York, before the clocks jump to EDT (UTC-4) at 02:00.
    expect(voidWindowEnd(new Date('2026-03-08T06:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
  });
});
