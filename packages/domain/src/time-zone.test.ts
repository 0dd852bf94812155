import { describe, expect, it } from 'vitest';
import { COMMON_TIME_ZONES, IanaTimeZone, isIanaTimeZone } from './time-zone';
import { FIXED_OFFSET_ZONES, FIXED_SINCE, monthIn, todayIn } from './time-zone-names';

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

  it("gives the agency's calendar day, not the machine's", () => {
    // 23:30 UTC on 30 November is 07:30 on 1 December in Beijing, 15:30 on 30 November in Los Angeles.
    const at = new Date('2026-11-30T23:30:00Z');
    expect(todayIn('Asia/Shanghai', at)).toBe('2026-12-01');
    expect(todayIn('UTC', at)).toBe('2026-11-30');
    expect(todayIn('America/Los_Angeles', at)).toBe('2026-11-30');
    // An unknown zone falls back to the default agency zone.
    expect(todayIn('Mars/Olympus', at)).toBe('2026-12-01');
  });

  it('answers the same for a zone asked again (the formatters are kept per zone)', () => {
    const at = new Date('2026-11-30T23:30:00Z');
    for (let i = 0; i < 3; i += 1) {
      expect(isIanaTimeZone('Asia/Atlantis')).toBe(false);
      expect(todayIn('Asia/Atlantis', at)).toBe('2026-12-01');
      expect(todayIn('America/Los_Angeles', at)).toBe('2026-11-30');
      expect(monthIn('America/Los_Angeles', at)).toBe('2026-11');
    }
  });

  it('follows half-hour and 45-minute offsets to the minute', () => {
    // Kolkata is UTC+05:30: its day begins at 18:30 UTC; Kathmandu (+05:45) at 18:15 UTC.
    expect(todayIn('Asia/Kolkata', new Date('2026-11-30T18:29:59Z'))).toBe('2026-11-30');
    expect(todayIn('Asia/Kolkata', new Date('2026-11-30T18:30:00Z'))).toBe('2026-12-01');
    expect(todayIn('Asia/Kathmandu', new Date('2026-11-30T18:14:59Z'))).toBe('2026-11-30');
    expect(todayIn('Asia/Kathmandu', new Date('2026-11-30T18:15:00Z'))).toBe('2026-12-01');
    // Newfoundland (UTC-03:30 in winter) is still on the day before until 03:30 UTC.
    expect(todayIn('America/St_Johns', new Date('2027-01-01T03:29:00Z'))).toBe('2026-12-31');
    expect(todayIn('America/St_Johns', new Date('2027-01-01T03:30:00Z'))).toBe('2027-01-01');
  });

  it('gives two different days on either side of the date line at one instant', () => {
    // 10:30 UTC on 31 December: already New Year's Day in Kiritimati (+14), still 30 December in
    // Pago Pago (-11), and New Year's Eve in Auckland (+13 in summer) and UTC.
    const at = new Date('2026-12-31T10:30:00Z');
    expect(todayIn('Pacific/Kiritimati', at)).toBe('2027-01-01');
    expect(todayIn('Pacific/Auckland', at)).toBe('2026-12-31');
    expect(todayIn('UTC', at)).toBe('2026-12-31');
    expect(todayIn('Pacific/Pago_Pago', at)).toBe('2026-12-30');
  });

  it("keeps each zone read by its offset at the runtime's offset, every 13 hours to 2035", () => {
    const until = Date.UTC(2035, 0, 1);
    for (const [zone, minutes] of FIXED_OFFSET_ZONES) {
      const runtime = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
      const offsetAt = (t: number) => {
        const parts = runtime.formatToParts(t);
        const part = (type: Intl.DateTimeFormatPartTypes) =>
          Number(parts.find((p) => p.type === type)?.value);
        const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
        return (local - t) / 60_000;
      };
      const differing: string[] = [];
      for (let t = FIXED_SINCE; t < until; t += 13 * 3_600_000) {
        if (offsetAt(t) !== minutes) differing.push(`${zone} ${new Date(t).toISOString()} ${offsetAt(t)}`);
      }
      expect(differing.slice(0, 3)).toEqual([]);
    }
  });

  it('gives the day of a zone read by its offset on either side of its midnight', () => {
    expect(todayIn('Asia/Shanghai', new Date('2026-12-31T15:59:59.999Z'))).toBe('2026-12-31');
    expect(todayIn('Asia/Shanghai', new Date('2026-12-31T16:00:00Z'))).toBe('2027-01-01');
    expect(todayIn('Asia/Dubai', new Date('2028-02-28T20:00:00Z'))).toBe('2028-02-29');
    expect(monthIn('Asia/Tokyo', new Date('2027-02-28T15:00:00Z'))).toBe('2027-03');
  });

  it('reads instants before those offsets held from the zone data', () => {
    // Beijing kept summer time (UTC+9) from 1986 to 1991: 15:30 UTC on 1 July 1988 was 00:30 on 2 July.
    expect(todayIn('Asia/Shanghai', new Date('1988-07-01T15:30:00Z'))).toBe('1988-07-02');
    // Moscow was UTC+4 from 2011 to October 2014: 20:30 UTC on 1 July 2013 was 00:30 on 2 July.
    expect(todayIn('Europe/Moscow', new Date('2013-07-01T20:30:00Z'))).toBe('2013-07-02');
    expect(todayIn('Europe/Moscow', new Date('2026-07-01T20:30:00Z'))).toBe('2026-07-01');
  });
});
