import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { availableOf } from './ledger';
import {
  addCreditLent,
  ensureAccounts,
  insertEntry,
  lockAccounts,
  parentOf,
  updateCreditLimit,
} from './ledger.repo';
import { amountAboveMaximum, maxRequestMinor } from './money';
import { alertOnCrossing } from './credit-alert';

/** A new credit limit for an agency wallet. */
export interface SetCreditLimitInput {
  agencyId: number;
  currency: string;
  /** Minor units, >= 0 and at most MAX_REQUEST_AMOUNT. */
  creditLimitMinor: number;
  createdBy?: number | null;
  /** When the limit was set; default now (see `EntryInput.postedAt`). */
  postedAt?: Date;
}

/** INSUFFICIENT_BALANCE for a wallet whose available amount does not cover a change. */
function insufficient(wallet: Parameters<typeof availableOf>[0] & { currency: string }): AppError {
  return new AppError('INSUFFICIENT_BALANCE', undefined, {
    currency: wallet.currency,
    availableMinor: availableOf(wallet),
  });
}

/**
 * Sets the wallet's credit limit and records a `credit-adjustment` entry (no postings: no money
 * moves) with the old and new limit. A sub-agency's credit is backed by its parent: the parent's
 * wallet in the currency lends it (`credit_lent_minor` grows by the change), so raising the limit
 * by d needs the parent's available amount >= d (a parent without a wallet there has 0), and
 * lowering it gives the credit back. Both wallets are locked in id order. A top-level agency's
 * limit is the platform's (seed, operators' script); the API only reaches direct sub-agencies.
 * A limit that would leave the wallet's own available amount negative (credit in use or lent
 * further down) is refused with INSUFFICIENT_BALANCE, one above MAX_REQUEST_AMOUNT with
 * AMOUNT_ABOVE_MAXIMUM. A lower available amount that crosses an agency's credit alert threshold
 * records the alert (`alertOnCrossing`). Returns the entry id.
 */
export async function setCreditLimit(tx: Db, input: SetCreditLimitInput): Promise<number> {
  if (!Number.isSafeInteger(input.creditLimitMinor) || input.creditLimitMinor < 0) {
    throw new AppError('ILLEGAL_INPUT');
  }
  if (input.creditLimitMinor > maxRequestMinor(input.currency)) throw amountAboveMaximum('credit');
  const parentId = await parentOf(tx, input.agencyId);
  if (parentId === undefined) throw new Error(`no agency ${input.agencyId}`);
  const { agency_wallet } = await ensureAccounts(tx, input.agencyId, input.currency);
  const parentWalletId =
    parentId === null ? null : (await ensureAccounts(tx, parentId, input.currency)).agency_wallet;
  const locked = await lockAccounts(
    tx,
    parentWalletId === null ? [agency_wallet] : [agency_wallet, parentWalletId],
  );
  const wallet = locked.find((a) => a.id === agency_wallet);
  const parentWallet = locked.find((a) => a.id === parentWalletId);
  if (!wallet || (parentWalletId !== null && !parentWallet)) throw new Error('wallet account vanished');
  const change = input.creditLimitMinor - wallet.creditLimitMinor;
  if (wallet.balanceMinor + input.creditLimitMinor - wallet.creditLentMinor < 0 && change < 0) {
    throw insufficient(wallet);
  }
  if (parentWallet && change > 0 && availableOf(parentWallet) < change) throw insufficient(parentWallet);
  await updateCreditLimit(tx, agency_wallet, input.creditLimitMinor);
  await alertOnCrossing(tx, {
    account: wallet,
    beforeMinor: availableOf(wallet),
    afterMinor: availableOf(wallet) + change,
  });
  if (parentWallet) {
    await addCreditLent(tx, parentWallet.id, change);
    await alertOnCrossing(tx, {
      account: parentWallet,
      beforeMinor: availableOf(parentWallet),
      afterMinor: availableOf(parentWallet) - change,
    });
  }
  return insertEntry(
    tx,
    {
      agencyId: input.agencyId,
      kind: 'credit-adjustment',
      orderId: null,
      reference: null,
      description: '',
      meta: {
        currency: wallet.currency,
        creditLimitFromMinor: wallet.creditLimitMinor,
        creditLimitToMinor: input.creditLimitMinor,
      },
      createdBy: input.createdBy ?? null,
      postedAt: input.postedAt ?? null,
    },
    [],
  );
}
