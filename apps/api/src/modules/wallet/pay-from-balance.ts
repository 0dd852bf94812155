import type { MarkupLeg } from '@portal/domain/wallet-markup';
import type { Db } from '../../platform/db';
import { postEntry } from './ledger';
import { markupPostings } from './markup-legs';
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
  /** What each ancestor agency earns on the order (the price chain's split); none by default. */
  markupLegs?: readonly MarkupLeg[];
}

/**
 * Charges the agency wallet for an order in the caller's transaction: agency_wallet -> each
 * ancestor's wallet its markup (leg `markup`) and the rest to supplier_payable. Throws
 * INSUFFICIENT_BALANCE when the available amount (balance + credit limit - credit lent) is short,
 * and ILLEGAL_TRANSITION when this order and kind already have an entry. Returns the entry id.
 */
export async function payFromBalance(tx: Db, input: PayFromBalanceInput): Promise<number> {
  assertPositiveMinor(input.amountMinor);
  const accounts = await ensureAccounts(tx, input.agencyId, input.currency);
  const markups = await markupPostings(tx, input.markupLegs ?? [], input.currency);
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
      {
        accountId: accounts.supplier_payable,
        amountMinor: input.amountMinor - markups.totalMinor,
        currency: input.currency,
      },
      ...markups.postings,
    ],
  });
}
