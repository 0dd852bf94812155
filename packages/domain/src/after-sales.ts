import { z } from 'zod';
import { ORDER_TYPES } from './flight-order-status';
import { CalendarDate, CleanText } from './primitives';
import { CABINS, MoneyJson } from './shopping';
import {
  REFUND_REASONS,
  SUPPORTING_DOCUMENT_MAX_FILES,
  SUPPORTING_DOCUMENT_TYPES,
  VOLUNTARY_STATES,
} from './after-sales-reasons';

// The reasons, their rules and the disruption kinds the pages read, on their own without zod.
export * from './after-sales-reasons';

/**
 * After-sales of an issued flight order: change, refund and void (spec §2, §3, §4, §9).
 *
 * Each request creates a NEW order of its type linked to the original by `originalBookingId`
 * (`flight-order-status.ts`). It names the tickets it acts on as a selection of passengers and
 * segments of the order it starts from; a ticket-segment can be in one live after-sales request
 * at a time (the API's `ticket_claims`), and the money credited back for a ticket never exceeds
 * what was paid for it.
 */

/**
 * Whether the fare's own terms let a voluntary change or refund be asked now, for at least one
 * ticket-segment still to fly: `open`, or why not (`notAllowed` by the fare in this window before
 * departure, or `deadlinePassed`, past the terms' cut-off). The involuntary reasons are the
 * airline's doing and stay possible whatever the fare says (`involuntaryChangeAllowed`).
 */
export const VoluntaryState = z.enum(VOLUNTARY_STATES);
export type VoluntaryState = z.infer<typeof VoluntaryState>;

export const VoluntaryAfterSales = z.object({ change: VoluntaryState, refund: VoluntaryState });
export type VoluntaryAfterSales = z.infer<typeof VoluntaryAfterSales>;

export const RefundReason = z
  .strictObject({
    value: z.number().int().min(0).max(7),
    /** Required for the values that have sub-options (2, 3, 6), refused for the others. */
    subOption: z.string().min(1).max(40).nullish(),
  })
  .refine(
    (reason) => {
      const def = REFUND_REASONS.find((r) => r.value === reason.value);
      const subs: readonly string[] = def?.subOptions ?? [];
      return subs.length === 0 ? !reason.subOption : subs.includes(reason.subOption ?? '');
    },
    { path: ['subOption'], message: 'sub-option does not belong to the reason' },
  );
export type RefundReason = z.infer<typeof RefundReason>;

export const ChangeReason = z.union([z.literal(0), z.literal(1), z.literal(3)]);
export type ChangeReason = z.infer<typeof ChangeReason>;

/** A stored supporting document as the API lists it. */
export const SupportingDocument = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.enum(SUPPORTING_DOCUMENT_TYPES),
  sizeBytes: z.number().int().min(0),
  /** The after-sales order it was attached to; null while only uploaded. */
  afterSalesOrderId: z.string().nullable(),
  uploadedAt: z.iso.datetime(),
});
export type SupportingDocument = z.infer<typeof SupportingDocument>;

/** A free-text remark to the supplier's desk. */
const Remark = CleanText.pipe(z.string().trim().max(500)).optional();

const DocumentIds = z.array(z.uuid()).max(SUPPORTING_DOCUMENT_MAX_FILES).default([]);

/**
 * Which tickets a request acts on: passengers by their order passenger id, segments by index in
 * the order's flattened segment list. Both non-empty and without repeats.
 */
export const AfterSalesSelection = z.strictObject({
  passengerIds: z
    .array(z.string().min(1).max(64))
    .min(1)
    .max(9)
    .refine((ids) => new Set(ids).size === ids.length, 'repeated passenger'),
  segmentIndexes: z
    .array(z.number().int().min(0).max(11))
    .min(1)
    .max(12)
    .refine((ids) => new Set(ids).size === ids.length, 'repeated segment'),
});
export type AfterSalesSelection = z.infer<typeof AfterSalesSelection>;

/** `POST /order/v2/flight/orders/{id}/refund`. */
export const RefundRequest = z.strictObject({
  selection: AfterSalesSelection,
  reason: RefundReason,
  documentIds: DocumentIds,
  remark: Remark,
});
export type RefundRequest = z.infer<typeof RefundRequest>;

/** `POST /order/v2/flight/orders/{id}/void`: the whole order unless a selection of passengers is given. */
export const VoidRequest = z.strictObject({
  passengerIds: z.array(z.string().min(1).max(64)).min(1).max(9).optional(),
  remark: Remark,
});
export type VoidRequest = z.infer<typeof VoidRequest>;

/** One journey of a change search: the new date (and optionally cabin) of the selected segments of a leg. */
export const ChangeSearchLeg = z.strictObject({
  /** Index of the leg in the order's solution (`solution.legs`). */
  legIndex: z.number().int().min(0).max(5),
  date: CalendarDate,
});

/** `POST /order/v2/flight/orders/{id}/change/search`: aborts the caller's earlier pending one for the order. */
export const ChangeSearchRequest = z.strictObject({
  selection: AfterSalesSelection,
  reason: ChangeReason,
  legs: z.array(ChangeSearchLeg).min(1).max(6),
  cabin: z.enum(CABINS).optional(),
});
export type ChangeSearchRequest = z.infer<typeof ChangeSearchRequest>;

/** `POST /order/v2/flight/orders/{id}/change`: a priced alternative from a change search. */
export const ChangeRequest = z.strictObject({
  changeSearchId: z.string().min(1).max(64),
  solutionId: z.string().min(1).max(128),
  selection: AfterSalesSelection,
  reason: ChangeReason,
  documentIds: DocumentIds,
  remark: Remark,
});
export type ChangeRequest = z.infer<typeof ChangeRequest>;

/**
 * The money of an after-sales order, minor units in the order's currency (spec §3 price fields).
 * Change: the agency pays `priceDifference + taxDifference + changeFee + serviceFee` (never below
 * zero). Refund and void: the agency gets `refundableTotal = paid - refundFee - serviceFee`
 * (never below zero, never above paid).
 */
export interface AfterSalesQuote {
  currency: string;
  /** What the selected tickets cost when bought (the base of a refund's cap). */
  paidMinor: number;
  priceDifferenceMinor: number;
  taxDifferenceMinor: number;
  changeFeeMinor: number;
  refundFeeMinor: number;
  /** The agency's change, refund or void service fee (spec §9: settlement currency, converted). */
  serviceFeeMinor: number;
  /** Money to the agency (refund, void); 0 for a change. */
  refundableTotalMinor: number;
  /** Money from the agency (change); 0 for a refund or void. */
  amountDueMinor: number;
}

/** Amount the agency pays for a change: never below zero (a cheaper flight is not refunded). */
export function changeAmountDue(
  q: Pick<
    AfterSalesQuote,
    'priceDifferenceMinor' | 'taxDifferenceMinor' | 'changeFeeMinor' | 'serviceFeeMinor'
  >,
): number {
  return Math.max(0, q.priceDifferenceMinor + q.taxDifferenceMinor + q.changeFeeMinor + q.serviceFeeMinor);
}

/** Money back for a refund or void: paid minus fees, clamped to [0, paid]. */
export function refundableTotal(paidMinor: number, refundFeeMinor: number, serviceFeeMinor: number): number {
  return Math.min(paidMinor, Math.max(0, paidMinor - refundFeeMinor - serviceFeeMinor));
}

/** The after-sales detail of an order as the API answers it (null on an original booking). */
export const AfterSalesDetail = z.object({
  selection: AfterSalesSelection,
  refundReason: z.object({ value: z.number().int(), subOption: z.string().nullable() }).nullable(),
  changeReason: z.number().int().nullable(),
  remark: z.string().nullable(),
  /** Set once the supplier's desk has quoted. */
  quote: z
    .object({
      paid: MoneyJson,
      priceDifference: MoneyJson,
      taxDifference: MoneyJson,
      changeFee: MoneyJson,
      refundFee: MoneyJson,
      serviceFee: MoneyJson,
      refundableTotal: MoneyJson,
      amountDue: MoneyJson,
    })
    .nullable(),
  /** The desk's reason for a rejection. */
  rejectReason: z.string().nullable(),
  /** Refund: confirm before this instant (`rfd_to_be_confirm`), else the request is canceled. */
  confirmDeadline: z.iso.datetime().nullable(),
});
export type AfterSalesDetail = z.infer<typeof AfterSalesDetail>;

/** A linked order in the original's "related orders" and the after-sales order's "original". */
export const RelatedOrder = z.object({
  id: z.string(),
  bookingNumber: z.string(),
  type: z.enum(ORDER_TYPES),
  status: z.string(),
  bookingTime: z.iso.datetime(),
});
export type RelatedOrder = z.infer<typeof RelatedOrder>;

/** One flight as a disruption names it, before and after. */
export const DisruptedFlight = z.object({
  flightNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  departureLocal: z.string(),
  arrivalLocal: z.string(),
  departureUtc: z.iso.datetime(),
  arrivalUtc: z.iso.datetime(),
});
export type DisruptedFlight = z.infer<typeof DisruptedFlight>;
