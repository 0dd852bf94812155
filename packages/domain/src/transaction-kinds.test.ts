import { describe, expect, it } from 'vitest';
import { DIRECTION_SIGN, moneyDirection, TRANSACTION_KINDS, withDirectionSign } from './transaction-kinds';
import { transactionKindOf, type LedgerEntryKind } from './wallet';

describe('transaction kinds', () => {
  it.each<[LedgerEntryKind, 'flight' | 'group' | 'train' | null, string]>([
    ['origin-flight', 'flight', 'payment'],
    ['origin-flight', 'group', 'instalment'],
    ['origin-train', 'train', 'train'],
    ['change-flight', 'flight', 'change'],
    ['refund-flight', 'flight', 'refund'],
    ['void-flight', 'flight', 'void'],
    ['reimbursement', 'flight', 'refund'],
    ['reimbursement', 'train', 'refund'],
    ['top-up', null, 'top-up'],
    ['transfer', null, 'top-up'],
    ['credit-adjustment', null, 'credit-change'],
  ])('names a %s entry of a %s order a %s', (kind, order, expected) => {
    expect(transactionKindOf(kind, order ? { kind: order } : null)).toBe(expected);
    expect(TRANSACTION_KINDS).toContain(expected);
  });
});

describe('the sign rule', () => {
  it.each([
    ['-1280.00', 'out'],
    ['640.00', 'in'],
    ['+5.00', 'in'],
    ['0.00', 'none'],
    ['-0.00', 'none'],
    ['0', 'none'],
  ])('reads %s as money %s', (amount, direction) => {
    expect(moneyDirection(amount)).toBe(direction);
  });

  it('writes + for money in and the minus sign for money out, so colour is not the only cue', () => {
    expect(withDirectionSign('1,280.00', 'out')).toBe('\u22121,280.00');
    expect(withDirectionSign('640.00', 'in')).toBe('+640.00');
    expect(withDirectionSign('0.00', 'none')).toBe('0.00');
    expect(DIRECTION_SIGN.out).not.toBe('-');
  });
});
