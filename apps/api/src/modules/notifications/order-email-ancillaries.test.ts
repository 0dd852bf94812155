import { describe, expect, it } from 'vitest';
import { renderEmail } from './email-templates';
import { orderEmailDetails, type OrderEmailFacts } from './order-email-details';

const segment = {
  marketingCarrier: 'CA',
  operatingCarrier: 'CA',
  flightNumber: '1501',
  aircraft: '320',
  departure: { airport: 'PEK', terminal: null, time: '2030-05-01T08:00', timeZone: 'Asia/Shanghai' },
  arrival: { airport: 'SHA', terminal: null, time: '2030-05-01T10:15', timeZone: 'Asia/Shanghai' },
  durationMinutes: 135,
  cabin: 'economy',
  bookingClass: 'Y',
  fareBasis: null,
};

const ancillaries = [
  {
    passengerIndex: 0,
    kind: 'seat',
    segmentIndexes: [0],
    designator: '12A',
    quantity: 1,
    weightKg: null,
    status: 'booked',
  },
  {
    passengerIndex: 0,
    kind: 'bag',
    segmentIndexes: [0],
    designator: null,
    quantity: 2,
    weightKg: 23,
    status: 'booked',
  },
  {
    passengerIndex: 0,
    kind: 'seat',
    segmentIndexes: [0],
    designator: '3C',
    quantity: 1,
    weightKg: null,
    status: 'replaced',
  },
] as const;

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
