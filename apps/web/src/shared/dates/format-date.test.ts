import { afterEach, describe, expect, it } from 'vitest';
import { SESSIONS } from '../../test/fixtures';
import { useSessionStore } from '../stores/session-store';
import { dayjsPattern, formatDate, formatDateTime, formatLocalDateTime } from './format-date';

function useFormat(dateFormat: 'yyyy-MM-dd' | 'dd/MM/yyyy' | 'MM/dd/yyyy' | 'yyyy/MM/dd' | 'dd-MM-yyyy') {
  const { userInfo } = SESSIONS.operator;
  useSessionStore.getState().setSession(SESSIONS.operator);
  useSessionStore.getState().updateUserInfo({ ...userInfo, config: { dateFormat } });
}

afterEach(() => useSessionStore.getState().clearSession());

describe('dates in the user format', () => {
  it('maps the spec formats to dayjs patterns', () => {
    expect(dayjsPattern('yyyy-MM-dd')).toBe('YYYY-MM-DD');
    expect(dayjsPattern('dd/MM/yyyy')).toBe('DD/MM/YYYY');
    expect(dayjsPattern('MM/dd/yyyy')).toBe('MM/DD/YYYY');
  });

  it('uses yyyy-MM-dd when logged out or unset', () => {
    expect(formatDate('2026-12-01')).toBe('2026-12-01');
    useSessionStore.getState().setSession(SESSIONS.operator);
    expect(formatDate('2026-12-01')).toBe('2026-12-01');
  });

  it.each([
    ['dd/MM/yyyy', '01/12/2026'],
    ['MM/dd/yyyy', '12/01/2026'],
    ['yyyy/MM/dd', '2026/12/01'],
    ['dd-MM-yyyy', '01-12-2026'],
  ] as const)('writes a calendar day as %s', (format, expected) => {
    useFormat(format);
    expect(formatDate('2026-12-01')).toBe(expected);
    expect(formatLocalDateTime('2026-12-01T08:30')).toBe(`${expected} 08:30`);
  });

  it('keeps the time of a timestamp and leaves unknown text alone', () => {
    useFormat('dd/MM/yyyy');
    expect(formatDateTime('2026-12-01T08:30:05Z', { seconds: true })).toMatch(
      /^\d{2}\/\d{2}\/2026 \d{2}:30:05$/,
    );
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate(null)).toBe('');
  });
});
