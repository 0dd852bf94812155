import { describe, expect, it } from 'vitest';
import { isUuid } from './text-checks';

describe('isUuid', () => {
  it('tells an order id from a booking number, in any case', () => {
    expect(isUuid('0b5f3c8e-1d2a-4e6f-9a7b-3c4d5e6f7a8b')).toBe(true);
    expect(isUuid('0B5F3C8E-1D2A-4E6F-9A7B-3C4D5E6F7A8B')).toBe(true);
    expect(isUuid('F20260100012345')).toBe(false);
    expect(isUuid('0b5f3c8e-1d2a-4e6f-9a7b-3c4d5e6f7a8')).toBe(false);
    expect(isUuid(' 0b5f3c8e-1d2a-4e6f-9a7b-3c4d5e6f7a8b')).toBe(false);
  });
});
