import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { postEntry } from './ledger';
import { creditedReference, ensureAccounts, parentOf } from './ledger.repo';
import { amountAboveMaximum, assertPositiveMinor, maxRequestMinor } from './money';
import type { EntryMeta } from './wallet.schema';

/** The description of the top-up that opens a demo wallet; clients show it in their language. */
export const OPENING_BALANCE_DESCRIPTION = 'Opening balance';

/** Funding of a top-level agency: money the platform received from it, credited to its wallet. */
export interface TopUpInput {
  agencyId: number;
  currency: string;
  /** Credited to the wallet, minor units, > 0 and at most MAX_REQUEST_AMOUNT. */
  amountMinor: number;
  /** Bank or payment reference of the received money. */
  reference: string;
  description?: string;
  createdBy?: number | null;
  meta?: EntryMeta;
  /** When the money was received; default now (see `EntryInput.postedAt`). */
  postedAt?: Date;
}

/** A programming error: the platform's funding called for an agency that has a parent. */
export class NotTopLevelError extends Error {
  override readonly name = 'NotTopLevelError';
}

/**
 * 409 DUPLICATE_REFERENCE when `reference` was already credited to the agency (funding or
 * transfer), naming the earlier entry; the unique index is the guarantee, this the message.
 */
export async function assertReferenceUnused(tx: Db, agencyId: number, reference: string): Promise<void> {
  const earlier = await creditedReference(tx, agencyId, reference);
  if (!earlier) return;
  throw new AppError(
    'DUPLICATE_REFERENCE',
    { reference, entryId: String(earlier.id), date: earlier.createdAt.toISOString().slice(0, 10) },
    { reference, entryId: String(earlier.id), createdAt: earlier.createdAt.toISOString() },
  );
}

/**
 * The platform's funding of a TOP-LEVEL agency (platform_cash -> agency_wallet) in `tx`, against
 * a bank reference; returns the entry id. The only way money enters an agency wallet from outside
 * besides a gateway's capture: a sub-agency is funded by its parent (`transfer`), so calling this
 * for one throws `NotTopLevelError`. A reference already credited to the agency is
 * DUPLICATE_REFERENCE (409); an amount above MAX_REQUEST_AMOUNT is AMOUNT_ABOVE_MAXIMUM; a wallet
 * that would end above MAX_WALLET_BALANCE is BALANCE_ABOVE_MAXIMUM (`postEntry`).
 */
export async function topUp(tx: Db, input: TopUpInput): Promise<number> {
  assertPositiveMinor(input.amountMinor);
  if (input.amountMinor > maxRequestMinor(input.currency)) throw amountAboveMaximum('amount');
  const parent = await parentOf(tx, input.agencyId);
  if (parent !== null) throw new NotTopLevelError(`agency ${input.agencyId} is not a top-level agency`);
  if (!input.reference.trim()) throw new Error('the funding of an agency needs a bank reference');
  await assertReferenceUnused(tx, input.agencyId, input.reference);
  const accounts = await ensureAccounts(tx, input.agencyId, input.currency);
  return postEntry(tx, {
    agencyId: input.agencyId,
    kind: 'top-up',
    reference: input.reference,
    description: input.description ?? '',
    createdBy: input.createdBy ?? null,
    meta: input.meta ?? {},
    ...(input.postedAt ? { postedAt: input.postedAt } : {}),
    postings: [
      { accountId: accounts.platform_cash, amountMinor: -input.amountMinor, currency: input.currency },
      { accountId: accounts.agency_wallet, amountMinor: input.amountMinor, currency: input.currency },
    ],
  });
}
