import { describe, expect, it } from 'vitest';
import { hasPermission } from './permission';

describe('hasPermission (spec §6)', () => {
  it.each([
    ['grants when the user list is empty', [], ['agencybills:read'], true],
    ['grants when the user list contains all', ['all'], ['agencybills:read'], true],
    [
      'grants when the lists share an entry',
      ['orders:read', 'agencybills:read'],
      ['x', 'agencybills:read'],
      true,
    ],
    ['denies when the lists share nothing', ['orders:read'], ['agencybills:read'], false],
    ['denies when the required list is undefined, even with all', ['all'], undefined, false],
    ['denies when the required list is undefined and the user list empty', [], undefined, false],
    ['denies an empty required list for a user with specific permissions', ['orders:read'], [], false],
  ] as const)('%s', (_name, user, required, expected) => {
    expect(hasPermission(user, required)).toBe(expected);
  });
});
