import { describe, expect, it } from 'vitest';
import {
  ChangePasswordBody,
  CONFIG_VALUE_SCHEMAS,
  isValidNewPassword,
  isSafeAvatarUrl,
  LoginBody,
  SetConfigBody,
  UpdateMeBody,
} from './auth';
import { isValidUsername } from './limits';

describe('password rules (spec §5: 6 to 15 characters)', () => {
  it.each([
    ['12345', false],
    ['123456', true],
    ['abcdefghijklmno', true],
    ['abcdefghijklmnop', false],
    ['', false],
  ])('%s -> %s', (password, ok) => {
    expect(isValidNewPassword(password)).toBe(ok);
  });

  it('rejects a password change body with a short new password or extra fields', () => {
    expect(ChangePasswordBody.safeParse({ oldPassword: 'demo1234', newPassword: '123' }).success).toBe(false);
    expect(
      ChangePasswordBody.safeParse({ oldPassword: 'demo1234', newPassword: '1234567', role: 'x' }).success,
    ).toBe(false);
    expect(ChangePasswordBody.safeParse({ oldPassword: 'demo1234', newPassword: '1234567' }).success).toBe(
      true,
    );
  });
});

describe('username format', () => {
  it.each([
    ['admin', true],
    ['agent.li@example.com', true],
    ['ab', false],
    ['has space', false],
    ['<script>', false],
  ])('%s -> %s', (username, ok) => {
    expect(isValidUsername(username)).toBe(ok);
  });

  it('login body is strict', () => {
    expect(LoginBody.safeParse({ username: 'admin', password: 'x', extra: 1 }).success).toBe(false);
  });
});

describe('personal config values (spec §3, §5)', () => {
  it('favourite cities and countries must not be empty', () => {
    expect(CONFIG_VALUE_SCHEMAS.cities.safeParse([]).success).toBe(false);
    expect(CONFIG_VALUE_SCHEMAS.countries.safeParse([]).success).toBe(false);
    expect(CONFIG_VALUE_SCHEMAS.cities.safeParse(['BJS', 'SHA']).success).toBe(true);
  });
  it('at most 30 frequent passengers', () => {
    const ids = Array.from({ length: 31 }, (_, i) => `p${i}`);
    expect(CONFIG_VALUE_SCHEMAS.passengers.safeParse(ids.slice(0, 30)).success).toBe(true);
    expect(CONFIG_VALUE_SCHEMAS.passengers.safeParse(ids).success).toBe(false);
  });
  it('default region is an area code and date format one of the known ones', () => {
    expect(CONFIG_VALUE_SCHEMAS.defaultRegion.safeParse('86').success).toBe(true);
    expect(CONFIG_VALUE_SCHEMAS.defaultRegion.safeParse('+86').success).toBe(false);
    expect(CONFIG_VALUE_SCHEMAS.dateFormat.safeParse('yyyy-MM-dd').success).toBe(true);
    expect(CONFIG_VALUE_SCHEMAS.dateFormat.safeParse('yy').success).toBe(false);
  });
});

describe('profile picture address', () => {
  it.each([
    'https://cdn.example.com/a/me.png',
    'HTTPS://cdn.example.com/me.png?v=2',
    '/files/avatars/7.png',
    '/avatar.png#x',
  ])('accepts %s', (avatar) => {
    expect(isSafeAvatarUrl(avatar)).toBe(true);
    expect(UpdateMeBody.safeParse({ avatar }).success).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'http://cdn.example.com/me.png',
    'ftp://cdn.example.com/me.png',
    'https://user:pass@cdn.example.com/me.png',
    '//evil.example/me.png',
    '/\\evil.example/me.png',
    'https:\\\\evil.example/me.png',
    'me.png',
    '',
  ])('refuses %s', (avatar) => {
    expect(isSafeAvatarUrl(avatar)).toBe(false);
    expect(UpdateMeBody.safeParse({ avatar }).success).toBe(false);
  });

  it('allows clearing the picture and refuses an address over 512 characters', () => {
    expect(UpdateMeBody.safeParse({ avatar: null }).success).toBe(true);
    const long = `https://cdn.example.com/${'a'.repeat(500)}.png`;
    expect(UpdateMeBody.safeParse({ avatar: long }).success).toBe(false);
  });
});

describe('personal config body', () => {
  it("takes a value of one of the keys' shapes and nothing else", () => {
    expect(SetConfigBody.safeParse({ value: ['PEK'] }).success).toBe(true);
    expect(SetConfigBody.safeParse({ value: 'dd/MM/yyyy' }).success).toBe(true);
    expect(SetConfigBody.safeParse({ value: { theme: 'dark' } }).success).toBe(false);
    expect(SetConfigBody.safeParse({ value: '86', extra: 1 }).success).toBe(false);
  });
});
