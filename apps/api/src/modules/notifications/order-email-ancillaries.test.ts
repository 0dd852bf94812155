import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-templates';
import { orderEmailDetails, type OrderEmailFacts } from './order-email-details';
import { ancillaries, segment } from '../flight-orders/order-ancillaries.fixtures';

const facts: OrderEmailFacts = {
  type: 'origin',
  solution: { legs: [{ segments: [segment], durationMinutes: 135, arrivalDayOffset: 0 }] } as never,
  passengers: [{ surname: 'ZHANG', given_names: 'WEI', type: 'adult', ticketNumbers: [] }],
  currency: 'CNY',
  orderTotalMinor: 150_000,
  afterSales: null,
  ancillaries,
};

describe('seats and bags in the order e-mails and the itinerary', () => {
  it('lists each passenger seat and bags beside the tickets, in each language', () => {
    const details = orderEmailDetails(facts);
    const en = renderEmail('order.booked', 'en', { bookingNumber: 'F1' }, details);
    expect(en.text).toContain('Seat 12A (PEK-SHA); 2 × 23 kg bag (PEK-SHA)');
    expect(en.text).not.toContain('3C');
    expect(en.html).toContain('Seats and bags');
    const zh = renderEmail('order.booked', 'zh-cn', { bookingNumber: 'F1' }, details);
    expect(zh.text).toContain('座位 12A（PEK-SHA）');
  });
});

describe('the e-mails of a purchase of seats and bags after issue', () => {
  const purchase: OrderEmailFacts = {
    ...facts,
    type: 'ancillary',
    passengers: [
      { surname: 'ZHANG', given_names: 'WEI', type: 'adult', ticketNumbers: ['999-1234567890'] },
      { surname: 'LI', given_names: 'NA', type: 'adult', ticketNumbers: ['999-1234567891'] },
    ],
    orderTotalMinor: 18_050,
    ancillaries: [
      { ...ancillaries[0], status: 'booked', priceMinor: 6_050, currency: 'CNY' },
      { ...ancillaries[1], status: 'booked', priceMinor: 12_000, currency: 'CNY' },
    ],
  };
  const refused: OrderEmailFacts = {
    ...purchase,
    ancillaries: (purchase.ancillaries ?? []).map((a) => ({ ...a, status: 'failed' })),
  };
  const params = { bookingNumber: 'F1' };

  it.each([
    [
      'en',
      'Seats and bags of F1 confirmed',
      'ZHANG/WEI (Adult)  999-1234567890  Seat 12A (PEK-SHA): 60.50 CNY; 2 × 23 kg bag (PEK-SHA): 120.00 CNY',
      'Order total: 180.50 CNY',
    ],
    [
      'zh-cn',
      '订单 F1 的座位和行李已确认',
      '座位 12A（PEK-SHA）：60.50 CNY; 2 件 23 公斤行李（PEK-SHA）：120.00 CNY',
      '180.50 CNY',
    ],
    [
      'zh-tw',
      '訂單 F1 的座位和行李已確認',
      '座位 12A（PEK-SHA）：60.50 CNY; 2 件 23 公斤行李（PEK-SHA）：120.00 CNY',
      '180.50 CNY',
    ],
  ] as const)(
    'in %s, names the passenger, each seat and bag with its flight and price, and the total',
    (locale, subject, line, total) => {
      const mail = renderEmail('ancillary.confirmed', locale, params, orderEmailDetails(purchase));
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(line);
      expect(mail.text).toContain(total);
      // Only the passenger it was bought for.
      expect(mail.text).not.toContain('LI/NA');
      expect(mail.html).toContain('60.50 CNY');
    },
  );

  it.each([
    [
      'en',
      'Seats and bags of F1 refused',
      'The money goes back to the card it was paid with, through Stripe',
      'Seat 12A (PEK-SHA): 60.50 CNY',
    ],
    [
      'zh-cn',
      '订单 F1 的座位和行李被拒绝',
      '款项正通过 Stripe 退回原支付卡',
      '座位 12A（PEK-SHA）：60.50 CNY',
    ],
    [
      'zh-tw',
      '訂單 F1 的座位和行李被拒絕',
      '款項正透過 Stripe 退回原支付卡',
      '座位 12A（PEK-SHA）：60.50 CNY',
    ],
  ] as const)(
    'in %s, lists what the airline refused with the reason and says the money goes back to the card',
    (locale, subject, back, seat) => {
      const mail = renderEmail(
        'ancillary.refused',
        locale,
        { ...params, reason: 'Seat taken', moneyTo: 'card', channel: 'stripe' },
        orderEmailDetails(refused),
      );
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(back);
      expect(mail.text).toContain('Seat taken');
      expect(mail.text).toContain(seat);
      expect(mail.text).toContain('180.50 CNY');
    },
  );
});
