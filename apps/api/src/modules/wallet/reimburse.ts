import type { Db } from '../../platform/db';
import { postEntry } from './ledger';
import { ensureAccounts } from './ledger.repo';
import { clawbackPostings } from './markup-legs';
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
  /**
   * The paid order whose money this returns (a refund's or void's original order); default
   * `orderId` (a failed order's own payment).
   */
  unwinds?: string;
  /** When the money went back; default now (see `EntryInput.postedAt`). */
  postedAt?: Date;
  /**
   * The outside channel (`stripe`...) the order was paid through, when the money goes back
   * through it (to the payer's card) instead of to the wallet: the entry then credits the
   * platform's receivable from that provider, which the capture debited, and the wallet is untouched.
   */
  toProvider?: string;
}

/**
 * Returns money to the wallet (or, with `toProvider`, to the provider that captured it) in the caller's transaction, at most once per order and kind
 * (ILLEGAL_TRANSITION otherwise): supplier_payable -> agency_wallet, and each ancestor that
 * earned a markup on the paid order gives back its share (leg `clawback`, cumulative over the
 * order's returns, posted even when the ancestor's available amount does not cover it).
 * Returns the entry id.
 */
export async function reimburse(tx: Db, input: ReimburseInput): Promise<number> {
  assertPositiveMinor(input.amountMinor);
  const accounts = await ensureAccounts(tx, input.agencyId, input.currency);
  const unwinds = input.unwinds ?? input.orderId;
  const clawback = await clawbackPostings(tx, {
    orderId: unwinds,
    payerId: input.agencyId,
    currency: input.currency,
    returnedMinor: input.amountMinor,
  });
  return postEntry(tx, {
    agencyId: input.agencyId,
    kind: input.kind ?? 'reimbursement',
    orderId: input.orderId,
    reference: input.reference ?? null,
    description: input.description ?? '',
    createdBy: input.createdBy ?? null,
    meta: { paymentMethod: input.toProvider ?? 'balance', unwinds },
    ...(input.postedAt ? { postedAt: input.postedAt } : {}),
    postings: [
      {
        accountId: accounts.supplier_payable,
        amountMinor: clawback.totalMinor - input.amountMinor,
        currency: input.currency,
      },
      {
        accountId: input.toProvider ? accounts.platform_receivable : accounts.agency_wallet,
        amountMinor: input.amountMinor,
        currency: input.currency,
      },
      ...clawback.postings,
    ],
  });
}
