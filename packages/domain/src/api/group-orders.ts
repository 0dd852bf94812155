import { z } from 'zod';
import {
  CancelGroupOrderBody,
  CreateGroupOrderBody,
  GroupOrder,
  GroupOrderList,
  GroupOrderListQuery,
  GroupPaymentResult,
  GroupStatusCount,
  PayGroupInstalmentBody,
  PickGroupQuoteBody,
} from '../group-order';
import { GroupPassengerList } from '../group-passenger-list';
import { NoBody, OrderIdParams } from './common';
import { defineRoute } from './contract';

const tags = ['group-orders'];

/** `/:id/instalments/:n`: the order and the instalment's number (1 to 4). */
export const InstalmentParams = z.strictObject({
  id: z.string().trim().min(1).max(64),
  n: z.coerce.number().int().min(1).max(4),
});

export const createGroupOrder = defineRoute({
  method: 'POST',
  path: '/order/v2/group/orders',
  operationId: 'createGroupOrder',
  summary: 'Request a group flight',
  description:
    'An operator asks the group desk for fares for a group (from 10 passengers) on a journey; the desk answers ' +
    'with quotes to pick from. Send an Idempotency-Key.',
  tags,
  body: CreateGroupOrderBody,
  response: GroupOrder,
});

export const listGroupOrders = defineRoute({
  method: 'GET',
  path: '/order/v2/group/orders',
  operationId: 'listGroupOrders',
  summary: "List the agency's group orders",
  description:
    'One page of the group orders the caller may see, filtered by status, order number and dates, newest first.',
  tags,
  query: GroupOrderListQuery,
  response: GroupOrderList,
});

export const countGroupOrders = defineRoute({
  method: 'GET',
  path: '/order/v2/group/orders/status',
  operationId: 'countGroupOrders',
  summary: 'Count the group orders per status',
  description: 'How many group orders the caller may see are in each status, for the tabs of the list.',
  tags,
  response: z.array(GroupStatusCount),
});

export const getGroupOrder = defineRoute({
  method: 'GET',
  path: '/order/v2/group/orders/:id',
  operationId: 'getGroupOrder',
  summary: 'Read a group order',
  description:
    "The order with the desk's quotes, the chosen one, its instalments and deadlines, timeline and the actions the caller may take.",
  tags,
  params: OrderIdParams,
  response: GroupOrder,
});

export const pickGroupQuote = defineRoute({
  method: 'POST',
  path: '/order/v2/group/orders/:id/quote-selection',
  operationId: 'pickGroupQuote',
  summary: 'Choose a quote of the group desk',
  description:
    "Accepts one of the desk's quotes: the order waits for its first instalment. Send an Idempotency-Key.",
  tags,
  params: OrderIdParams,
  body: PickGroupQuoteBody,
  response: GroupOrder,
});

export const cancelGroupOrder = defineRoute({
  method: 'POST',
  path: '/order/v2/group/orders/:id/cancel',
  operationId: 'cancelGroupOrder',
  summary: 'Cancel a group order',
  description:
    'Cancels a group order with the reason given, while its state allows it. Send an Idempotency-Key.',
  tags,
  params: OrderIdParams,
  body: CancelGroupOrderBody,
  response: GroupOrder,
});

export const payGroupInstalment = defineRoute({
  method: 'POST',
  path: '/order/v2/group/orders/:id/instalments/:n/payment',
  operationId: 'payGroupInstalment',
  summary: 'Pay an instalment of a group order',
  description:
    'Pays the next instalment before its deadline, from the balance or through an outside provider (paid when ' +
    "the provider's notification arrives). Send an Idempotency-Key: a retried payment is charged once.",
  tags,
  params: InstalmentParams,
  body: PayGroupInstalmentBody,
  response: GroupPaymentResult,
});

export const downloadPassengerTemplate = defineRoute({
  method: 'GET',
  path: '/order/v2/group/orders/:id/passengers/template',
  operationId: 'downloadPassengerTemplate',
  summary: 'Download the passenger list template',
  description:
    "The Excel template of a group order's passenger list, in the caller's language, to fill in and upload.",
  tags,
  params: OrderIdParams,
  response: 'file',
});

export const getPassengerList = defineRoute({
  method: 'GET',
  path: '/order/v2/group/orders/:id/passengers',
  operationId: 'getPassengerList',
  summary: "Read a group order's passenger list",
  description:
    'The passengers uploaded for the order, the errors of each row, and whether the list is confirmed.',
  tags,
  params: OrderIdParams,
  response: GroupPassengerList,
});

export const uploadPassengerList = defineRoute({
  method: 'POST',
  path: '/order/v2/group/orders/:id/passengers',
  operationId: 'uploadPassengerList',
  summary: 'Upload the passenger list',
  description:
    'Uploads the filled-in template (one Excel file, multipart); it is checked row by row and replaces the ' +
    'list until it is confirmed (409 once locked).',
  tags,
  params: OrderIdParams,
  consumes: 'multipart/form-data',
  response: GroupPassengerList,
});

export const confirmPassengerList = defineRoute({
  method: 'POST',
  path: '/order/v2/group/orders/:id/passengers/confirmation',
  operationId: 'confirmPassengerList',
  summary: 'Confirm the passenger list',
  description: 'Locks a list without errors as the names the desk tickets.',
  tags,
  params: OrderIdParams,
  body: NoBody,
  response: GroupPassengerList,
});
