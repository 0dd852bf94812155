import { describe, expect, it } from 'vitest';
import { allows } from './access';
import { companyAllows, companyRefusal } from './company-restrictions';
import { paymentOptionsFor } from './payment';
import type { AccessSubject } from './roles';

const operator = (company: Partial<AccessSubject['company']> = {}): AccessSubject => ({
  roles: ['operator'],
  permissions: [],
  company: {
    proxyLevel: 1,
    enableFlightService: true,
    enableTrainService: true,
    isShowBill: false,
    canCreateSubAgency: false,
    ...company,
  },
});

describe('company restrictions', () => {
  it.each([
    [{}, 'pnrBooking', null],
    [{}, 'pay', null],
    [{ hidePnrBooking: true }, 'pnrBooking', 'pnrBookingHidden'],
    [{ hidePnrBooking: true }, 'pay', null],
    [{ disablePayment: true }, 'pay', 'paymentDisabled'],
    [{ disablePayment: true }, 'pnrBooking', null],
    [{ hidePnrBooking: false, disablePayment: null }, 'pay', null],
  ] as const)('flags %j on %s: %s', (flags, action, refusal) => {
    expect(companyRefusal(flags, action)).toBe(refusal);
    expect(companyAllows(flags, action)).toBe(refusal === null);
  });

  it('is the rule the API applies: PNR route access and the payment options', () => {
    expect(allows('flightPnr', operator())).toBe(true);
    expect(allows('flightPnr', operator({ hidePnrBooking: true }))).toBe(false);
    expect(paymentOptionsFor({ disablePayment: true })).toEqual([]);
    expect(paymentOptionsFor({ disablePayment: false }).length).toBeGreaterThan(0);
  });
});
