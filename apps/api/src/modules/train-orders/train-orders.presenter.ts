import { railRefundQuote } from '@portal/domain/rail';
import {
  isTrainTimelineNoteKey,
  type TrainOrder,
  type TrainOrderListItem,
  type TrainRefundQuote,
  type TrainTimelineEntry,
} from '@portal/domain/train-order';
import { trainActionRefusal, trainAllowedActions, trainStatusColor } from '@portal/domain/train-order-status';
import { money } from '../wallet/index';
import { trainActionSubject } from './train-order-actions';
import type { StoredTrainEvent, TrainOrderRow } from './train-orders.schema';

export interface PresentContext {
  now: Date;
  /** The viewer may book and act on train orders (`canBookTrainOrders`); else no action is offered. */
  canBook: boolean;
}

/** The refund fee of each ticket by the rail rule, summed (12306 charges per ticket). */
export function refundOf(
  order: TrainOrderRow,
  at: Date,
): { feeMinor: number; refundMinor: number; percent: number } | null {
  const departure = new Date(order.train.departureUtc);
  let feeMinor = 0;
  let percent = 0;
  for (const p of order.passengers) {
    const quote = railRefundQuote(p.priceMinor, departure, at);
    if (!quote.refundable) return null;
    feeMinor += quote.feeMinor;
    percent = quote.percent;
  }
  return { feeMinor, refundMinor: order.orderTotalMinor - feeMinor, percent };
}

function refundQuote(order: TrainOrderRow, now: Date): TrainRefundQuote | null {
  // A quote for an order whose status allows a refund; once the train has left, why not.
  if (trainActionRefusal(trainActionSubject(order), 'refund', now) === 'status') return null;
  const refund = refundOf(order, now);
  if (!refund) return { refundable: false, reason: 'departed' };
  return {
    refundable: true,
    percent: refund.percent,
    fee: money(refund.feeMinor, order.currency),
    refund: money(refund.refundMinor, order.currency),
  };
}

/** A timeline row with its note's key and values; a row of free text (older rows, the railway's words) as it is. */
function presentEvent(event: StoredTrainEvent): TrainTimelineEntry {
  const { status, at, note } = event;
  // A key this version no longer knows falls back to the English text stored beside it.
  if (!event.noteKey || !isTrainTimelineNoteKey(event.noteKey))
    return { status, at, note, noteKey: null, noteParams: null };
  return { status, at, note, noteKey: event.noteKey, noteParams: event.noteParams ?? {} };
}

function actions(order: TrainOrderRow, ctx: PresentContext) {
  return trainAllowedActions(trainActionSubject(order), ctx);
}

/** A train order as the API answers it. */
export function presentTrainOrder(order: TrainOrderRow, ctx: PresentContext): TrainOrder {
  const { currency } = order;
  return {
    id: order.id,
    bookingNumber: order.bookingNumber,
    status: order.status,
    statusColor: trainStatusColor(order.status),
    referenceId: order.referenceId,
    train: order.train,
    seatClass: order.seatClass,
    passengers: order.passengers.map((p) => ({
      id: p.id,
      type: p.type,
      name: p.name,
      gender: p.gender,
      birthday: p.birthday,
      nationality: p.nationality,
      document: p.document,
      price: money(p.priceMinor, currency),
      seat: p.seat,
      ticketNumber: p.ticketNumber,
    })),
    contact: order.contact,
    price: {
      orderTotal: money(order.orderTotalMinor, currency),
      refundFee: order.refundFeeMinor === null ? null : money(order.refundFeeMinor, currency),
      refundedAmount: order.refundedMinor === null ? null : money(order.refundedMinor, currency),
    },
    payment: {
      state: order.paymentState,
      channel: order.paymentChannel === 'balance' ? 'balance' : null,
      paidAt: order.paidAt?.toISOString() ?? null,
    },
    paymentDeadline: order.paymentDeadline?.toISOString() ?? null,
    bookingTime: order.createdAt.toISOString(),
    ticketedAt: order.ticketedAt?.toISOString() ?? null,
    manualTicketing: order.manualTicketing,
    refundQuote: refundQuote(order, ctx.now),
    timeline: order.timeline.map(presentEvent),
    allowedActions: actions(order, ctx),
  };
}

/** One row of the list. */
export function presentTrainOrderListItem(order: TrainOrderRow, ctx: PresentContext): TrainOrderListItem {
  return {
    id: order.id,
    bookingNumber: order.bookingNumber,
    status: order.status,
    statusColor: trainStatusColor(order.status),
    seatClass: order.seatClass,
    paymentDeadline: order.paymentDeadline?.toISOString() ?? null,
    bookingTime: order.createdAt.toISOString(),
    allowedActions: actions(order, ctx),
    trainNumber: order.train.trainNumber,
    trainType: order.train.trainType,
    departure: order.train.departure,
    arrival: order.train.arrival,
    passengerNames: order.passengers.map((p) => p.name),
    orderTotal: money(order.orderTotalMinor, order.currency),
    contactName: order.contact.name,
  };
}
