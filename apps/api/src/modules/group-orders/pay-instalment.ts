import { and, eq, isNull } from 'drizzle-orm';
import { INSTALMENT_STEPS, isGroupActionAllowed } from '@portal/domain/group-order-status';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { PaidWith, Payable, PaymentDue } from '../payments/index';
import { instalmentLedgerOrderId } from '../wallet/index';
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

/** An instalment of one group order: what a group payment pays. */
export interface InstalmentKey {
  id: string;
  n: number;
}

/**
 * What paying a payable instalment takes (its posting recipe: entry `origin-flight` under the
 * instalment's own ledger order id, no markup legs) and does once paid (`settleInstalment`).
 */
export function instalmentDue(payable: PayableInstalment): PaymentDue<GroupOrderRow> {
  const { order, instalment, step } = payable;
  return {
    agencyId: order.agencyId,
    amountMinor: instalment.amountMinor,
    currency: instalment.currency,
    deadline: instalment.deadline,
    target: { kind: 'group-instalment', orderId: order.id, n: step.n },
    checkoutText: `${order.bookingNumber}/${step.n}`,
    posting: {
      kind: 'origin-flight',
      ledgerOrderId: instalmentLedgerOrderId(order.id, step.n),
      description: instalmentDescription(order, step),
      reference: order.bookingNumber,
      markupLegs: [],
    },
    paid: (tx, paidWith, now) => settleInstalment(tx, payable, paidWith, now),
  };
}

/**
 * Group order instalments as payables: the caller's group order (404 unless visible; locked
 * unless `lock` is false), then `checkPayable`. Paid from the wallet or through an outside
 * channel by the one payment path (`payWithChannel`; the wallet entry is kind `origin-flight`
 * under the instalment's own ledger order id); the row lock makes concurrent payments of one
 * instalment run one after another (the first pays, the others find the order moved on: 409),
 * and the guarded instalment update and the unique ledger entry make a second payment
 * impossible. `instalment-gateway-payment.ts` settles its captures.
 */
export const groupInstalmentPayable: Payable<InstalmentKey, GroupOrderRow> = {
  channels: 'any',
  async due(tx, ctx, { id, n }, now, { lock }) {
    const order = await findGroupOrder(tx, ctx.agency.id, id, { forUpdate: lock });
    if (!order || !canSeeGroupOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
    return instalmentDue(await checkPayable(tx, order, n, now));
  },
};

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

/**
 * Marks a payable instalment paid (guarded: an instalment is paid once), moves the order on and,
 * on the final payment, queues the tickets; in the payment's transaction.
 */
export async function settleInstalment(
  tx: Db,
  { order, instalment, step }: PayableInstalment,
  payment: PaidWith,
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
