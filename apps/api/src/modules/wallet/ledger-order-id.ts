import { INSTALMENT_NUMBERS, type InstalmentNumber } from '@portal/domain/group-order-status';

const INSTALMENT_SUFFIX = /\/instalment-(\d+)$/;

/**
 * The ledger's order id of one group instalment (`{groupOrderId}/instalment-{n}`): one entry per
 * instalment (`journal_entries_order_kind`). The wallet lists join the order by the part before
 * the slash (`wallet.repo.ts`), and the ledger invariants check it in SQL.
 */
export function instalmentLedgerOrderId(orderId: string, n: number): string {
  return `${orderId}/instalment-${n}`;
}

/** The instalment a ledger order id names; null for any other order's id. */
export function instalmentOfLedgerOrderId(ledgerOrderId: string | null): InstalmentNumber | null {
  const n = Number(INSTALMENT_SUFFIX.exec(ledgerOrderId ?? '')?.[1]);
  return INSTALMENT_NUMBERS.find((i) => i === n) ?? null;
}
