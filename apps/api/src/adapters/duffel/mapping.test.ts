import type { AirlineInitiatedChange, OrderCancellation } from '@duffel/api/types';
import { describe, expect, it } from 'vitest';
import type { Offer } from '../../modules/shopping/index';
import { isVoid, refundQuoteOf, wholeOrderProblem } from './after-sales';
import { changeProblem, changeQuoteOf } from './order-change';
import { redact } from './client';
import {
  countsOf,
  decimalOf,
  duffelCabin,
  duffelPassengerType,
  mapAmounts,
  mapBaggage,
  mapCondition,
  mapRules,
  minorOf,
  portalCabin,
  portalPassengerType,
} from './map-offer';
import { bookingRefOf, orderIdOf, orderState, scheduleEventsOf, ticketsOf } from './map-order';

describe('amounts', () => {
  it('reads Duffel decimals as minor units and writes them back', () => {
    expect(minorOf('1234.5')).toBe(123_450);
    expect(minorOf('0.05')).toBe(5);
    expect(minorOf('12')).toBe(1_200);
    expect(minorOf('1.234')).toBeNull();
    expect(minorOf('-3.00')).toBeNull();
    expect(decimalOf(123_405)).toBe('1234.05');
  });

  it('shares an offer total over its passengers, rounding up so the portal never collects less', () => {
    expect(mapAmounts(['adult', 'adult', 'child'], 100_001, 3_000)).toEqual([
      { passengerType: 'adult', fare: 33_334, tax: 1_000, fuelSurcharge: 0, airportTax: 0 },
      { passengerType: 'child', fare: 33_334, tax: 1_000, fuelSurcharge: 0, airportTax: 0 },
    ]);
  });
});

describe('passenger types and cabins', () => {
  it('maps ADT/CHD/INF to adult, child and infant_without_seat both ways', () => {
    expect(duffelPassengerType('adult')).toBe('adult');
    expect(duffelPassengerType('child')).toBe('child');
    expect(duffelPassengerType('infant')).toBe('infant_without_seat');
    expect(portalPassengerType('infant_without_seat')).toBe('infant');
    expect(portalPassengerType('infant_with_seat')).toBeUndefined();
    expect(portalPassengerType(null)).toBeUndefined();
  });

  it('refuses an offer with a passenger known only by age', () => {
    const counts = countsOf({ passengers: [{ id: 'pas_1', type: null, age: 14, fare_type: null }] });
    expect(counts).toEqual({ ok: false, reason: 'passenger type age 14 is not mapped' });
  });

  it('searches premium first and business as Duffel’s first and business, and reads the four cabins back', () => {
    expect(duffelCabin('premium_first')).toBe('first');
    expect(duffelCabin('premium_business')).toBe('business');
    expect(portalCabin('premium_economy')).toBe('premium_economy');
    expect(portalCabin('sleeper')).toBeUndefined();
  });
});

describe('fare conditions', () => {
  const allowed = (amount: string | null, currency: string | null = 'CNY') =>
    ({ allowed: true, penalty_amount: amount, penalty_currency: currency }) as const;

  it('maps a published penalty to the fee, free to no fee, and not allowed to not allowed', () => {
    expect(mapCondition(allowed('200.00'), 'change')).toEqual({
      ok: true,
      value: { allowed: true, fee: 20_000, note: 'change before departure' },
    });
    expect(mapCondition(allowed('0.00'), 'change')).toMatchObject({
      ok: true,
      value: { allowed: true, fee: null },
    });
    expect(
      mapCondition({ allowed: false, penalty_amount: null, penalty_currency: null }, 'refund'),
    ).toMatchObject({ ok: true, value: { allowed: false } });
  });

  it('does not quote what the airline does not publish: an unknown condition or fee is not allowed', () => {
    expect(mapCondition(null, 'refund')).toMatchObject({
      ok: true,
      value: { allowed: false, note: 'refund: not published by the airline' },
    });
    expect(mapCondition(allowed(null), 'change')).toMatchObject({ ok: true, value: { allowed: false } });
  });

  it('refuses a penalty in another currency', () => {
    expect(mapCondition(allowed('30.00', 'USD'), 'change')).toEqual({
      ok: false,
      reason: 'change penalty in USD, not CNY',
    });
  });

  it('writes fare terms with the penalty in every window before departure and none after', () => {
    const rules = mapRules({
      conditions: {
        change_before_departure: allowed('200.00'),
        refund_before_departure: { allowed: false, penalty_amount: null, penalty_currency: null },
      },
    });
    if (!rules.ok) throw new Error(rules.reason);
    const { terms } = rules.value;
    expect(terms?.change.windows.map((w) => [w.window, w.allowed, w.amountMinor])).toEqual([
      ['moreThan7Days', true, 20_000],
      ['from2To7Days', true, 20_000],
      ['within48Hours', true, 20_000],
      ['afterDeparture', false, 0],
    ]);
    expect(terms?.refund).toMatchObject({ keeps: 'fare' });
    expect(terms?.refund.windows.every((w) => !w.allowed)).toBe(true);
  });
});

describe('baggage', () => {
  it('counts each passenger type’s carry-on and checked pieces on the first segment', () => {
    const baggage = mapBaggage({
      passengers: [
        { id: 'pas_a', type: 'adult', age: null, fare_type: null },
        { id: 'pas_i', type: 'infant_without_seat', age: null, fare_type: null },
      ],
      slices: [
        {
          segments: [
            {
              passengers: [
                {
                  passenger_id: 'pas_a',
                  baggages: [
                    { type: 'checked', quantity: 2 },
                    { type: 'carry_on', quantity: 1 },
                  ],
                },
                { passenger_id: 'pas_i', baggages: [] },
              ],
            },
          ],
        },
      ],
    } as never);
    expect(baggage).toEqual([
      {
        passengerType: 'adult',
        carryOn: { pieces: 1, weightKg: null, dimensions: null },
        checked: { pieces: 2, weightKg: null, dimensions: null },
        paidBagPrice: null,
      },
      {
        passengerType: 'infant',
        carryOn: { pieces: 0, weightKg: null, dimensions: null },
        checked: { pieces: 0, weightKg: null, dimensions: null },
        paidBagPrice: null,
      },
    ]);
  });
});

describe('orders', () => {
  const order = {
    id: 'ord_1',
    booking_reference: 'RZPV7X',
    cancelled_at: null,
    payment_status: { awaiting_payment: false, paid_at: '2027-01-01T00:00:00Z' },
    passengers: [{ id: 'pas_a' }, { id: 'pas_b' }],
    documents: [
      { type: 'electronic_ticket', unique_identifier: '9991', passenger_ids: ['pas_a'] },
      {
        type: 'electronic_miscellaneous_document_associated',
        unique_identifier: '8881',
        passenger_ids: ['pas_b'],
      },
    ],
  } as never;

  it('keeps the airline reference with the order id, and reads the order id back', () => {
    expect(bookingRefOf({ booking_reference: 'RZPV7X', id: 'ord_1' })).toBe('RZPV7X/ord_1');
    expect(orderIdOf('RZPV7X/ord_1')).toBe('ord_1');
    expect(orderIdOf('ord_1')).toBe('ord_1');
  });

  it('maps the statuses: awaiting payment, paid without every e-ticket, ticketed, cancelled', () => {
    expect(orderState(order)).toBe('paid_unticketed');
    expect(ticketsOf(order, ['pas_a', 'pas_b'])).toBeUndefined();
    const ticketed = {
      ...(order as object),
      documents: [
        { type: 'electronic_ticket', unique_identifier: '9992', passenger_ids: ['pas_b'] },
        ...(order as { documents: object[] }).documents,
      ],
    } as never;
    expect(orderState(ticketed)).toBe('ticketed');
    expect(ticketsOf(ticketed, ['pas_a', 'pas_b'])).toEqual([['9991'], ['9992']]);
    expect(orderState({ ...(order as object), payment_status: { awaiting_payment: true } } as never)).toBe(
      'awaiting_payment',
    );
    expect(orderState({ ...(order as object), cancelled_at: '2027-01-02T00:00:00Z' } as never)).toBe(
      'cancelled',
    );
  });

  it('refuses to cancel part of an order', () => {
    const whole = { passengers: [{}, {}], slices: [{ segments: [{}, {}] }] } as never;
    expect(wholeOrderProblem(whole, 1, undefined)).toMatch(/every passenger/);
    expect(wholeOrderProblem(whole, 2, [0])).toMatch(/every segment/);
    expect(wholeOrderProblem(whole, 2, [0, 1])).toBeUndefined();
  });

  it('changes whole journeys for every passenger: refuses some passengers, part of a journey, or journeys not replaced one for one', () => {
    // Outbound of two segments (0, 1), return of one (2).
    const order = { passengers: [{}, {}], slices: [{ segments: [{}, {}] }, { segments: [{}] }] } as never;
    const change = (passengers: number, segmentIndexes: number[], newLegs = 1) => ({
      passengers: Array.from({ length: passengers }, () => ({}) as never),
      segmentIndexes,
      newOffer: { legs: Array.from({ length: newLegs }, () => ({ segments: [] })) } as never,
    });
    expect(changeProblem(order, change(1, [2]))).toMatch(/every passenger/);
    expect(changeProblem(order, change(2, [1]))).toMatch(/every segment of a changed journey/);
    expect(changeProblem(order, change(2, [3]))).toMatch(/not segments of the Duffel order/);
    expect(changeProblem(order, change(2, []))).toMatch(/not segments of the Duffel order/);
    expect(changeProblem(order, change(2, [0, 1, 2], 1))).toMatch(/one journey/);
    expect(changeProblem(order, change(2, [2]))).toBeUndefined();
    expect(changeProblem(order, change(2, [0, 1]))).toBeUndefined();
    expect(changeProblem(order, change(2, [0, 1, 2], 2))).toBeUndefined();
  });
});

describe('refunds, voids and changes', () => {
  const quote = (amount: string | null, to: OrderCancellation['refund_to'] = 'balance', currency = 'CNY') =>
    ({ id: 'ore_1', refund_amount: amount, refund_currency: currency, refund_to: to }) as OrderCancellation;

  it('quotes the refund fee as what Duffel was paid less what comes back (at most what the agency paid), and rejects credits, vouchers and another currency', () => {
    expect(refundQuoteOf(quote('850.00'), { paidMinor: 116_000, currency: 'CNY' }, 115_000)).toEqual({
      status: 'approved',
      refundFeeMinor: 30_000,
    });
    expect(refundQuoteOf(quote('0.00'), { paidMinor: 100_000, currency: 'CNY' }, 115_000)).toEqual({
      status: 'approved',
      refundFeeMinor: 100_000,
    });
    expect(
      refundQuoteOf(quote('850.00', 'airline_credits'), { paidMinor: 115_000, currency: 'CNY' }, 115_000)
        .status,
    ).toBe('rejected');
    expect(
      refundQuoteOf(quote('850.00', 'voucher'), { paidMinor: 115_000, currency: 'CNY' }, 115_000).status,
    ).toBe('rejected');
    expect(
      refundQuoteOf(quote('85.00', 'balance', 'USD'), { paidMinor: 115_000, currency: 'CNY' }, 115_000)
        .status,
    ).toBe('rejected');
  });

  it('takes a cancellation as a void only when everything paid comes back', () => {
    const order = { total_amount: '1150.00', total_currency: 'CNY' };
    expect(isVoid(quote('1150.00'), order)).toBe(true);
    expect(isVoid(quote('850.00'), order)).toBe(false);
    expect(isVoid(quote('1150.00', 'voucher'), order)).toBe(false);
  });

  it('shares the change penalty and the fare movement per passenger, and rejects another currency', () => {
    const offer = {
      change_total_amount: '600.00',
      change_total_currency: 'CNY',
      penalty_amount: '400.00',
      penalty_currency: 'CNY',
    };
    expect(changeQuoteOf(offer, 2)).toEqual({ status: 'approved', changeFee: 20_000, fareMove: 10_000 });
    expect(changeQuoteOf({ ...offer, penalty_currency: 'EUR' }, 2).status).toBe('rejected');
  });
});

describe('airline-initiated changes', () => {
  const segment = (flight: string, departing: string) => ({
    marketing_carrier: { iata_code: 'CA' },
    operating_carrier: { iata_code: 'CA' },
    marketing_carrier_flight_number: flight,
    origin: { iata_code: 'PEK', time_zone: 'Asia/Shanghai' },
    destination: { iata_code: 'SHA', time_zone: 'Asia/Shanghai' },
    departing_at: departing,
    arriving_at: departing.replace('T08', 'T10'),
    aircraft: { iata_code: '320' },
    origin_terminal: null,
    destination_terminal: null,
  });
  const held = {
    legs: [
      {
        segments: [{ carrier: 'CA', flightNumber: '1501', origin: 'PEK', cabin: 'economy', fareBasis: 'Y' }],
      },
    ],
  } as unknown as Offer;
  const change = (added: object[]) =>
    ({
      id: 'aic_1',
      removed: [{ segments: [segment('1501', '2027-03-10T08:00:00')] }],
      added: added.map((s) => ({ segments: [s] })),
    }) as unknown as AirlineInitiatedChange;

  it('maps the same flight at new times to a change, another flight to a protected cancellation, none to an unprotected one', () => {
    expect(scheduleEventsOf(change([segment('1501', '2027-03-10T08:40:00')]), held)?.[0]).toMatchObject({
      type: 'change',
      segmentIndex: 0,
      ref: 'aic_1',
      segment: { departureLocal: '2027-03-10T08:40' },
    });
    expect(scheduleEventsOf(change([segment('1777', '2027-03-10T08:00:00')]), held)?.[0]?.type).toBe(
      'cancel_protected',
    );
    expect(scheduleEventsOf(change([]), held)).toEqual([
      { ref: 'aic_1', type: 'cancel_unprotected', segmentIndex: 0, segment: null },
    ]);
  });

  it('does not place a change of a flight the booking does not hold', () => {
    const other = {
      ...change([]),
      removed: [{ segments: [segment('9999', '2027-03-10T08:00:00')] }],
    } as unknown as AirlineInitiatedChange;
    expect(scheduleEventsOf(other, held)).toBeUndefined();
  });
});

describe('redaction', () => {
  it('replaces personal data at any depth and keeps the rest', () => {
    expect(
      redact({
        passengers: [
          {
            id: 'pas_1',
            given_name: 'A',
            family_name: 'B',
            born_on: '1990-01-01',
            email: 'a@b',
            phone_number: '+86',
            identity_documents: [{ unique_identifier: 'E1' }],
          },
        ],
        total_amount: '1.00',
      }),
    ).toEqual({
      passengers: [
        {
          id: 'pas_1',
          given_name: '[redacted]',
          family_name: '[redacted]',
          born_on: '[redacted]',
          email: '[redacted]',
          phone_number: '[redacted]',
          identity_documents: '[redacted]',
        },
      ],
      total_amount: '1.00',
    });
  });
});
