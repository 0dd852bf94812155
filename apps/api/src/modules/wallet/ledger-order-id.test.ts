import { describe, expect, it } from 'vitest';
import { instalmentLedgerOrderId, instalmentOfLedgerOrderId } from './ledger-order-id';

describe('the ledger order id of a group instalment', () => {
  it('names the instalment it was made for, and no other id names one', () => {
    const id = 'f2b5c0de-0000-4000-8000-000000000001';
    for (const n of [1, 2, 3, 4]) expect(instalmentOfLedgerOrderId(instalmentLedgerOrderId(id, n))).toBe(n);
    expect(instalmentOfLedgerOrderId(id)).toBeNull();
    expect(instalmentOfLedgerOrderId(`${id}/instalment-5`)).toBeNull();
    expect(instalmentOfLedgerOrderId(null)).toBeNull();
  });
});
