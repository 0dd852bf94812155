import type { TimelineNote } from '@portal/domain/timeline-notes';
import type { Db } from '../../platform/db';
import { refundThroughProvider, type ProviderRefundReason } from '../payments/index';
import { orderOfLedgerOrderId, reimburse, type ReimburseInput } from '../wallet/index';
import { findOrder } from './flight-orders.repo';
import type { FlightOrderRow } from './flight-orders.schema';

/**
 * An order's money going back, in the caller's transaction: to the payer's card through the
 * outside provider that captured it (the first of `paidOrderId` paid through Stripe or another
 * channel whose capture still holds the amount), else to the agency wallet. A refund to the card is
 * entered in the ledger now (toward the provider's receivable, never the wallet) and sent by the
 * payments module's job after the transaction. Answers the timeline note that says where it went.
 */
export async function returnMoney(
  tx: Db,
  input: ReimburseInput,
  paidOrderId: string | readonly string[],
  reason: ProviderRefundReason,
  now: Date,
): Promise<TimelineNote> {
  let channel: string | undefined;
  // The first of the orders (nearest first) whose outside capture still holds the amount.
  for (const id of typeof paidOrderId === 'string' ? [paidOrderId] : paidOrderId) {
    const toCard = await refundThroughProvider(
      tx,
      {
        paidOrderId: id,
        orderId: orderOfLedgerOrderId(input.orderId),
        ledgerOrderId: input.orderId,
        agencyId: input.agencyId,
        amountMinor: input.amountMinor,
        currency: input.currency,
        reason,
      },
      now,
      (capture) => {
        channel = capture.channel;
        return reimburse(tx, { ...input, toProvider: capture.channel });
      },
    );
    if (toCard && channel) return { key: 'moneyReturnedToCard', params: { channel } };
  }
  await reimburse(tx, input);
  return { key: 'moneyReturned' };
}

/**
 * Where the money of `returnMoney`'s note went, as the values of the order event's e-mail and
 * notice: `moneyTo` `card` with its `channel`, or `wallet`; nothing for any other note.
 */
export function moneyParams(note: TimelineNote): Record<string, string> {
  if (!('key' in note)) return {};
  if (note.key === 'moneyReturnedToCard') return { moneyTo: 'card', channel: note.params?.channel ?? '' };
  if (note.key === 'moneyReturned') return { moneyTo: 'wallet' };
  return {};
}

/**
 * The orders whose payments an after-sales order's money may go back through, nearest first: the
 * order it was made on, then that order's own original, up the chain (a refund of a changed
 * ticket goes back to the card that paid for the first booking).
 */
export async function paidChainOf(tx: Db, order: FlightOrderRow): Promise<string[]> {
  const chain: string[] = [];
  let next = order.originalBookingId;
  while (next && chain.length < 10 && !chain.includes(next)) {
    chain.push(next);
    next = (await findOrder(tx, order.agencyId, next))?.originalBookingId ?? null;
  }
  return chain.length > 0 ? chain : [order.id];
}
