import type { Db } from '../../platform/db';
import { postEntry } from './ledger';
import { ensureAccounts } from './ledger.repo';
import { assertPositiveMinor } from './money';
import type { EntryKind } from './wallet.schema';

/** Entry kinds that charge the wallet for an order. */
export const PAYMENT_KINDS = ['origin-flight', 'origin-train', 'change-flight'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number] & EntryKind;

/** A balance payment of one order. */
export interface PayFromBalanceInput {
  agencyId: number;
  currency: string;
  /** Charged to the wallet, minor units, > 0. */
  amountMinor: number;
  orderId: string;
  kind: PaymentKind;
  description?: string;
  reference?: string | null;
  createdBy?: number | null;
}

/**
 * Charges the agency wallet for an order (agency_wallet -> supplier_payable) in the caller's
 * transaction. Throws INSUFFICIENT_BALANCE when balance + credit limit is short, and
 * ILLEGAL_TRANSITION when this order and kind already have an entry. Returns the entry id.
 */
export async function payFromBalance(tx: Db, input: PayFromBalanceInput): Promise<number> {
  assertPositiveMinor(input.amountMinor);
  const accounts = await ensureAccounts(tx, input.agencyId, input.currency);
  return postEntry(tx, {
    agencyId: input.agencyId,
    kind: input.kind,
    orderId: input.orderId,
    reference: input.reference ?? null,
    description: input.description ?? '',
    createdBy: input.createdBy ?? null,
    meta: { paymentMethod: 'balance' },
    postings: [
      { accountId: accounts.agency_wallet, amountMinor: -input.amountMinor, currency: input.currency },
      { accountId: accounts.supplier_payable, amountMinor: input.amountMinor, currency: input.currency },
    ],
  });
}
