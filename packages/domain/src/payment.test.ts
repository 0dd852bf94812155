import { describe, expect, it } from 'vitest';
import { PAYMENT_CHANNELS, PAYMENT_OPTIONS, PaymentRequest, paymentOptionsFor } from './payment';

describe('payment channels and options', () => {
  it('has the ten channels of spec §3 and the eight options of spec §9', () => {
    expect(PAYMENT_CHANNELS).toHaveLength(10);
    expect(PAYMENT_OPTIONS.map((o) => o.channel)).toEqual([
      'balance',
      'yeepay-alipay',
      'yeepay-credit-card',
      'yeepay-debit-card',
      'yeepay-wechat',
      'airwallex',
      'stripe',
      'alipay',
    ]);
  });

  it('offers nothing to an agency whose payment is disabled', () => {
    expect(paymentOptionsFor({ disablePayment: true })).toEqual([]);
    expect(paymentOptionsFor({ disablePayment: false })).toHaveLength(8);
  });

  it('takes a channel and a safe return URL only', () => {
    expect(PaymentRequest.safeParse({ channel: 'balance' }).success).toBe(true);
    expect(PaymentRequest.safeParse({ channel: 'stripe', returnUrl: '/flight/orders/1' }).success).toBe(true);
    expect(PaymentRequest.safeParse({ channel: 'paypal' }).success).toBe(false);
    expect(PaymentRequest.safeParse({ channel: 'stripe', returnUrl: '//evil.example' }).success).toBe(false);
    for (const returnUrl of [
      'https://evil.example/phish',
      '/\\evil.example/x',
      '/\t/evil.example',
      'javascript:alert(1)',
    ]) {
      expect(PaymentRequest.safeParse({ channel: 'stripe', returnUrl }).success, returnUrl).toBe(false);
    }
    expect(PaymentRequest.safeParse({ channel: 'balance', amount: '1' }).success).toBe(false);
  });
});
