import { describe, expect, it } from 'vitest';
import { COMMON_TIME_ZONES, IanaTimeZone, isIanaTimeZone } from './time-zone';
import { monthIn } from './time-zone-names';

describe('agency time zones', () => {
  it.each(['Asia/Shanghai', 'Europe/London', 'America/Argentina/Buenos_Aires', 'UTC', 'Etc/GMT+8'])(
    'accepts the IANA name %s',
    (name) => expect(isIanaTimeZone(name)).toBe(true),
  );

  it.each(['', 'Shanghai', 'Asia/Atlantis', '+08:00', 'GMT+8', 'Asia/Shanghai; drop', 'x'.repeat(80)])(
    'refuses %s',
    (name) => expect(isIanaTimeZone(name)).toBe(false),
  );

  it('offers only zones the runtime knows, and stores the canonical spelling', () => {
    for (const zone of COMMON_TIME_ZONES) expect(isIanaTimeZone(zone)).toBe(true);
    expect(IanaTimeZone.parse(' asia/shanghai ')).toBe('Asia/Shanghai');
    expect(IanaTimeZone.safeParse('Mars/Olympus').success).toBe(false);
  });

  it("gives the agency's current month, not the machine's", () => {
    // 30 November 17:00 UTC is already 1 December in Beijing, still 30 November in New York.
    const at = new Date('2026-11-30T17:00:00Z');
    expect(monthIn('Asia/Shanghai', at)).toBe('2026-12');
    expect(monthIn('UTC', at)).toBe('2026-11');
    expect(monthIn('America/New_York', at)).toBe('2026-11');
    expect(monthIn('Asia/Kolkata', new Date('2026-12-31T18:29:00Z'))).toBe('2026-12');
    expect(monthIn('Asia/Kolkata', new Date('2026-12-31T18:30:00Z'))).toBe('2027-01');
    // An unknown zone falls back to the default agency zone.
    expect(monthIn('Mars/Olympus', at)).toBe('2026-12');
  });
});
