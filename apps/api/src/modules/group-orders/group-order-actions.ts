import { and, eq, ne } from 'drizzle-orm';
import type { CancelGroupOrderBody, PickGroupQuoteBody } from '@portal/domain/group-order';
import { isGroupActionAllowed } from '@portal/domain/group-order-status';
import type { Db } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import type { RequestContext } from '../../platform/request-context';
import { groupActionSubject } from './action-subject';
import { passengerListState } from './passenger-list/passenger-list.repo';
import { effectiveConfirmBy } from './group-orders.presenter';
import { canSeeGroupOrder } from './group-orders.policy';
import { findGroupOrder, listInstalments, listQuotes, transitionGroup } from './group-orders.repo';
import { groupQuotes, type GroupOrderRow } from './group-orders.schema';

export const GROUP_SEAT_APPLY_JOB = 'group-seat-apply';

/** The caller's order, locked; 404 when it is not theirs to see. */
export async function lockVisibleGroupOrder(tx: Db, ctx: RequestContext, id: string): Promise<GroupOrderRow> {
  const order = await findGroupOrder(tx, ctx.agency.id, id, { forUpdate: true });
  if (!order || !canSeeGroupOrder(ctx, order)) throw new AppError('ORDER_NOT_FOUND');
  return order;
}

/**
 * Picks a quote before its confirm-by time (410 CONFIRM_DEADLINE_PASSED after it; 409 in any other
 * status or for a quote that is not open): the other quotes are withdrawn, the order moves to
 * `to_be_apply_seat` with the quote's confirm-by and passenger list deadline, and the desk's seat
 * application is queued. One transaction.
 */
export async function pickQuote(
  tx: Db,
  ctx: RequestContext,
  id: string,
  body: PickGroupQuoteBody,
  now: Date,
): Promise<GroupOrderRow> {
  const order = await lockVisibleGroupOrder(tx, ctx, id);
  const quotes = await listQuotes(tx, order.id);
  const quote = quotes.find((q) => q.id === body.quoteId && q.state === 'open');
  if (order.status !== 'to_be_confirm') {
    throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to: 'to_be_apply_seat' });
  }
  if (!quote) throw new AppError('QUOTE_CHANGED');
  const subject = {
    status: order.status,
    confirmBy: effectiveConfirmBy(order, quotes)?.toISOString() ?? null,
    instalments: [],
    passengerList: 'missing' as const,
    passengerListDeadline: null,
  };
  if (!isGroupActionAllowed(subject, 'pickQuote', now) || now.getTime() >= quote.confirmBy.getTime()) {
    throw new AppError('CONFIRM_DEADLINE_PASSED');
  }
  await tx.update(groupQuotes).set({ state: 'picked' }).where(eq(groupQuotes.id, quote.id));
  await tx
    .update(groupQuotes)
    .set({ state: 'withdrawn' })
    .where(
      and(eq(groupQuotes.orderId, order.id), ne(groupQuotes.id, quote.id), eq(groupQuotes.state, 'open')),
    );
  const picked = await transitionGroup(tx, order, 'to_be_apply_seat', now, 'quote_picked', {
    pickedQuoteId: quote.id,
    confirmBy: quote.confirmBy,
    passengerListDeadline: quote.passengerListDeadline,
  });
  await enqueueJob(tx, GROUP_SEAT_APPLY_JOB, { orderId: order.id }, now);
  return picked;
}

/**
 * Cancels an order with the required reason (spec §5) where the domain's table allows it (409
 * otherwise). Deposits already paid are kept (spec §4) and shown as `depositsKept`.
 */
export async function cancelGroupOrder(
  tx: Db,
  ctx: RequestContext,
  id: string,
  body: CancelGroupOrderBody,
  now: Date,
): Promise<GroupOrderRow> {
  const order = await lockVisibleGroupOrder(tx, ctx, id);
  const instalments = await listInstalments(tx, order.id);
  const subject = groupActionSubject(
    order,
    order.confirmBy,
    instalments,
    await passengerListState(tx, order.id),
  );
  if (!isGroupActionAllowed(subject, 'cancel', now)) {
    throw new AppError('ILLEGAL_TRANSITION', { from: order.status, to: 'canceled' });
  }
  await tx
    .update(groupQuotes)
    .set({ state: 'withdrawn' })
    .where(and(eq(groupQuotes.orderId, order.id), eq(groupQuotes.state, 'open')));
  return transitionGroup(
    tx,
    order,
    'canceled',
    now,
    'canceled',
    { cancelReason: body.reason },
    { reason: body.reason },
  );
}
