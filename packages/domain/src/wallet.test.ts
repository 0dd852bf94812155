import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_AMOUNT, MAX_WALLET_BALANCE } from './limits';
import { lastPageByNumber } from './paging';
import {
  CreditLimitBody,
  describeEntry,
  fieldsAboveRequestMaximum,
  formatMaximum,
  isAboveMaximum,
  maximumMinor,
  StatementQuery,
  TopUpBody,
  TransactionQuery,
  WALLET_LINE_COUNT_CAP,
  WALLET_PAYMENT_TYPES,
  WalletEntryQuery,
  type LedgerEntryKind,
  type WalletEntryOrder,
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
    expect(TopUpBody.parse(topUp)).toEqual(topUp);
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

  it('reads pages by number up to the counted lines, and any page after a cursor', () => {
    const cursor = '1764547200000000_42_CNY';
    for (const Query of [WalletEntryQuery, TransactionQuery]) {
      // The last page the pager offers at "1,000+" lines: 50 of 20, 10 of 100, 34 of 30 (line 991 on).
      expect(Query.safeParse({ page: 50 }).success).toBe(true);
      expect(Query.safeParse({ page: 10, pageSize: 100 }).success).toBe(true);
      expect(Query.safeParse({ page: 34, pageSize: 30 }).success).toBe(true);
      const deeper = Query.safeParse({ page: 51 });
      expect(deeper.error?.issues).toEqual([
        expect.objectContaining({ code: 'too_big', path: ['page'], maximum: 50 }),
      ]);
      expect(Query.safeParse({ page: 11, pageSize: 100 }).success).toBe(false);
      expect(Query.safeParse({ page: 35, pageSize: 30 }).success).toBe(false);
      expect(Query.safeParse({ page: 1_200, after: cursor }).success).toBe(true);
    }
    expect(lastPageByNumber(WALLET_LINE_COUNT_CAP, 20)).toBe(50);
  });
});

describe('wallet dates and amount maximums', () => {
  it('takes list dates and statement months between 1900 and 2199 only', () => {
    expect(WalletEntryQuery.safeParse({ dateTo: '9999-12-31' }).success).toBe(false);
    expect(WalletEntryQuery.safeParse({ dateFrom: '1899-12-31' }).success).toBe(false);
    expect(TransactionQuery.safeParse({ dateFrom: '2026-02-30' }).success).toBe(false);
    expect(WalletEntryQuery.safeParse({ dateFrom: '1900-01-01', dateTo: '2199-12-31' }).success).toBe(true);
    expect(StatementQuery.safeParse({ from: '9999-01', to: '9999-01' }).success).toBe(false);
    expect(StatementQuery.safeParse({ from: '2199-12', to: '2200-01' }).success).toBe(false);
    expect(StatementQuery.safeParse({ from: '2199-01', to: '2199-12' }).success).toBe(true);
  });

  it('compares decimal amounts with the maximum exactly, whatever their length', () => {
    expect(isAboveMaximum('10000000000.00', MAX_REQUEST_AMOUNT)).toBe(false);
    expect(isAboveMaximum('10000000000.01', MAX_REQUEST_AMOUNT)).toBe(true);
    expect(isAboveMaximum('90000000000000.00', MAX_REQUEST_AMOUNT)).toBe(true);
    expect(isAboveMaximum(`1${'0'.repeat(400)}`, MAX_REQUEST_AMOUNT)).toBe(true);
    expect(isAboveMaximum('0.5', 0)).toBe(true);
    expect(isAboveMaximum('not a number', 0)).toBe(false);
    expect(
      fieldsAboveRequestMaximum({ amount: '1.00', amountReceived: '10000000001', x: undefined }),
    ).toEqual(['amountReceived']);
  });

  it('keeps the largest wallet a safe integer in minor units with up to three minor digits', () => {
    expect(MAX_REQUEST_AMOUNT).toBeLessThan(MAX_WALLET_BALANCE);
    for (const digits of [0, 2, 3]) {
      const wallet = maximumMinor(MAX_WALLET_BALANCE, digits);
      expect(Number.isSafeInteger(wallet + maximumMinor(MAX_REQUEST_AMOUNT, digits))).toBe(true);
    }
    expect(maximumMinor(MAX_WALLET_BALANCE, 3)).toBe(10 ** 15);
    expect(formatMaximum(MAX_REQUEST_AMOUNT)).toBe('10,000,000,000');
    expect(formatMaximum(MAX_WALLET_BALANCE)).toBe('1,000,000,000,000');
  });
});

describe('describeEntry', () => {
  const flight = (flightType: 'origin' | 'change' | 'refund') =>
    ({ kind: 'flight', id: 'f1', flightType, instalment: null }) as const;

  it('labels order entries by ledger kind and order, with the booking number', () => {
    const of = (kind: LedgerEntryKind, order: WalletEntryOrder) =>
      describeEntry({ kind, order, bookingNumber: 'F1', openingBalance: false })?.label;
    expect(of('origin-flight', flight('origin'))).toBe('flightOrder');
    expect(of('change-flight', flight('change'))).toBe('flightChange');
    expect(of('refund-flight', flight('refund'))).toBe('flightRefund');
    expect(of('reimbursement', flight('origin'))).toBe('ticketingFailed');
    expect(of('reimbursement', flight('change'))).toBe('changeFailed');
    expect(of('reimbursement', flight('refund'))).toBeUndefined();
    const group = { kind: 'group', id: 'g1', flightType: null, instalment: 4 } as const;
    expect(of('origin-flight', group)).toBe('groupInstalment4');
    const train = { kind: 'train', id: 't1', flightType: null, instalment: null } as const;
    expect(of('origin-train', train)).toBe('trainOrder');
    expect(of('reimbursement', train)).toBe('trainRefund');
    expect(
      describeEntry({ kind: 'origin-train', order: train, bookingNumber: 'T9', openingBalance: false }),
    ).toEqual({
      label: 'trainOrder',
      bookingNumber: 'T9',
    });
  });

  it('labels the opening balance and leaves other entries to their stored description', () => {
    const none = { order: null, bookingNumber: null };
    expect(describeEntry({ ...none, kind: 'top-up', openingBalance: true })?.label).toBe('openingBalance');
    expect(describeEntry({ ...none, kind: 'top-up', openingBalance: false })).toBeNull();
    expect(describeEntry({ ...none, kind: 'origin-flight', openingBalance: false })).toBeNull();
    expect(describeEntry({ ...none, kind: 'credit-adjustment', openingBalance: false })).toBeNull();
  });
});
