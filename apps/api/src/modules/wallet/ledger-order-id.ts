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

/**
 * The ledger's order id of the seats and bags that purchase `purchaseOrderId` bought after issue,
 * returned by the refund or void order `orderId` (`{orderId}/extras-{purchaseOrderId}`): one entry
 * per refund or void and purchase, listed under the refund or void (the part before the slash).
 */
export function purchaseReturnLedgerOrderId(orderId: string, purchaseOrderId: string): string {
  return `${orderId}/extras-${purchaseOrderId}`;
}

/** The order a ledger order id belongs to: the part before a slash, as the wallet lists join it. */
export function orderOfLedgerOrderId(ledgerOrderId: string): string {
  return ledgerOrderId.split('/', 1)[0] ?? ledgerOrderId;
}
