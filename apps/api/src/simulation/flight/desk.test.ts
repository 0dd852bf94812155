import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import type { Offer, RefundRequestToSupplier } from '../../modules/shopping/index';
import { SimulatedDesk } from './desk';
import { rulesFor, type FareRuleKind } from './fares';

const t = useTestApp();

/** Departs 2027-03-10 08:00 UTC; one adult, fare CNY 1,000.00, taxes CNY 100.00. */
const departureUtc = '2027-03-10T08:00:00.000Z';
const daysBefore = (days: number) => new Date(Date.parse(departureUtc) - days * 86_400_000);

function offerOf(kind: FareRuleKind): Offer {
  return {
    currency: 'CNY',
    rules: rulesFor(kind, 100_000),
    amounts: [{ passengerType: 'adult', fare: 100_000, tax: 5_000, fuelSurcharge: 0, airportTax: 5_000 }],
    legs: [{ segments: [{ departureUtc }] }],
  } as unknown as Offer;
}

function request(
  over: Partial<RefundRequestToSupplier> = {},
  kind: FareRuleKind = 'standard',
): RefundRequestToSupplier {
  return {
    requestId: '6f1c2a6e-2d1f-4d5b-9a43-0c9b1f1a2b3c',
    pnr: 'ABC123',
    offer: offerOf(kind),
    passengers: [
      { type: 'adult', surname: 'LI', givenNames: 'NA', birthday: '1990-01-01', documentNumber: 'E1' },
    ],
    segmentIndexes: [0],
    paidMinor: 100_001,
    currency: 'CNY',
    requestedAt: daysBefore(10),
    involuntary: false,
    ...over,
  };
}

describe('the simulated after-sales desk', () => {
  it("approves a refund the fare's terms allow with the terms' fee, whatever the request's id", () => {
    const desk = new SimulatedDesk();
    expect(desk.quoteRefund(request())).toEqual({ status: 'approved' });
    expect(desk.quoteRefund(request({ requestId: 'another' }))).toEqual({ status: 'approved' });
    expect(desk.quoteRefund(request({}, 'light'))).toEqual({ status: 'approved' });
  });

  it('refuses a refund or change the terms forbid, with the rule as its reason', () => {
    const desk = new SimulatedDesk();
    expect(desk.quoteRefund(request({}, 'lcc-saver'))).toEqual({
      status: 'rejected',
      reason: 'The fare rules do not allow a refund',
    });
    const change = {
      pnr: 'ABC123',
      newOffer: offerOf('lcc'),
      passengers: request().passengers,
      segmentIndexes: [0],
      involuntary: false,
    };
    expect(desk.quoteChange({ ...change, offer: offerOf('lcc-saver'), requestedAt: daysBefore(10) })).toEqual(
      {
        status: 'rejected',
        reason: 'The fare rules do not allow changes',
      },
    );
    expect(desk.quoteChange({ ...change, offer: offerOf('lcc'), requestedAt: daysBefore(0.5) })).toEqual({
      status: 'rejected',
      reason: 'The fare rules close changes before departure',
    });
    expect(desk.quoteChange({ ...change, offer: offerOf('lcc'), requestedAt: daysBefore(10) })).toEqual({
      status: 'approved',
      fareMove: 0,
    });
    // The airline's own change is taken whatever the fare says.
    expect(
      desk.quoteChange({
        ...change,
        offer: offerOf('lcc-saver'),
        requestedAt: daysBefore(10),
        involuntary: true,
      }),
    ).toEqual({ status: 'approved', changeFee: 0, fareMove: 0 });
  });

  it('charges nothing for an involuntary reason, the knob when set', () => {
    const desk = new SimulatedDesk();
    expect(desk.quoteRefund(request({ involuntary: true }))).toEqual({
      status: 'approved',
      refundFeeMinor: 0,
    });
    desk.knobs = { refund: { feePercent: 10 } };
    expect(desk.quoteRefund(request())).toEqual({ status: 'approved', refundFeeMinor: 10_001 });
    desk.knobs = { refund: { decision: 'reject' } };
    expect(desk.quoteRefund(request()).status).toBe('rejected');
    desk.knobs = { void: { decision: 'reject' } };
    expect(desk.void({ requestId: 'x', pnr: 'ABC123', offer: request().offer, passengers: [] }).status).toBe(
      'rejected',
    );
    desk.knobs = { void: { fail: true } };
    expect(() =>
      desk.void({ requestId: 'x', pnr: 'ABC123', offer: request().offer, passengers: [] }),
    ).toThrow();
  });

  it('judges an involuntary claim without a recorded disruption: accepted, no fee; refused, the voluntary fee', () => {
    const desk = new SimulatedDesk();
    const voluntary = desk.quoteRefund(request());
    expect(desk.quoteRefund(request({ involuntaryClaim: true }))).toEqual({
      status: 'approved',
      refundFeeMinor: 0,
    });
    desk.knobs = { refund: { claim: 'refuse' } };
    expect(desk.quoteRefund(request({ involuntaryClaim: true }))).toEqual(voluntary);
    // A disruption on record is not the desk's to refuse.
    expect(desk.quoteRefund(request({ involuntary: true }))).toEqual({
      status: 'approved',
      refundFeeMinor: 0,
    });
  });

  it('has no test route without the test hooks', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/__test/after-sales/desk', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});
