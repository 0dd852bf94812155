import { describe, expect, it } from 'vitest';
import {
  CreditLimitBody,
  TopUpBody,
  TransactionQuery,
  WALLET_PAYMENT_TYPES,
  WalletEntryQuery,
} from './wallet';

describe('wallet schemas', () => {
  it('has the payment types of spec §3', () => {
    expect(WALLET_PAYMENT_TYPES).toEqual([
      'top-up',
      'origin-flight',
      'origin-train',
      'refund-flight',
      'change-flight',
      'void-flight',
    ]);
  });

  const topUp = { currency: 'CNY', amount: '1000.00', exchangeRate: '1', referenceNumber: 'BANK-001' };
  it('accepts a top-up with currency, amount, rate and reference', () => {
    expect(TopUpBody.parse(topUp)).toEqual({ ...topUp, sendEmail: false });
  });

  it.each(['currency', 'amount', 'exchangeRate', 'referenceNumber'])('requires %s', (field) => {
    const { [field]: _dropped, ...rest } = topUp as Record<string, string>;
    expect(TopUpBody.safeParse(rest).success).toBe(false);
  });

  it('refuses unknown fields and non-positive amounts', () => {
    expect(TopUpBody.safeParse({ ...topUp, agencyId: 1 }).success).toBe(false);
    expect(TopUpBody.safeParse({ ...topUp, amount: '0' }).success).toBe(false);
  });

  it('requires a credit limit', () => {
    expect(CreditLimitBody.safeParse({ credit: '5000' }).success).toBe(true);
    expect(CreditLimitBody.safeParse({ credit: '' }).success).toBe(false);
    expect(CreditLimitBody.safeParse({}).success).toBe(false);
  });

  it('filters lists by date, type and order', () => {
    expect(WalletEntryQuery.parse({ type: 'top-up', orderId: 'F1', dateFrom: '2026-01-01' })).toMatchObject({
      page: 1,
      pageSize: 20,
    });
    expect(WalletEntryQuery.safeParse({ type: 'salary' }).success).toBe(false);
    expect(
      TransactionQuery.safeParse({ paymentMethod: 'stripe', dateFrom: '2026-02-01', dateTo: '2026-01-01' })
        .success,
    ).toBe(false);
    expect(TransactionQuery.safeParse({ x: 1 }).success).toBe(false);
  });
});
