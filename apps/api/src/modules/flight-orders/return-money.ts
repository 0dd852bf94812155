import type { TimelineNote } from '@portal/domain/timeline-notes';
import type { Db } from '../../platform/db';
import { refundThroughProvider, type ProviderRefundReason } from '../payments/index';
import { reimburse, type ReimburseInput } from '../wallet/index';

/**
 * An order's money going back, in the caller's transaction: to the payer's card through the
 * outside provider that captured it (`paidOrderId` paid through Stripe or another channel, and
 * that capture still holds the amount), else to the agency wallet. A refund to the card is
 * entered in the ledger now (toward the provider's receivable, never the wallet) and sent by the
 * payments module's job after the transaction. Answers the timeline note that says where it went.
 */
export async function returnMoney(
  tx: Db,
  input: ReimburseInput,
  paidOrderId: string,
  reason: ProviderRefundReason,
  now: Date,
): Promise<TimelineNote> {
  let channel: string | undefined;
  const toCard = await refundThroughProvider(
    tx,
    {
      paidOrderId,
      orderId: input.orderId,
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
  await reimburse(tx, input);
  return { key: 'moneyReturned' };
}
