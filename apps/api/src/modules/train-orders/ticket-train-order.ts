// Ticketing a paid train order: by job, or by an operator when the agency tickets by hand.
import type { Db } from '../../platform/db';
import type { RequestContext } from '../../platform/request-context';
import { assertTrainAction } from './train-order-actions';
import { notifyTrainOrderWebhook } from './train-order-webhook';
import { trainSettingsOf, transitionTrainOrder } from './train-orders.repo';
import type { TrainOrderRow } from './train-orders.schema';
import {
  TRAIN_TICKETING_JOB,
  type TrainOrderDeps,
  lockVisible,
  moneyBack,
  moveIfStill,
  queueFallbackJob,
  settleSupplierCall,
} from './train-orders.service';

/**
 * An operator's ticketing of an order waiting in manual_ticketing: in one short transaction the
 * order moves to proceeding (with a fallback job); the supplier is then asked outside it.
 */
export async function startManualTicketing(
  tx: Db,
  deps: TrainOrderDeps,
  ctx: RequestContext,
  id: string,
): Promise<TrainOrderRow> {
  const now = deps.now();
  const order = await lockVisible(tx, ctx, id);
  assertTrainAction(order, 'ticket', now, 'proceeding');
  const moved = await transitionTrainOrder(
    tx,
    order,
    'proceeding',
    now,
    {},
    { key: 'ticketingBy', params: { user: ctx.user.username } },
  );
  await queueFallbackJob(tx, deps, TRAIN_TICKETING_JOB, order.id, now);
  return moved;
}

/**
 * Asks the supplier to issue the tickets of a proceeding order (no transaction open), then in one
 * transaction: ticketed with each passenger's coach and seat (and the train notification URL's
 * signed webhook queued), or failed with the money back. A supplier error is thrown (the job
 * retries); an order no longer proceeding is left alone.
 */
export async function completeTicketing(
  deps: TrainOrderDeps,
  orderId: string,
): Promise<TrainOrderRow | undefined> {
  return settleSupplierCall(
    deps,
    orderId,
    'proceeding',
    (supplier, reference, signal) => supplier.ticket(reference, signal),
    async (tx, order, answer, now) => {
      if (answer.kind === 'refused') {
        await moneyBack(tx, order, order.orderTotalMinor, 'Train ticketing failed', null);
        return transitionTrainOrder(
          tx,
          order,
          'failed',
          now,
          { refundedMinor: order.paymentState === 'paid' ? order.orderTotalMinor : null },
          { supplierText: answer.reason },
        );
      }
      const passengers = order.passengers.map((p, i) => {
        const ticket = answer.tickets[i];
        return ticket
          ? {
              ...p,
              seat: { coach: ticket.coach, seatNumber: ticket.seatNumber },
              ticketNumber: ticket.ticketNumber,
            }
          : p;
      });
      const ticketed = await transitionTrainOrder(
        tx,
        order,
        'ticketed',
        now,
        { passengers, ticketedAt: now },
        null,
      );
      const { notificationUrl } = await trainSettingsOf(tx, order.agencyId);
      if (notificationUrl) {
        await notifyTrainOrderWebhook(tx, {
          agencyId: order.agencyId,
          orderId: order.id,
          url: notificationUrl,
          at: now,
          payload: {
            event: 'train.order.ticketed',
            orderId: order.id,
            bookingNumber: order.bookingNumber,
            status: 'ticketed',
            trainNumber: order.train.trainNumber,
            departure: `${order.train.departure.station.code} ${order.train.departure.time}`,
            passengers: passengers.map((p) => ({
              name: p.name,
              coach: p.seat?.coach ?? '',
              seatNumber: p.seat?.seatNumber ?? '',
            })),
          },
        });
      }
      return ticketed;
    },
  );
}

/**
 * The ticketing job's last attempt failed too (the railway never answered): the paid order goes
 * to manual_ticketing, where an operator or SuperUser tickets it again or cancels it with the
 * whole amount back, instead of staying proceeding with no one left to finish it. Not failed
 * with the money back at once: the railway may have issued tickets without answering.
 */
export async function handTicketingToOperators(deps: TrainOrderDeps, orderId: string): Promise<void> {
  await moveIfStill(deps, orderId, {
    from: 'proceeding',
    to: 'manual_ticketing',
    note: { key: 'railwayNoAnswerTicketing' },
  });
}
