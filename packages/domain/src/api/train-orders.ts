import { z } from 'zod';
import { TrainOffer } from '../rail';
import {
  CreateTrainOrderBody,
  TrainOrder,
  TrainOrderList,
  TrainOrderListQuery,
  TrainPaymentRequest,
  TrainPaymentResult,
} from '../train-order';
import { NoBody, OrderIdParams } from './common';
import { defineRoute } from './contract';

const tags = ['train-orders'];

/**
 * The 409 data of a booking: the train as the supplier offers it now (QUOTE_CHANGED: another
 * price, or too few seats; `train` null when it no longer runs) or a conflict of its
 * `Idempotency-Key`.
 */
export const TrainBookingConflict = z.union([
  z.object({ reason: z.enum(['price_changed', 'unavailable']), train: TrainOffer.nullable() }),
  z.object({ reason: z.enum(['different_request', 'in_progress']) }),
]);

export const createTrainOrder = defineRoute({
  method: 'POST',
  path: '/order/v2/train/orders',
  operationId: 'createTrainOrder',
  summary: 'Book a train',
  description:
    "An operator books seats on a train found by the search, for the agency's passengers. The supplier " +
    'checks the price and the seats first; a changed price or too few seats answer 409 QUOTE_CHANGED ' +
    'with the train as offered now. Send an Idempotency-Key: a retried booking answers the first result.',
  tags,
  body: CreateTrainOrderBody,
  response: TrainOrder,
  errors: { 409: TrainBookingConflict },
});

export const listTrainOrders = defineRoute({
  method: 'GET',
  path: '/order/v2/train/orders',
  operationId: 'listTrainOrders',
  summary: "List the agency's train orders",
  description:
    'One page of the train orders the caller may see (operators and finance users of the agency), ' +
    'filtered by status, order number, passenger and dates, newest first.',
  tags,
  query: TrainOrderListQuery,
  response: TrainOrderList,
});

export const getTrainOrder = defineRoute({
  method: 'GET',
  path: '/order/v2/train/orders/:id',
  operationId: 'getTrainOrder',
  summary: 'Read a train order',
  description:
    'The order with its passengers, seats, prices, timeline and the actions the caller may take next ' +
    '(pay, cancel, ticket, refund).',
  tags,
  params: OrderIdParams,
  response: TrainOrder,
});

export const payTrainOrder = defineRoute({
  method: 'POST',
  path: '/order/v2/train/orders/:id/payment',
  operationId: 'payTrainOrder',
  summary: 'Pay a train order from the balance',
  description:
    "Charges the agency's wallet for an order waiting for payment, before its deadline, and starts " +
    'ticketing. Send an Idempotency-Key: a retried payment is charged once.',
  tags,
  params: OrderIdParams,
  body: TrainPaymentRequest,
  response: TrainPaymentResult,
});

export const cancelTrainOrder = defineRoute({
  method: 'DELETE',
  path: '/order/v2/train/orders/:id',
  operationId: 'cancelTrainOrder',
  summary: 'Cancel an unpaid train order',
  description:
    'Cancels an order before it is ticketed: the seats held at the supplier are released and the order ' +
    'answered as canceled.',
  tags,
  params: OrderIdParams,
  response: TrainOrder,
});

export const ticketTrainOrder = defineRoute({
  method: 'POST',
  path: '/order/v2/train/orders/:id/ticketing',
  operationId: 'ticketTrainOrder',
  summary: 'Issue the tickets of an order by hand',
  description:
    'An operator issues an order waiting in manual ticketing: it moves to proceeding and the supplier ' +
    'is asked at once; when the supplier fails, a job tries again and the order is answered as proceeding.',
  tags,
  params: OrderIdParams,
  body: NoBody,
  response: TrainOrder,
});

export const refundTrainOrder = defineRoute({
  method: 'POST',
  path: '/order/v2/train/orders/:id/refund',
  operationId: 'refundTrainOrder',
  summary: 'Refund a ticketed train order',
  description:
    'Refunds the tickets of an order before departure; the fee is fixed when asked and the rest goes ' +
    'back to the wallet once the supplier confirms (a job retries when it does not answer at once).',
  tags,
  params: OrderIdParams,
  body: NoBody,
  response: TrainOrder,
});
