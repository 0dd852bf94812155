import type { Db } from '../../platform/db';
import { postEntry } from './ledger';
import { ensureAccounts, parentOf } from './ledger.repo';
import { amountAboveMaximum, assertPositiveMinor, maxRequestMinor } from './money';
import { assertReferenceUnused, type TopUpInput } from './top-up';

/**
 * A parent agency's top-up of one of its direct sub-agencies, from its own wallet: a top-up's
 * amount, currency and reference, debited from the parent exactly as credited to the sub-agency.
 */
export interface TransferInput extends Omit<TopUpInput, 'agencyId'> {
  /** The parent: its wallet in `currency` is debited. */
  fromAgencyId: number;
  /** The direct sub-agency: its wallet in `currency` is credited. */
  toAgencyId: number;
}

/** A programming error: a transfer between agencies that are not parent and direct child. */
export class NotDirectChildError extends Error {
  override readonly name = 'NotDirectChildError';
}

/**
 * Moves money from a parent's wallet to its direct sub-agency's wallet in one balanced `transfer`
 * entry (agency_wallet of the parent -> agency_wallet of the sub-agency, one currency), recorded
 * under the sub-agency with both ids in its meta. The parent's wallet is debited exactly what the
 * sub-agency's is credited; INSUFFICIENT_BALANCE when the parent's available amount (balance +
 * credit limit - credit lent) does not cover it (a parent without a wallet in the currency has
 * 0). A reference already credited to the sub-agency is DUPLICATE_REFERENCE (409). Returns the
 * entry id.
 */
export async function transfer(tx: Db, input: TransferInput): Promise<number> {
  assertPositiveMinor(input.amountMinor);
  if (input.amountMinor > maxRequestMinor(input.currency)) throw amountAboveMaximum('amount');
  if ((await parentOf(tx, input.toAgencyId)) !== input.fromAgencyId) {
    throw new NotDirectChildError(
      `agency ${input.toAgencyId} is not a direct sub-agency of ${input.fromAgencyId}`,
    );
  }
  await assertReferenceUnused(tx, input.toAgencyId, input.reference);
  const from = await ensureAccounts(tx, input.fromAgencyId, input.currency);
  const to = await ensureAccounts(tx, input.toAgencyId, input.currency);
  return postEntry(tx, {
    agencyId: input.toAgencyId,
    kind: 'transfer',
    reference: input.reference,
    description: input.description ?? '',
    createdBy: input.createdBy ?? null,
    meta: { ...input.meta, fromAgencyId: input.fromAgencyId, toAgencyId: input.toAgencyId },
    ...(input.postedAt ? { postedAt: input.postedAt } : {}),
    postings: [
      { accountId: from.agency_wallet, amountMinor: -input.amountMinor, currency: input.currency },
      { accountId: to.agency_wallet, amountMinor: input.amountMinor, currency: input.currency },
    ],
  });
}
