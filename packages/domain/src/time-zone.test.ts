import { describe, expect, it } from 'vitest';
import { COMMON_TIME_ZONES, IanaTimeZone, isIanaTimeZone } from './time-zone';

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
});
