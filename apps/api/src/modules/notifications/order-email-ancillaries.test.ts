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
