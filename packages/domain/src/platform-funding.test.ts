import { describe, expect, it } from 'vitest';
import { approvalActions, CreditRequestBody, FundingRequestBody } from './platform-funding';

describe('approvalActions', () => {
  it.each([
    ['pending', 7, 8, ['approve', 'reject'], null],
    ['pending', 7, 7, ['cancel'], 'ownRequest'],
    ['approved', 7, 8, [], 'notPending'],
    ['rejected', 7, 7, [], 'notPending'],
    ['cancelled', 7, 8, [], 'notPending'],
  ] as const)(
    'a %s request of admin %i read by admin %i offers %j',
    (status, requestedBy, caller, actions, why) => {
      expect(approvalActions({ status, requestedBy }, caller)).toEqual({
        allowedActions: actions,
        blockedBecause: why,
      });
    },
  );
});

describe('request bodies', () => {
  const funding = {
    agencyId: 1,
    currency: 'CNY',
    amount: '100.00',
    exchangeRate: '1',
    referenceNumber: 'B-1',
  };

  it('takes a top-up with its agency and refuses unknown fields', () => {
    expect(FundingRequestBody.safeParse(funding).success).toBe(true);
    expect(FundingRequestBody.safeParse({ ...funding, sendEmail: true }).success).toBe(false);
    expect(FundingRequestBody.safeParse({ ...funding, amount: '0' }).success).toBe(false);
  });

  it('takes a credit limit of zero (removes the line) but not a negative one', () => {
    expect(CreditRequestBody.safeParse({ agencyId: 1, currency: 'CNY', credit: '0' }).success).toBe(true);
    expect(CreditRequestBody.safeParse({ agencyId: 1, currency: 'CNY', credit: '-1' }).success).toBe(false);
  });
});
