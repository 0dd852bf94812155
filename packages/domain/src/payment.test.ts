import { describe, expect, it } from 'vitest';
import {
  CHANNEL_OPTIONS,
  PAYMENT_CHANNELS,
  PAYMENT_OPTIONS,
  PaymentRequest,
  paymentOptionsFor,
} from './payment';

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

  it('completes the wallets by QR code and the cards, stripe, airwallex and abapay by redirect', () => {
    const byFlow = (flow: string) => PAYMENT_CHANNELS.filter((c) => CHANNEL_OPTIONS[c].flow === flow);
    expect(byFlow('qr')).toEqual(['alipay', 'wechat-pay', 'yeepay-alipay', 'yeepay-wechat']);
    expect(byFlow('redirect')).toEqual([
      'yeepay-credit-card',
      'yeepay-debit-card',
      'airwallex',
      'stripe',
      'abapay',
    ]);
    expect(byFlow('balance')).toEqual(['balance']);
  });

  it("offers the agency's own channels, each once, in its order", () => {
    expect(
      paymentOptionsFor({ disablePayment: false, paymentChannels: ['abapay', 'balance', 'abapay'] }),
    ).toEqual([
      { channel: 'abapay', flow: 'redirect', labelKey: 'payment.channel.abapay' },
      { channel: 'balance', flow: 'balance', labelKey: 'payment.channel.balance' },
    ]);
    expect(paymentOptionsFor({ disablePayment: false, paymentChannels: [] })).toEqual([]);
    expect(paymentOptionsFor({ disablePayment: true, paymentChannels: ['balance'] })).toEqual([]);
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
