import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isEmailAddress } from './company-fields';

describe('isEmailAddress', () => {
  it('takes the addresses z.email() takes, and only those', () => {
    for (const text of [
      'ops@example.com',
      'first.last+tag@sub.example.co',
      "o'neil@example.org",
      'a_b-c@ex-ample.travel',
      'UPPER@EXAMPLE.COM',
      '',
      'plain',
      '@example.com',
      'ops@',
      'ops@example',
      'ops@example.c',
      '.ops@example.com',
      'ops.@example.com',
      'o..ps@example.com',
      'ops@-example.com',
      'ops@example..com',
      'ops @example.com',
      'ops@example.com ',
      'ops@@example.com',
      'ops@exa_mple.com',
      'ops@example.123',
      '用户@example.com',
      'ops@例子.com',
    ]) {
      expect(isEmailAddress(text), text).toBe(z.email().safeParse(text).success);
    }
  });
});
