import { z } from 'zod';
import { FlightPaymentResult } from '../flight-order';
import { LateCaptureList, LateCaptureQuery } from '../late-capture';
import { PaymentConfig, PaymentRequest, PaymentStatusView } from '../payment';
import { OrderIdParams } from './common';
import { defineRoute } from './contract';

const tags = ['payments'];

/** `/:id` of a payment through an outside provider. */
export const PaymentIdParams = z.strictObject({ id: z.uuid() });
/** `/:channel` of an outside payment provider. */
export const ChannelParams = z.strictObject({ channel: z.string().min(1).max(40) });

/** The asynchronous notification a gateway posts to `/order/v2/payments/notify/{channel}`. */
export const GatewayNotification = z.strictObject({
  paymentId: z.string().uuid(),
  /** The gateway's own transaction number (unique per payment). */
  tradeNo: z.string().min(1).max(64),
  status: z.enum(['paid', 'failed']),
  /** Minor units of `currency`. */
  amountMinor: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  /** Milliseconds since the epoch. */
  timestamp: z.number().int().positive(),
  /** Hex HMAC-SHA256 of `signedText` with the gateway secret. */
  signature: z.string().regex(/^[0-9a-f]{64}$/),
});
export type GatewayNotification = z.infer<typeof GatewayNotification>;

/** What the portal answers a gateway's notification (the gateway only needs a 200). */
export const NOTIFY_RESULTS = [
  'paid',
  'duplicate',
  'failed',
  'ignored',
  'refunded',
  'refund_pending',
] as const;
export const NotifyAnswer = z.object({ result: z.enum(NOTIFY_RESULTS) });

export const getPaymentConfig = defineRoute({
  method: 'GET',
  path: '/order/v2/flight/config/payment',
  operationId: 'getPaymentConfig',
  summary: 'List the payment channels offered',
  description:
    "The channels the caller's agency may pay orders with (the balance, or a configured outside provider), with their flow and label.",
  tags,
  response: PaymentConfig,
});

export const payFlightOrder = defineRoute({
  method: 'POST',
  path: '/order/v2/flight/orders/:id/payment',
  operationId: 'payFlightOrder',
  summary: 'Pay a flight order',
  description:
    'Pays an order waiting for payment (a booking or a change) before its deadline: from the balance at once, ' +
    'or through an outside provider (the answer carries the checkout address or QR code, the order is paid ' +
    "when the provider's notification arrives). Send an Idempotency-Key: a retried payment is charged once.",
  tags,
  params: OrderIdParams,
  body: PaymentRequest,
  response: FlightPaymentResult,
});

export const getPayment = defineRoute({
  method: 'GET',
  path: '/order/v2/flight/payments/:id',
  operationId: 'getPayment',
  summary: 'Read the state of an outside payment',
  description:
    'Polled while the payer is at the provider: whether the payment is pending, paid, failed or expired.',
  tags,
  params: PaymentIdParams,
  response: PaymentStatusView,
});

export const notifyPayment = defineRoute({
  method: 'POST',
  path: '/order/v2/payments/notify/:channel',
  operationId: 'notifyPayment',
  summary: "Receive a provider's payment notification",
  description:
    'Called by the payment provider, not by users: its signed notification that a payment was paid or ' +
    'failed. The signature is the authentication; money an order can no longer take is refunded.',
  tags,
  params: ChannelParams,
  body: GatewayNotification,
  response: NotifyAnswer,
});

export const listLateCaptures = defineRoute({
  method: 'GET',
  path: '/order/v2/payments/late-captures',
  operationId: 'listLateCaptures',
  summary: 'List payments captured too late',
  description:
    "For the agency's finance users: outside payments captured after their order could no longer take " +
    'them, and the state of their refund.',
  tags,
  query: LateCaptureQuery,
  response: LateCaptureList,
});
