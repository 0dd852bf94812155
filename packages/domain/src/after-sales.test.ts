import { describe, expect, it } from 'vitest';
import {
  changeAmountDue,
  ChangeSearchRequest,
  involuntaryChangeAllowed,
  involuntaryRefundNeedsDocument,
  isInvoluntaryChange,
  RefundReason,
  RefundRequest,
  refundableTotal,
} from './after-sales';

describe('after-sales money', () => {
  it('never refunds above what was paid nor below zero', () => {
    expect(refundableTotal(10_000, 2_000, 500)).toBe(7_500);
    expect(refundableTotal(10_000, 12_000, 0)).toBe(0);
    expect(refundableTotal(10_000, -5_000, 0)).toBe(10_000);
  });

  it('charges a change the differences and fees, never a negative amount', () => {
    expect(
      changeAmountDue({
        priceDifferenceMinor: 3_000,
        taxDifferenceMinor: 200,
        changeFeeMinor: 1_000,
        serviceFeeMinor: 50,
      }),
    ).toBe(4_250);
    expect(
      changeAmountDue({
        priceDifferenceMinor: -9_000,
        taxDifferenceMinor: 0,
        changeFeeMinor: 1_000,
        serviceFeeMinor: 0,
      }),
    ).toBe(0);
  });
});

describe('after-sales requests', () => {
  const selection = { passengerIds: ['p1'], segmentIndexes: [0] };

  it('requires the sub-option of reasons 2, 3 and 6 and refuses one elsewhere', () => {
    expect(RefundReason.safeParse({ value: 2, subOption: 'delay' }).success).toBe(true);
    expect(RefundReason.safeParse({ value: 2 }).success).toBe(false);
    expect(RefundReason.safeParse({ value: 6, subOption: 'death_certificate' }).success).toBe(true);
    expect(RefundReason.safeParse({ value: 0, subOption: 'delay' }).success).toBe(false);
    expect(RefundReason.safeParse({ value: 8 }).success).toBe(false);
  });

  it('refuses repeated passengers and more than five documents', () => {
    const reason = { value: 0 };
    expect(RefundRequest.safeParse({ selection, reason }).success).toBe(true);
    expect(
      RefundRequest.safeParse({ selection: { passengerIds: ['p1', 'p1'], segmentIndexes: [0] }, reason })
        .success,
    ).toBe(false);
    const six = Array.from({ length: 6 }, () => crypto.randomUUID());
    expect(RefundRequest.safeParse({ selection, reason, documentIds: six }).success).toBe(false);
  });

  it('takes change reasons 0, 1 and 3 only', () => {
    const legs = [{ legIndex: 0, date: '2026-06-01' }];
    expect(ChangeSearchRequest.safeParse({ selection, reason: 3, legs }).success).toBe(true);
    expect(ChangeSearchRequest.safeParse({ selection, reason: 2, legs }).success).toBe(false);
  });
});

describe('involuntaryRefundNeedsDocument', () => {
  it.each([
    [2, false, true],
    [6, false, true],
    [2, true, false],
    [6, true, false],
    [0, false, false],
    [3, false, false],
    [7, true, false],
  ])('reason %i, disruption on record %s: a document needed %s', (value, disrupted, needed) => {
    expect(involuntaryRefundNeedsDocument(value, disrupted)).toBe(needed);
  });
});

describe('involuntaryChangeAllowed', () => {
  it('only reason 1 (airline schedule change) is involuntary', () => {
    expect([0, 1, 3].filter(isInvoluntaryChange)).toEqual([1]);
  });

  it.each([
    [1, false, false],
    [1, true, true],
    [0, false, true],
    [3, false, true],
    [0, true, true],
    [3, true, true],
  ])('reason %i, disruption on record %s: allowed %s', (value, disrupted, allowed) => {
    expect(involuntaryChangeAllowed(value, disrupted)).toBe(allowed);
  });
});
