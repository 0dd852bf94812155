import { describe, expect, it } from 'vitest';
import {
  isPlatformAuditAction,
  isPlatformPermission,
  isPlatformToken,
  PLATFORM_AUDIT_ACTIONS,
  PLATFORM_TOKEN_PREFIX,
  PLATFORM_USERNAME_PATTERN,
} from './platform';
import { PlatformLoginBody } from './platform-schemas';

describe('platform identities', () => {
  it('reads a sign-in with a six-digit code and a lower-cased user name', () => {
    expect(PlatformLoginBody.parse({ username: ' Ops.Finance ', password: 'x', code: ' 012345 ' })).toEqual({
      username: 'ops.finance',
      password: 'x',
      code: '012345',
    });
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      expect(PlatformLoginBody.safeParse({ username: 'a', password: 'x', code }).success).toBe(false);
    }
  });

  it('accepts user names of 3 to 32 safe characters', () => {
    expect(PLATFORM_USERNAME_PATTERN.test('platform.finance')).toBe(true);
    expect(PLATFORM_USERNAME_PATTERN.test('ab')).toBe(false);
    expect(PLATFORM_USERNAME_PATTERN.test('.admin')).toBe(false);
    expect(PLATFORM_USERNAME_PATTERN.test('Admin')).toBe(false);
  });

  it('tells a platform token from an agency token (base64url has no dot)', () => {
    expect(PLATFORM_TOKEN_PREFIX).toContain('.');
    expect(isPlatformToken(`${PLATFORM_TOKEN_PREFIX}abc`)).toBe(true);
    expect(isPlatformToken('plt_abc-DEF')).toBe(false);
  });

  it('knows its permissions and audit actions, each action dotted and listed once', () => {
    expect(isPlatformPermission('platform:finance')).toBe(true);
    expect(isPlatformPermission('all')).toBe(false);
    expect(new Set(PLATFORM_AUDIT_ACTIONS).size).toBe(PLATFORM_AUDIT_ACTIONS.length);
    for (const action of PLATFORM_AUDIT_ACTIONS)
      expect(action).toMatch(/^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)+$/);
    expect(isPlatformAuditAction('session.signIn')).toBe(true);
    expect(isPlatformAuditAction('session')).toBe(false);
  });
});
