import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { ensureAccounts, insertEntry, lockAccounts, updateCreditLimit } from './ledger.repo';
import { amountAboveMaximum, maxRequestMinor } from './money';
import { alertOnCrossing } from './credit-alert';

/** A new credit limit for an agency wallet. */
export interface SetCreditLimitInput {
  agencyId: number;
  currency: string;
  /** Minor units, >= 0 and at most MAX_REQUEST_AMOUNT. */
  creditLimitMinor: number;
  createdBy?: number | null;
}

/**
 * Sets the wallet's credit limit under the account lock and records a `credit-adjustment`
 * entry (no postings: no money moves) with the old and new limit. A limit below the credit
 * already in use is refused with INSUFFICIENT_BALANCE, one above MAX_REQUEST_AMOUNT with
 * AMOUNT_ABOVE_MAXIMUM. A lower limit that takes the available amount below the agency's credit
 * alert threshold records the alert (`alertOnCrossing`). Returns the entry id.
 */
export async function setCreditLimit(tx: Db, input: SetCreditLimitInput): Promise<number> {
  if (!Number.isSafeInteger(input.creditLimitMinor) || input.creditLimitMinor < 0) {
    throw new AppError('ILLEGAL_INPUT');
  }
  if (input.creditLimitMinor > maxRequestMinor(input.currency)) throw amountAboveMaximum('credit');
  const { agency_wallet } = await ensureAccounts(tx, input.agencyId, input.currency);
  const [wallet] = await lockAccounts(tx, [agency_wallet]);
  if (!wallet) throw new Error('wallet account vanished');
  if (wallet.balanceMinor + input.creditLimitMinor < 0) {
    throw new AppError('INSUFFICIENT_BALANCE', undefined, {
      currency: wallet.currency,
      availableMinor: wallet.balanceMinor + wallet.creditLimitMinor,
    });
  }
  await updateCreditLimit(tx, agency_wallet, input.creditLimitMinor);
  await alertOnCrossing(tx, {
    account: wallet,
    beforeMinor: wallet.balanceMinor + wallet.creditLimitMinor,
    afterMinor: wallet.balanceMinor + input.creditLimitMinor,
  });
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
    },
    [],
  );
}
