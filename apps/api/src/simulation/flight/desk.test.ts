import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import type { Offer, RefundRequestToSupplier } from '../../modules/shopping/index';
import { NON_REFUNDABLE_FEE_PERCENT, SimulatedDesk } from './desk';

const t = useTestApp();

function request(over: Partial<RefundRequestToSupplier> = {}, refundable = true): RefundRequestToSupplier {
  return {
    requestId: '6f1c2a6e-2d1f-4d5b-9a43-0c9b1f1a2b3c',
    pnr: 'ABC123',
    offer: {
      rules: { refund: { allowed: refundable, fee: null, note: '' } },
    } as unknown as Offer,
    passengers: [],
    segmentIndexes: [0],
    paidMinor: 100_001,
    currency: 'CNY',
    involuntary: false,
    ...over,
  };
}

describe('the simulated after-sales desk', () => {
  it('answers the same refund the same way; 5-30 % for a refundable fare, rounded up', () => {
    const desk = new SimulatedDesk();
    const first = desk.quoteRefund(request());
    expect(desk.quoteRefund(request())).toEqual(first);
    if (first.status !== 'approved') throw new Error('approved by default');
    expect(first.refundFeeMinor).toBeGreaterThanOrEqual(Math.ceil(100_001 * 0.05));
    expect(first.refundFeeMinor).toBeLessThanOrEqual(Math.ceil(100_001 * 0.3));
  });

  it('charges nothing for an involuntary reason, most of the fare for a non-refundable one, the knob when set', () => {
    const desk = new SimulatedDesk();
    expect(desk.quoteRefund(request({ involuntary: true }))).toEqual({
      status: 'approved',
      refundFeeMinor: 0,
    });
    expect(desk.quoteRefund(request({}, false))).toEqual({
      status: 'approved',
      refundFeeMinor: Math.ceil((100_001 * NON_REFUNDABLE_FEE_PERCENT) / 100),
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
