import { z } from 'zod';
import { DuplicateBookingData } from '../duplicate-booking';
import {
  CreateFlightOrderDraft,
  FlightOrder,
  FlightOrderList,
  FlightOrderListQuery,
  StatusCount,
  StatusCountQuery,
} from '../flight-order';
import { VerificationResult } from '../shopping';
import { OrderIdParams } from './common';
import { defineRoute } from './contract';

const tags = ['flight-orders'];

/**
 * The 409 data of a booking: the changed quote (QUOTE_CHANGED, with the new solution to accept),
 * a possible duplicate (DUPLICATE_BOOKING, the bookings it may duplicate) or a conflict of its
 * `Idempotency-Key`.
 */
export const FlightBookingConflict = z.union([
  VerificationResult,
  DuplicateBookingData,
  z.object({ reason: z.enum(['different_request', 'in_progress']) }),
]);

export const createFlightOrder = defineRoute({
  method: 'POST',
  path: '/order/v2/flight/orders',
  operationId: 'createFlightOrder',
  summary: 'Book a flight',
  description:
    'Books a checked solution for the passengers at the supplier and saves the order, waiting for payment ' +
    'until its deadline. A changed price answers 409 QUOTE_CHANGED with the solution to accept, a possible ' +
    'duplicate 409 DUPLICATE_BOOKING. Send an Idempotency-Key: a retried booking answers the first result.',
  tags,
  body: CreateFlightOrderDraft,
  response: FlightOrder,
  errors: { 409: FlightBookingConflict },
});

export const listFlightOrders = defineRoute({
  method: 'GET',
  path: '/order/v2/flight/orders',
  operationId: 'listFlightOrders',
  summary: "List the agency's flight orders",
  description:
    'One page of the flight orders the caller may see (only their own when the agency says so), filtered ' +
    'by status tab, order number, PNR, passenger and dates, newest first.',
  tags,
  query: FlightOrderListQuery,
  response: FlightOrderList,
});

export const countFlightOrders = defineRoute({
  method: 'GET',
  path: '/order/v2/flight/orders/status',
  operationId: 'countFlightOrders',
  summary: 'Count the flight orders per status',
  description: 'How many orders the caller may see are in each status, for the tabs of the order list.',
  tags,
  query: StatusCountQuery,
  response: z.array(StatusCount),
});

export const getFlightOrder = defineRoute({
  method: 'GET',
  path: '/order/v2/flight/orders/:id',
  operationId: 'getFlightOrder',
  summary: 'Read a flight order',
  description:
    'The order with its passengers, segments, prices, payments, timeline, after-sales orders and the actions ' +
    'the caller may take next.',
  tags,
  params: OrderIdParams,
  response: FlightOrder,
});

export const cancelFlightOrder = defineRoute({
  method: 'DELETE',
  path: '/order/v2/flight/orders/:id',
  operationId: 'cancelFlightOrder',
  summary: 'Cancel an unpaid flight order',
  description:
    'Cancels an order waiting for payment; its PNR is cancelled at the supplier by a queued job. Answers the canceled order.',
  tags,
  params: OrderIdParams,
  response: FlightOrder,
});
