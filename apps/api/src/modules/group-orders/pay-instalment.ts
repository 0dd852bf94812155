import { and, eq, isNull } from 'drizzle-orm';
import type { PaymentChannel } from '@portal/domain/payment';
import { INSTALMENT_STEPS, isGroupActionAllowed } from '@portal/domain/group-order-status';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import { agencyChannels } from '../payments/pay-order';
import { payFromBalance } from '../wallet/pay-from-balance';
import { instalmentLedgerOrderId } from '../wallet/ledger-order-id';
import { groupActionSubject } from './action-subject';
import { passengerListState } from './passenger-list/passenger-list.repo';
import { canSeeGroupOrder } from './group-orders.policy';
import { findGroupOrder, listInstalments, transitionGroup } from './group-orders.repo';
import { groupInstalments, type GroupInstalmentRow, type GroupOrderRow } from './group-orders.schema';

export const GROUP_ISSUE_JOB = 'group-issue';

type InstalmentStep = (typeof INSTALMENT_STEPS)[number];

/** An instalment that may be paid now: the order, the instalment row and its step. */
export interface PayableInstalment {
  order: GroupOrderRow;
  instalment: GroupInstalmentRow;
  step: InstalmentStep;
}

/** The words of an instalment's ledger entry. */
export function instalmentDescription(order: GroupOrderRow, step: InstalmentStep): string {
  const what = step.kind === 'final' ? 'final payment' : `${step.kind} deposit`;
  return `Group order ${order.bookingNumber}: ${what}`;
}

/**
 * Whether instalment `n` of `order` may take a payment at `now`, with no caller checks: the due
 * instalment (else 409 ILLEGAL_TRANSITION), unpaid, before its deadline (410 PAYMENT_EXPIRED), and
 * for the final payment a confirmed passenger list (409 GROUP_PASSENGER_LIST_REQUIRED).
 */
async function checkPayable(tx: Db, order: GroupOrderRow, n: number, now: Date): Promise<PayableInstalment> {
  const step = INSTALMENT_STEPS.find((s) => s.n === n);
  const instalments = await listInstalments(tx, order.id);
  const instalment = instalments.find((i) => i.n === n);
  if (!step || !instalment || order.status !== step.status || instalment.paidAt !== null) {
    throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to: step?.next ?? 'paid' });
  }
  if (now.getTime() >= instalment.deadline.getTime()) throw new AppError('PAYMENT_EXPIRED');
  const list = await passengerListState(tx, order.id);
  const subject = groupActionSubject(order, order.confirmBy, instalments, list);
  if (!isGroupActionAllowed(subject, 'payInstalment', now)) {
    throw new AppError('GROUP_PASSENGER_LIST_REQUIRED');
  }
  return { order, instalment, step };
}

/**
 * The caller's group order's instalment `n`, if it may be paid now with `channel`: payment not
 * disabled for the agency (403), the channel offered (400 PAYMENT_CHANNEL_UNAVAILABLE), the order
 * visible to the user (404), then `checkPayable`. The order row is locked unless `lock` is false
 * (a read-only check with no transaction open, before an outside provider is asked).
 */
export async function findPayableInstalment(
  tx: Db,
  ctx: RequestContext,
  id: string,
  n: number,
  channel: PaymentChannel,
  now: Date,
  { lock = true }: { lock?: boolean } = {},
): Promise<PayableInstalment> {
  if (ctx.agency.commonConfig.disablePayment === true) throw new AppError('PAYMENT_DISABLED');
  if (!agencyChannels(ctx).includes(channel)) throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE');
  const order = await findGroupOrder(tx, ctx.agency.id, id, { forUpdate: lock });
  if (!order || !canSeeGroupOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
  return checkPayable(tx, order, n, now);
}

/**
 * The locked order's instalment `n` if it may take a captured payment at `now` (an outside
 * channel's notification), else undefined: the same rules as a payment by the agent.
 */
export async function payableForCapture(
  tx: Db,
  order: GroupOrderRow,
  n: number,
  now: Date,
): Promise<PayableInstalment | undefined> {
  try {
    return await checkPayable(tx, order, n, now);
  } catch (error) {
    if (error instanceof AppError) return undefined;
    throw error;
  }
}

/** How an instalment was paid: the channel, its reference and the ledger entry that took the money. */
export interface InstalmentPayment {
  channel: string;
  reference: string;
  ledgerEntryId: number;
}

/**
 * Marks a payable instalment paid (guarded: an instalment is paid once), moves the order on and,
 * on the final payment, queues the tickets; in the payment's transaction.
 */
export async function settleInstalment(
  tx: Db,
  { order, instalment, step }: PayableInstalment,
  payment: InstalmentPayment,
  now: Date,
): Promise<GroupOrderRow> {
  const updated = await tx
    .update(groupInstalments)
    .set({
      paidAt: now,
      channel: payment.channel,
      paymentReference: payment.reference,
      ledgerEntryId: payment.ledgerEntryId,
    })
    .where(and(eq(groupInstalments.id, instalment.id), isNull(groupInstalments.paidAt)))
    .returning({ id: groupInstalments.id });
  if (updated.length === 0) throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to: step.next });
  const params = { n: String(step.n), channel: payment.channel };
  const moved = await transitionGroup(tx, order, step.next, now, 'instalment_paid', {}, params);
  if (step.next === 'proceeding') await enqueueJob(tx, GROUP_ISSUE_JOB, { orderId: order.id }, now);
  return moved;
}

/**
 * Pays instalment `n` of a group order from the wallet, in the caller's transaction (the route
 * runs it under an `Idempotency-Key`). The order row is locked first, so concurrent payments of
 * one instalment run one after another: the first pays, the others find the order moved on (409).
 * Refused as `findPayableInstalment` says, or for a short balance (402). The wallet entry is kind
 * `origin-flight` under the instalment's own ledger order id; the instalment row's guarded update
 * and its unique ledger entry make a second payment impossible. Outside channels start in
 * `instalment-gateway-payment.ts`.
 */
export async function payInstalment(
  tx: Db,
  ctx: RequestContext,
  id: string,
  n: number,
  now: Date,
): Promise<GroupOrderRow> {
  const payable = await findPayableInstalment(tx, ctx, id, n, 'balance', now);
  const { order, instalment, step } = payable;
  const entryId = await payFromBalance(tx, {
    agencyId: order.agencyId,
    currency: instalment.currency,
    amountMinor: instalment.amountMinor,
    orderId: instalmentLedgerOrderId(order.id, n),
    kind: 'origin-flight',
    description: instalmentDescription(order, step),
    reference: order.bookingNumber,
    createdBy: ctx.user.id,
  });
  return settleInstalment(
    tx,
    payable,
    { channel: 'balance', reference: `ledger-${entryId}`, ledgerEntryId: entryId },
    now,
  );
}
