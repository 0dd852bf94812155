import { z } from 'zod';
import {
  ChangeRequest,
  ChangeSearchRequest,
  RefundRequest,
  SupportingDocument,
  VoidRequest,
} from '../after-sales';
import { AncillaryPurchaseBody, SolutionAncillaries } from '../ancillaries';
import { Disruption, DisruptionList, DisruptionListQuery } from '../disruptions';
import { FlightOrder } from '../flight-order';
import { ShoppingStarted, VerificationResult } from '../shopping';
import { NoBody, OrderIdParams } from './common';
import { defineRoute } from './contract';

/** Refund, void and change of issued flight orders, their supporting documents, and disruptions. */

const tags = ['after-sales'];

/**
 * The 409 data of a change request: the changed quote (QUOTE_CHANGED, with the new solution to
 * choose), a ticket already in after-sales, a move the order no longer allows, or a conflict of
 * its `Idempotency-Key`.
 */
export const ChangeConflict = z.union([
  VerificationResult,
  z.object({ reason: z.enum(['different_request', 'in_progress']) }),
  z.object({ from: z.string(), to: z.string() }),
  z.null(),
]);

/** `/:id/documents/:documentId`: a supporting document of an order. */
export const DocumentParams = z.strictObject({ id: z.string().trim().min(1).max(64), documentId: z.uuid() });

export const requestRefund = defineRoute({
  method: 'POST',
  path: '/order/v2/flight/orders/:id/refund',
  operationId: 'requestRefund',
  summary: 'Ask for a refund of issued tickets',
  description:
    "Creates a refund order for some passengers' tickets of an issued order (voluntary or not, with the " +
    'reason); the desk quotes the fee, the agent confirms. Answers the refund order. Send an Idempotency-Key.',
  tags,
  params: OrderIdParams,
  body: RefundRequest,
  response: FlightOrder,
});

export const confirmAfterSales = defineRoute({
  method: 'POST',
  path: '/order/v2/flight/orders/:id/confirmation',
  operationId: 'confirmAfterSales',
  summary: 'Confirm a quoted refund',
  description:
    "The agent accepts the desk's quote of a refund order: the refund goes on at the supplier and the money back to the wallet once done.",
  tags,
  params: OrderIdParams,
  body: NoBody,
  response: FlightOrder,
});

export const requestVoid = defineRoute({
  method: 'POST',
  path: '/order/v2/flight/orders/:id/void',
  operationId: 'requestVoid',
  summary: 'Void issued tickets',
  description:
    'Voids the tickets of the chosen passengers (all when none are named) inside the void window of an issued ' +
    "order (410 VOID_WINDOW_CLOSED after it); quoted at once with the agency's void fee. Answers the void order. " +
    'Send an Idempotency-Key.',
  tags,
  params: OrderIdParams,
  body: VoidRequest,
  response: FlightOrder,
});

export const startChangeSearch = defineRoute({
  method: 'POST',
  path: '/order/v2/flight/orders/:id/change/search',
  operationId: 'startChangeSearch',
  summary: 'Search new flights for a change',
  description:
    "Starts a search for new flights of an issued order's passengers; the solutions come through the solutions call as for a new search.",
  tags,
  params: OrderIdParams,
  body: ChangeSearchRequest,
  response: ShoppingStarted,
});

export const requestChange = defineRoute({
  method: 'POST',
  path: '/order/v2/flight/orders/:id/change',
  operationId: 'requestChange',
  summary: 'Ask for a change of issued tickets',
  description:
    "Creates a change order moving some passengers to a chosen solution; the supplier's price is checked first " +
    '(409 QUOTE_CHANGED with the new solution), then the desk reviews it. Send an Idempotency-Key.',
  tags,
  params: OrderIdParams,
  body: ChangeRequest,
  response: FlightOrder,
  errors: { 409: ChangeConflict },
});

export const uploadDocuments = defineRoute({
  method: 'POST',
  path: '/order/v2/flight/orders/:id/documents',
  operationId: 'uploadDocuments',
  summary: 'Attach supporting documents to an order',
  description:
    'Uploads the files (multipart, repeated `file` parts, each within 2 MB, a few per order) that support a ' +
    "change or refund request, such as a medical certificate; answers the order's documents.",
  tags,
  params: OrderIdParams,
  consumes: 'multipart/form-data',
  response: z.array(SupportingDocument),
});

export const listDocuments = defineRoute({
  method: 'GET',
  path: '/order/v2/flight/orders/:id/documents',
  operationId: 'listDocuments',
  summary: "List an order's supporting documents",
  description: 'The files attached to an order, with their names, sizes and who uploaded them.',
  tags,
  params: OrderIdParams,
  response: z.array(SupportingDocument),
});

export const downloadDocument = defineRoute({
  method: 'GET',
  path: '/order/v2/flight/orders/:id/documents/:documentId',
  operationId: 'downloadDocument',
  summary: 'Download a supporting document',
  description: 'One file attached to an order, as it was uploaded.',
  tags,
  params: DocumentParams,
  response: 'file',
});

export const deleteDocument = defineRoute({
  method: 'DELETE',
  path: '/order/v2/flight/orders/:id/documents/:documentId',
  operationId: 'deleteDocument',
  summary: 'Remove a supporting document',
  description: 'Removes a file attached to an order; answers the removed document.',
  tags,
  params: DocumentParams,
  response: SupportingDocument,
});

const disruptionTags = ['disruptions'];

/** `/:id` of a disruption. */
export const DisruptionIdParams = z.strictObject({ id: z.string().trim().min(1).max(64) });

export const listDisruptions = defineRoute({
  method: 'GET',
  path: '/order/v2/flight/disruptions',
  operationId: 'listDisruptions',
  summary: "List the agency's flight disruptions",
  description:
    "One page of the schedule changes and cancellations the airlines announced for the agency's issued " +
    'orders, with the protection offered, filtered by status and type.',
  tags: disruptionTags,
  query: DisruptionListQuery,
  response: DisruptionList,
});

export const listOrderDisruptions = defineRoute({
  method: 'GET',
  path: '/order/v2/flight/orders/:id/disruptions',
  operationId: 'listOrderDisruptions',
  summary: "List an order's disruptions",
  description:
    "The schedule changes and cancellations of one order's flights, with the actions the agent may take.",
  tags: disruptionTags,
  params: OrderIdParams,
  response: z.array(Disruption),
});

export const acknowledgeDisruption = defineRoute({
  method: 'POST',
  path: '/order/v2/flight/disruptions/:id/acknowledge',
  operationId: 'acknowledgeDisruption',
  summary: 'Acknowledge a disruption',
  description: 'The agent confirms they saw a schedule change that needs no other answer.',
  tags: disruptionTags,
  params: DisruptionIdParams,
  body: NoBody,
  response: Disruption,
});

export const acceptProtection = defineRoute({
  method: 'POST',
  path: '/order/v2/flight/disruptions/:id/accept',
  operationId: 'acceptProtection',
  summary: "Accept the airline's protection",
  description: 'The agent accepts the protected flight the airline offers; the order is moved to it.',
  tags: disruptionTags,
  params: DisruptionIdParams,
  body: NoBody,
  response: Disruption,
});

export const refundDisruption = defineRoute({
  method: 'POST',
  path: '/order/v2/flight/disruptions/:id/refund',
  operationId: 'refundDisruption',
  summary: 'Refund instead of protection',
  description:
    'The agent refuses the protection and asks for an involuntary refund of the disrupted tickets.',
  tags: disruptionTags,
  params: DisruptionIdParams,
  body: NoBody,
  response: Disruption,
});

export const purchaseAncillaries = defineRoute({
  method: 'POST',
  path: '/order/v2/flight/orders/:id/ancillaries',
  operationId: 'purchaseAncillaries',
  summary: 'Add seats or bags to an issued order',
  description:
    "Buys seats (a new one replaces the passenger's seat on that segment) or checked bags for passengers of an " +
    "issued order, checked on the supplier's seat maps now. Answers the purchase order in to_be_paid, paid through " +
    'the order payment call; once paid the supplier adds them (issued), or the money comes back (failed_reimbursed). ' +
    '409 ANCILLARY_NOT_SOLD when the supplier sells none after issue. Send an Idempotency-Key.',
  tags,
  params: OrderIdParams,
  body: AncillaryPurchaseBody,
  response: FlightOrder,
});

export const getOrderAncillaries = defineRoute({
  method: 'GET',
  path: '/order/v2/flight/orders/:id/ancillaries',
  operationId: 'getOrderAncillaries',
  summary: 'Read the seat maps and bags an issued order can still buy',
  description:
    "The supplier's seat maps and bags for an issued order's flights now, priced in the order's currency; " +
    '409 ANCILLARY_NOT_SOLD when its supplier sells none after issue.',
  tags,
  params: OrderIdParams,
  response: SolutionAncillaries,
});
