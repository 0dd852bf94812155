import { describe, expect, it } from 'vitest';
import { fromStripeAmount, StripeAmountError, stripeCurrency, toStripeAmount } from './stripe-amounts';

describe("amounts in Stripe's minor units", () => {
  it('sends two-decimal currencies as they are, in lower case', () => {
    expect(toStripeAmount(123_450, 'CNY')).toEqual({ amount: 123_450, currency: 'cny' });
    expect(toStripeAmount(1999, 'USD')).toEqual({ amount: 1999, currency: 'usd' });
  });

  it('sends zero-decimal currencies (JPY, KRW) in whole units, as the portal keeps them', () => {
    expect(toStripeAmount(52_000, 'JPY')).toEqual({ amount: 52_000, currency: 'jpy' });
    expect(toStripeAmount(650_000, 'KRW')).toEqual({ amount: 650_000, currency: 'krw' });
    expect(stripeCurrency('VND')).toEqual({ code: 'vnd', digits: 0, step: 1 });
    expect(stripeCurrency('UGX')?.digits).toBe(0);
  });

  it('turns a two-decimal amount into whole units of a zero-decimal currency only when it has no cents', () => {
    expect(toStripeAmount(150_000, 'VND')).toEqual({ amount: 1500, currency: 'vnd' });
    expect(() => toStripeAmount(150_050, 'VND')).toThrow(StripeAmountError);
  });

  it('writes three-decimal currencies with a last digit of 0', () => {
    expect(toStripeAmount(512, 'KWD')).toEqual({ amount: 5120, currency: 'kwd' });
    expect(fromStripeAmount(5120, 'kwd')).toEqual({ amountMinor: 512, currency: 'KWD' });
    expect(() => fromStripeAmount(5124, 'kwd')).toThrow(StripeAmountError);
  });

  it('keeps ISK two-decimal with 00 decimals, and HUF and TWD two-decimal', () => {
    expect(toStripeAmount(10_000, 'ISK')).toEqual({ amount: 10_000, currency: 'isk' });
    expect(() => toStripeAmount(10_050, 'ISK')).toThrow(/not representable/);
    expect(toStripeAmount(10_050, 'HUF')).toEqual({ amount: 10_050, currency: 'huf' });
    expect(toStripeAmount(10_050, 'TWD')).toEqual({ amount: 10_050, currency: 'twd' });
  });

  it('refuses currencies Stripe does not take, and amounts that are not positive', () => {
    expect(() => toStripeAmount(100, 'XYZ')).toThrow(/unsupported currency/);
    expect(() => fromStripeAmount(100, 'xyz')).toThrow(StripeAmountError);
    expect(() => toStripeAmount(0, 'USD')).toThrow(/not positive/);
    expect(() => toStripeAmount(1.5, 'USD')).toThrow(StripeAmountError);
  });

  it('reads Stripe amounts back into the portal minor units of every portal currency', () => {
    for (const [currency, minor] of [
      ['CNY', 88_800],
      ['JPY', 52_000],
      ['KRW', 650_000],
      ['TWD', 9_900],
    ] as const) {
      const sent = toStripeAmount(minor, currency);
      expect(fromStripeAmount(sent.amount, sent.currency)).toEqual({ amountMinor: minor, currency });
    }
  });
});
