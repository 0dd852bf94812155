import { companyAllows } from '@portal/domain/company-restrictions';
import { paymentOptionsFor, type PaymentChannel } from '@portal/domain/payment';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { RequestContext } from '../../platform/request-context';
import { payFromBalance } from '../wallet/index';
import type { Payable, PaymentDue } from './payable';

/** The channels the caller's agency offers (its settings, or the spec's defaults). */
export function agencyChannels(ctx: RequestContext): readonly PaymentChannel[] {
  const config = ctx.agency.commonConfig;
  return paymentOptionsFor({
    disablePayment: config.disablePayment === true,
    paymentChannels: config.paymentChannels,
  }).map((o) => o.channel);
}

/**
 * The checks every payment makes, in this order: payment not disabled for the agency (403
 * PAYMENT_DISABLED), the channel offered to the agency and accepted by the order kind (400
 * PAYMENT_CHANNEL_UNAVAILABLE), then the kind's own (`Payable.due`: 404, 409, 410, ...). The
 * order row is locked unless `lock` is false.
 */
export async function openPayable<Key, R>(
  tx: Db,
  ctx: RequestContext,
  payable: Payable<Key, R>,
  key: Key,
  channel: PaymentChannel,
  now: Date,
  { lock = true }: { lock?: boolean } = {},
): Promise<PaymentDue<R>> {
  const flags = { disablePayment: ctx.agency.commonConfig.disablePayment === true };
  if (!companyAllows(flags, 'pay')) throw new AppError('PAYMENT_DISABLED');
  const accepted = payable.channels === 'any' || payable.channels.includes(channel);
  if (!accepted || !agencyChannels(ctx).includes(channel)) throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE');
  return payable.due(tx, ctx, key, now, { lock });
}

/**
 * Pays the caller's order `key` from the agency wallet in the caller's transaction: the order row
 * locked and checked (`openPayable`), then the ledger entry of the kind's posting recipe (agency
 * wallet -> each ancestor its markup, the rest to supplier payable; unique per order and kind;
 * INSUFFICIENT_BALANCE changes nothing) and the kind's move on (`paid`) commit together.
 */
export async function payWithBalance<Key, R>(
  tx: Db,
  ctx: RequestContext,
  payable: Payable<Key, R>,
  key: Key,
  now: Date,
): Promise<R> {
  return payWithBalanceAnswering(tx, ctx, payable, key, now, (paid) => paid);
}

/**
 * `payWithBalance`, answering `answer(paid)` (what the route sends, read in the transaction). A
 * kind with `moveOn` is moved on and answered before its entry is posted, so that the posting,
 * whose lock on the agency's wallet rows lasts until commit, comes last: the lock then covers the
 * entry and the commit, not the order's update, timeline, jobs, notices and answer too (each a
 * round trip that every other balance payment of the agency would wait for). All of it commits
 * or rolls back together either way: a refused posting (INSUFFICIENT_BALANCE, a second entry)
 * undoes the move on. `beforePosting(answer)`, for such a kind, runs between the answer and the
 * posting (the route's idempotency store of the answer, so that it is not under the lock either).
 */
export async function payWithBalanceAnswering<Key, R, A>(
  tx: Db,
  ctx: RequestContext,
  payable: Payable<Key, R>,
  key: Key,
  now: Date,
  answer: (paid: R) => Promise<A> | A,
  beforePosting?: (answered: A) => Promise<void>,
): Promise<A> {
  const due = await openPayable(tx, ctx, payable, key, 'balance', now);
  const { posting } = due;
  const post = () =>
    payFromBalance(tx, {
      agencyId: due.agencyId,
      currency: due.currency,
      amountMinor: due.amountMinor,
      orderId: posting.ledgerOrderId,
      kind: posting.kind,
      description: posting.description,
      reference: posting.reference,
      createdBy: ctx.user.id,
      markupLegs: posting.markupLegs,
    });
  if (due.moveOn) {
    const answered = await answer(await due.moveOn(tx, 'balance', now));
    await beforePosting?.(answered);
    await post();
    return answered;
  }
  const entryId = await post();
  return answer(
    await due.paid(tx, { channel: 'balance', reference: `ledger-${entryId}`, ledgerEntryId: entryId }, now),
  );
}
