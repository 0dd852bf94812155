import type { Db } from '../../platform/db';
import { postEntry } from './ledger';
import { ensureAccounts } from './ledger.repo';
import { amountAboveMaximum, assertPositiveMinor, maxRequestMinor } from './money';
import type { EntryMeta } from './wallet.schema';

/** The description of the top-up that opens a demo wallet; clients show it in their language. */
export const OPENING_BALANCE_DESCRIPTION = 'Opening balance';

/** A top-up: money received from the agency, credited to its wallet. */
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
}

/**
 * Credits the agency wallet (platform_cash -> agency_wallet) in `tx`; returns the entry id. An
 * amount above MAX_REQUEST_AMOUNT is AMOUNT_ABOVE_MAXIMUM; a wallet that would end above
 * MAX_WALLET_BALANCE is BALANCE_ABOVE_MAXIMUM (`postEntry`).
 */
export async function topUp(tx: Db, input: TopUpInput): Promise<number> {
  assertPositiveMinor(input.amountMinor);
  if (input.amountMinor > maxRequestMinor(input.currency)) throw amountAboveMaximum('amount');
  const accounts = await ensureAccounts(tx, input.agencyId, input.currency);
  return postEntry(tx, {
    agencyId: input.agencyId,
    kind: 'top-up',
    reference: input.reference,
    description: input.description ?? '',
    createdBy: input.createdBy ?? null,
    meta: input.meta ?? {},
    postings: [
      { accountId: accounts.platform_cash, amountMinor: -input.amountMinor, currency: input.currency },
      { accountId: accounts.agency_wallet, amountMinor: input.amountMinor, currency: input.currency },
    ],
  });
}
