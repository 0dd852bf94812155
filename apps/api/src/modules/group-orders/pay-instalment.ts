import { and, eq, isNull } from 'drizzle-orm';
import { type PayGroupInstalmentBody } from '@portal/domain/group-order';
import { INSTALMENT_STEPS, isGroupActionAllowed } from '@portal/domain/group-order-status';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import { agencyChannels } from '../payments/pay-order';
import { payFromBalance } from '../wallet/pay-from-balance';
import { groupActionSubject } from './action-subject';
import { passengerListState } from './passenger-list/passenger-list.repo';
import { lockVisibleGroupOrder } from './group-order-actions';
import { listInstalments, transitionGroup } from './group-orders.repo';
import { groupInstalments, type GroupOrderRow } from './group-orders.schema';

export const GROUP_ISSUE_JOB = 'group-issue';

/** The ledger's order id of one instalment: one entry per instalment (`journal_entries_order_kind`). */
export function instalmentLedgerOrderId(orderId: string, n: number): string {
  return `${orderId}/instalment-${n}`;
}

/**
 * Pays instalment `n` of a group order from the wallet, in the caller's transaction (the route
 * runs it under an `Idempotency-Key`). The order row is locked first, so concurrent payments of
 * one instalment run one after another: the first pays, the others find the order moved on (409).
 * Refused: payment disabled (403), a channel other than the balance or not offered (400; outside
 * channels are not served for group orders), not the due instalment (409 ILLEGAL_TRANSITION),
 * past its deadline (410 PAYMENT_EXPIRED), the final payment before the passenger list is
 * confirmed (409 GROUP_PASSENGER_LIST_REQUIRED), short balance (402). The wallet entry is kind
 * `origin-flight` under the instalment's own ledger order id; the instalment row's guarded update
 * and its unique ledger entry make a second payment impossible. The final payment moves the order
 * to `proceeding` and queues the tickets.
 */
export async function payInstalment(
  tx: Db,
  ctx: RequestContext,
  id: string,
  n: number,
  body: PayGroupInstalmentBody,
  now: Date,
): Promise<GroupOrderRow> {
  if (ctx.agency.commonConfig.disablePayment === true) throw new AppError('PAYMENT_DISABLED');
  if (body.channel !== 'balance' || !agencyChannels(ctx).includes('balance')) {
    throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE');
  }
  const order = await lockVisibleGroupOrder(tx, ctx, id);
  const step = INSTALMENT_STEPS.find((s) => s.n === n);
  const instalments = await listInstalments(tx, order.id);
  const instalment = instalments.find((i) => i.n === n);
  if (!step || !instalment || order.status !== step.status || instalment.paidAt !== null) {
    throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to: step?.next ?? 'paid' });
  }
  if (now.getTime() >= instalment.deadline.getTime()) throw new AppError('PAYMENT_EXPIRED');
  const list = await passengerListState(tx, order.id);
  const subject = groupActionSubject(order, order.confirmBy, instalments, list);
  if (!isGroupActionAllowed(subject, 'payInstalment', now))
    throw new AppError('GROUP_PASSENGER_LIST_REQUIRED');

  const entryId = await payFromBalance(tx, {
    agencyId: order.agencyId,
    currency: instalment.currency,
    amountMinor: instalment.amountMinor,
    orderId: instalmentLedgerOrderId(order.id, n),
    kind: 'origin-flight',
    description: `Group order ${order.bookingNumber}: ${step.kind === 'final' ? 'final payment' : `${step.kind} deposit`}`,
    reference: order.bookingNumber,
    createdBy: ctx.user.id,
  });
  const updated = await tx
    .update(groupInstalments)
    .set({ paidAt: now, channel: 'balance', paymentReference: `ledger-${entryId}`, ledgerEntryId: entryId })
    .where(and(eq(groupInstalments.id, instalment.id), isNull(groupInstalments.paidAt)))
    .returning({ id: groupInstalments.id });
  if (updated.length === 0) throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to: step.next });
  const moved = await transitionGroup(tx, order, step.next, now, 'instalment_paid', {}, { n: String(n) });
  if (step.next === 'proceeding') await enqueueJob(tx, GROUP_ISSUE_JOB, { orderId: order.id }, now);
  return moved;
}
