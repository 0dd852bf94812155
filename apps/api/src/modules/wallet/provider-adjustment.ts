import type { Db } from '../../platform/db';
import { postEntry } from './ledger';
import { ensureAccounts } from './ledger.repo';
import { assertPositiveMinor } from './money';

/** Money a payment provider moved outside the portal, for one order of one agency. */
export interface ProviderAdjustmentInput {
  agencyId: number;
  currency: string;
  /** Minor units, > 0. */
  amountMinor: number;
  /** `out`: the provider paid it out of the platform's balance (a refund, a dispute's withdrawal); `back`: it returned it. */
  direction: 'out' | 'back';
  kind: 'provider-refund' | 'provider-dispute';
  /** Unique per kind (`{orderId}/...`): the wallet lists name the order by the part before the slash. */
  ledgerOrderId: string;
  /** The provider's refund or dispute id. */
  reference: string;
  description: string;
  channel: string;
}

/**
 * Money a provider moved outside the portal, entered in the caller's transaction: `out` credits
 * the platform's receivable from the provider (it owes that much less) and debits the platform's
 * suspense account (the platform is out of it until an operator settles it); `back` is the
 * reverse. Neither the wallet nor the supplier payable moves: the order stays as it is. Unique per
 * ledger order id and kind, like every order entry. Returns the entry id.
 */
export async function postProviderAdjustment(tx: Db, input: ProviderAdjustmentInput): Promise<number> {
  assertPositiveMinor(input.amountMinor);
  const accounts = await ensureAccounts(tx, input.agencyId, input.currency);
  const signed = input.direction === 'out' ? input.amountMinor : -input.amountMinor;
  return postEntry(tx, {
    agencyId: input.agencyId,
    kind: input.kind,
    orderId: input.ledgerOrderId,
    reference: input.reference,
    description: `${input.description} (${input.channel})`,
    meta: { paymentMethod: input.channel },
    postings: [
      { accountId: accounts.platform_receivable, amountMinor: signed, currency: input.currency },
      { accountId: accounts.platform_suspense, amountMinor: -signed, currency: input.currency },
    ],
  });
}
