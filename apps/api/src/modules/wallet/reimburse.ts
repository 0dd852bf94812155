import type { Db } from '../../platform/db';
import { postEntry } from './ledger';
import { ensureAccounts } from './ledger.repo';
import { assertPositiveMinor } from './money';
import type { EntryKind } from './wallet.schema';

/** Entry kinds that return money to the wallet. */
export const RETURN_KINDS = ['reimbursement', 'refund-flight', 'void-flight'] as const;
export type ReturnKind = (typeof RETURN_KINDS)[number] & EntryKind;

/** Money going back to the agency wallet for an order. */
export interface ReimburseInput {
  agencyId: number;
  currency: string;
  /** Credited to the wallet, minor units, > 0. */
  amountMinor: number;
  orderId: string;
  /** Default `reimbursement` (failed ticketing); refunds and voids use their own kinds. */
  kind?: ReturnKind;
  description?: string;
  reference?: string | null;
  createdBy?: number | null;
}

/**
 * Returns money to the wallet (supplier_payable -> agency_wallet) in the caller's transaction,
 * at most once per order and kind (ILLEGAL_TRANSITION otherwise). Returns the entry id.
 */
export async function reimburse(tx: Db, input: ReimburseInput): Promise<number> {
  assertPositiveMinor(input.amountMinor);
  const accounts = await ensureAccounts(tx, input.agencyId, input.currency);
  return postEntry(tx, {
    agencyId: input.agencyId,
    kind: input.kind ?? 'reimbursement',
    orderId: input.orderId,
    reference: input.reference ?? null,
    description: input.description ?? '',
    createdBy: input.createdBy ?? null,
    meta: { paymentMethod: 'balance' },
    postings: [
      { accountId: accounts.supplier_payable, amountMinor: -input.amountMinor, currency: input.currency },
      { accountId: accounts.agency_wallet, amountMinor: input.amountMinor, currency: input.currency },
    ],
  });
}
