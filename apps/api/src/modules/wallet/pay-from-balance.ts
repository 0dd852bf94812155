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
  /** When the payment happened; default now (see `EntryInput.postedAt`). */
  postedAt?: Date;
}

/** The payment entry of an order, from `from`: each ancestor its markup, the rest to supplier payable. */
async function postPayment(
  tx: Db,
  from: 'agency_wallet' | 'platform_receivable',
  input: {
    agencyId: number;
    currency: string;
    amountMinor: number;
    orderId: string;
    kind: PaymentKind;
    reference: string | null;
    description: string;
    createdBy: number | null;
    paymentMethod: string;
    markupLegs: readonly MarkupLeg[];
    postedAt?: Date | undefined;
  },
): Promise<number> {
  const accounts = await ensureAccounts(tx, input.agencyId, input.currency);
  const markups = await markupPostings(tx, input.markupLegs, input.currency);
  return postEntry(tx, {
    agencyId: input.agencyId,
    kind: input.kind,
    orderId: input.orderId,
    reference: input.reference,
    description: input.description,
    createdBy: input.createdBy,
    meta: { paymentMethod: input.paymentMethod },
    ...(input.postedAt ? { postedAt: input.postedAt } : {}),
    postings: [
      { accountId: accounts[from], amountMinor: -input.amountMinor, currency: input.currency },
      {
        accountId: accounts.supplier_payable,
        amountMinor: input.amountMinor - markups.totalMinor,
        currency: input.currency,
      },
      ...markups.postings,
    ],
  });
}

/**
 * Charges the agency wallet for an order in the caller's transaction: agency_wallet -> each
 * ancestor's wallet its markup (leg `markup`) and the rest to supplier_payable. Throws
 * INSUFFICIENT_BALANCE when the available amount (balance + credit limit - credit lent) is short,
 * and ILLEGAL_TRANSITION when this order and kind already have an entry. Returns the entry id.
 */
export async function payFromBalance(tx: Db, input: PayFromBalanceInput): Promise<number> {
  assertPositiveMinor(input.amountMinor);
  return postPayment(tx, 'agency_wallet', {
    agencyId: input.agencyId,
    currency: input.currency,
    amountMinor: input.amountMinor,
    orderId: input.orderId,
    kind: input.kind,
    reference: input.reference ?? null,
    description: input.description ?? '',
    createdBy: input.createdBy ?? null,
    paymentMethod: 'balance',
    markupLegs: input.markupLegs ?? [],
    postedAt: input.postedAt,
  });
}

/** Money an outside provider captured for one order. */
export interface PostCaptureInput {
  agencyId: number;
  currency: string;
  amountMinor: number;
  kind: PaymentKind;
  orderId: string;
  /** The provider's transaction number (the entry's reference). */
  tradeNo: string;
  /** The entry's words; the channel is appended. */
  description: string;
  createdBy: number;
  channel: string;
  markupLegs?: readonly MarkupLeg[];
  /** When the money was captured; default now. */
  postedAt?: Date;
}

/**
 * Money captured by a gateway, entered in the ledger: platform receivable -> each ancestor's
 * wallet its markup on the order (`markupLegs`, leg `markup`) and the rest to supplier payable.
 * Unique per order and kind like a balance payment. Returns the entry id.
 */
export async function postCapture(tx: Db, input: PostCaptureInput): Promise<number> {
  return postPayment(tx, 'platform_receivable', {
    agencyId: input.agencyId,
    currency: input.currency,
    amountMinor: input.amountMinor,
    orderId: input.orderId,
    kind: input.kind,
    reference: input.tradeNo,
    description: `${input.description} (${input.channel})`,
    createdBy: input.createdBy,
    paymentMethod: input.channel,
    markupLegs: input.markupLegs ?? [],
    postedAt: input.postedAt,
  });
}
