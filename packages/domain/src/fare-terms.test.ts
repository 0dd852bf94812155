import { describe, expect, expectTypeOf, it } from 'vitest';
import * as rules from './fare-term-rules';
import {
  actionAllowed,
  type ActionTerms,
  convertTerms,
  type FareTerms,
  FareTerms as FareTermsSchema,
  feeWindowOf,
  termFee,
  uniformWindows,
} from './fare-terms';

const departure = new Date('2027-03-10T08:00:00Z');
const before = (hours: number) => new Date(departure.getTime() - hours * 3_600_000);

/** Change: 100 + 0 % over 7 days, 200 from 2 to 7 days, 10 % of the fare under 48 h, none after departure. */
const change: ActionTerms = {
  per: 'passenger',
  deadlineHours: null,
  windows: [
    { window: 'moreThan7Days', allowed: true, amountMinor: 10_000, percentOfFare: 0 },
    { window: 'from2To7Days', allowed: true, amountMinor: 20_000, percentOfFare: 0 },
    { window: 'within48Hours', allowed: true, amountMinor: 0, percentOfFare: 10 },
    { window: 'afterDeparture', allowed: false, amountMinor: 0, percentOfFare: 0 },
  ],
};
const ticket = { fareMinor: 123_450, taxesMinor: 15_000, segments: 2 };

describe('fee windows', () => {
  it.each([
    [24 * 30, 'moreThan7Days'],
    [24 * 7 + 1, 'moreThan7Days'],
    [24 * 7, 'from2To7Days'],
    [48, 'from2To7Days'],
    [47.99, 'within48Hours'],
    [0.01, 'within48Hours'],
    [0, 'afterDeparture'],
    [-5, 'afterDeparture'],
  ])('%s hours before departure is %s', (hours, window) => {
    expect(feeWindowOf(departure, before(hours))).toBe(window);
  });
});

describe('termFee', () => {
  it('takes the fee of the window the request falls in', () => {
    expect(termFee(change, ticket, departure, before(24 * 10))).toEqual({
      allowed: true,
      window: 'moreThan7Days',
      feeMinor: 10_000,
      keptMinor: 0,
    });
    expect(termFee(change, ticket, departure, before(72))).toMatchObject({ allowed: true, feeMinor: 20_000 });
    // 10 % of 1,234.50 = 123.45: rounded to the minor unit.
    expect(termFee(change, ticket, departure, before(5))).toMatchObject({ allowed: true, feeMinor: 12_345 });
    expect(termFee(change, ticket, departure, before(-1))).toEqual({
      allowed: false,
      window: 'afterDeparture',
      reason: 'notAllowed',
    });
  });

  it('is the same for the same ticket, time and rule', () => {
    const at = before(100);
    const fees = Array.from({ length: 5 }, () => termFee(change, ticket, departure, at));
    expect(new Set(fees.map((f) => JSON.stringify(f))).size).toBe(1);
  });

  it('charges per segment when the rule says so', () => {
    const perSegment: ActionTerms = { ...change, per: 'segment' };
    expect(termFee(perSegment, ticket, departure, before(24 * 10))).toMatchObject({ feeMinor: 20_000 });
    expect(termFee(perSegment, { ...ticket, segments: 0 }, departure, before(24 * 10))).toMatchObject({
      feeMinor: 10_000,
    });
  });

  it('refuses after the cut-off before departure', () => {
    const online: ActionTerms = { ...change, deadlineHours: 24 };
    expect(termFee(online, ticket, departure, before(25))).toMatchObject({ allowed: true });
    expect(termFee(online, ticket, departure, before(23))).toEqual({
      allowed: false,
      window: 'within48Hours',
      reason: 'deadlinePassed',
    });
  });

  it('keeps the fare of a taxes-only refund and never takes more than the ticket cost', () => {
    const taxesOnly = { ...change, keeps: 'fare' as const };
    expect(termFee(taxesOnly, ticket, departure, before(24 * 10))).toEqual({
      allowed: true,
      window: 'moreThan7Days',
      feeMinor: 10_000,
      keptMinor: 123_450,
    });
    const steep = {
      per: 'passenger' as const,
      deadlineHours: null,
      keeps: 'nothing' as const,
      windows: uniformWindows(true, () => ({ amountMinor: 500_000 })),
    };
    expect(termFee(steep, ticket, departure, before(24 * 10))).toMatchObject({ feeMinor: 138_450 });
  });

  it('refuses in every window when the rule forbids the action', () => {
    const none: ActionTerms = { per: 'passenger', deadlineHours: null, windows: uniformWindows(false) };
    expect(actionAllowed(none)).toBe(false);
    expect(actionAllowed(change)).toBe(true);
    for (const hours of [24 * 30, 72, 5, -1]) {
      expect(termFee(none, ticket, departure, before(hours))).toMatchObject({
        allowed: false,
        reason: 'notAllowed',
      });
    }
  });
});

describe('convertTerms', () => {
  it('converts every fixed amount and keeps the percents', () => {
    const terms: FareTerms = {
      currency: 'CNY',
      change,
      refund: { ...change, keeps: 'nothing' },
    };
    const usd = convertTerms(terms, 'USD', (minor) => Math.ceil(minor / 7));
    expect(FareTermsSchema.parse(usd)).toEqual(usd);
    expect(usd.currency).toBe('USD');
    expect(usd.change.windows.map((w) => w.amountMinor)).toEqual([1_429, 2_858, 0, 0]);
    expect(usd.change.windows[2]?.percentOfFare).toBe(10);
  });
});

describe('the zod-free fare term rules the pages import', () => {
  it('are what fare-terms.ts re-exports, typed as the schemas parse them', () => {
    expect(actionAllowed).toBe(rules.actionAllowed);
    expect(termFee).toBe(rules.termFee);
    expectTypeOf<FareTerms>().toEqualTypeOf<rules.FareTerms>();
    expectTypeOf<ActionTerms>().toEqualTypeOf<rules.ActionTerms>();
  });
});
