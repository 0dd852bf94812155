import { describe, expect, it } from 'vitest';
import { markupLegsOf, unwindLegs } from './wallet-markup';

const fixed = (value: number) => ({ unit: 'fixed' as const, value, limit: 0 });

describe('markupLegsOf', () => {
  it("credits each ancestor what the level below it adds; the top level's own share stays with the payment", () => {
    // Top 1 adds 10.00 (the platform's share), 2 adds 5.00 (1's income), 3 adds 2.00 (2's income).
    const levels = [
      { agencyId: 1, adjustment: fixed(1000) },
      { agencyId: 2, adjustment: fixed(500) },
      { agencyId: 3, adjustment: fixed(200) },
    ];
    expect(markupLegsOf(levels, [{ netFareMinor: 10_000, saleFareMinor: 11_700, count: 2 }])).toEqual([
      { agencyId: 1, amountMinor: 1000 },
      { agencyId: 2, amountMinor: 400 },
    ]);
  });

  it('leaves out levels without an adjustment, keeps a discount negative and credits nothing at the top', () => {
    const levels = [
      { agencyId: 1, adjustment: null },
      { agencyId: 2, adjustment: fixed(-300) },
    ];
    expect(markupLegsOf(levels, [{ netFareMinor: 10_000, saleFareMinor: 9_700, count: 1 }])).toEqual([
      { agencyId: 1, amountMinor: -300 },
    ]);
    expect(
      markupLegsOf(
        [{ agencyId: 1, adjustment: fixed(900) }],
        [{ netFareMinor: 1, saleFareMinor: 901, count: 1 }],
      ),
    ).toEqual([]);
  });

  it('credits nothing when the chain no longer gives the quoted sale fare', () => {
    const levels = [
      { agencyId: 1, adjustment: null },
      { agencyId: 2, adjustment: fixed(500) },
    ];
    expect(markupLegsOf(levels, [{ netFareMinor: 10_000, saleFareMinor: 10_400, count: 1 }])).toBeNull();
  });
});

describe('unwindLegs', () => {
  const legs = [
    { agencyId: 1, amountMinor: 100 },
    { agencyId: 2, amountMinor: -7 },
  ];

  it('gives back each leg in proportion, truncated, and exactly all of it once everything came back', () => {
    expect(unwindLegs(legs, 300, 0, 100)).toEqual([
      { agencyId: 1, amountMinor: 33 },
      { agencyId: 2, amountMinor: -2 },
    ]);
    expect(unwindLegs(legs, 300, 100, 100)).toEqual([
      { agencyId: 1, amountMinor: 33 },
      { agencyId: 2, amountMinor: -2 },
    ]);
    expect(unwindLegs(legs, 300, 200, 100)).toEqual([
      { agencyId: 1, amountMinor: 34 },
      { agencyId: 2, amountMinor: -3 },
    ]);
  });

  it('never gives back more than a leg earned over many small returns', () => {
    let before = 0;
    let back = 0;
    for (let i = 0; i < 7; i++) {
      back += unwindLegs([{ agencyId: 1, amountMinor: 1 }], 7, before, 1).reduce(
        (n, l) => n + l.amountMinor,
        0,
      );
      before += 1;
      expect(back).toBeLessThanOrEqual(1);
    }
    expect(back).toBe(1);
    expect(unwindLegs(legs, 0, 0, 10)).toEqual([]);
  });
});
