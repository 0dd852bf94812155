import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageOf, Timestamp } from './flight-order';
import { PAYMENT_CHANNELS } from './payment';
import { MoneyJson } from './shopping';

/**
 * Why money an outside gateway captured could not pay its order, so it was refunded:
 * the order was no longer payable (paid another way, canceled), the payment had expired, the
 * payment was already closed (failed, or paid with another capture), or the gateway captured
 * another amount or currency than the payment's.
 */
export const LATE_CAPTURE_REASONS = [
  'order_not_payable',
  'payment_expired',
  'payment_closed',
  'amount_mismatch',
] as const;
export type LateCaptureReason = (typeof LATE_CAPTURE_REASONS)[number];

/** `refund_pending` until the provider confirms the refund (retried in the background), then `refunded`. */
export const LATE_CAPTURE_STATUSES = ['refund_pending', 'refunded'] as const;
export type LateCaptureStatus = (typeof LATE_CAPTURE_STATUSES)[number];

/** A capture that arrived after its order could take it, and its refund through the provider. */
export const LateCapture = z.object({
  id: z.string(),
  orderId: z.string(),
  bookingNumber: z.string(),
  channel: z.enum(PAYMENT_CHANNELS),
  /** The provider's transaction number of the capture. */
  tradeNo: z.string(),
  amount: MoneyJson,
  reason: z.enum(LATE_CAPTURE_REASONS),
  /** The order's status when the capture arrived. */
  orderStatus: z.string(),
  status: z.enum(LATE_CAPTURE_STATUSES),
  /** The provider's refund reference once refunded. */
  refundId: z.string().nullable(),
  capturedAt: Timestamp,
  refundedAt: Timestamp.nullable(),
});
export type LateCapture = z.infer<typeof LateCapture>;

/** `data` of `GET /order/v2/payments/late-captures`, newest first. */
export const LateCaptureList = pageOf(LateCapture);
export type LateCaptureList = z.infer<typeof LateCaptureList>;

/** Query of `GET /order/v2/payments/late-captures`: paging only. */
export const LateCaptureQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type LateCaptureQuery = z.infer<typeof LateCaptureQuery>;
