import { describe, expect, it } from 'vitest';
import { isSupplierAllowed } from './platform-suppliers';

describe('isSupplierAllowed', () => {
  it('allows every supplier under "all" except the opt-in ones, which only a list naming them allows', () => {
    expect(isSupplierAllowed(null, 'sim-gds')).toBe(true);
    expect(isSupplierAllowed(null, 'duffel', true)).toBe(false);
    expect(isSupplierAllowed(['duffel'], 'duffel', true)).toBe(true);
    expect(isSupplierAllowed(['sim-gds'], 'duffel', true)).toBe(false);
    expect(isSupplierAllowed(['sim-gds'], 'sim-ndc')).toBe(false);
  });
});
