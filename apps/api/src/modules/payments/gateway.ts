import crypto from 'node:crypto';
import { z } from 'zod';

/** The outside channels the simulated gateway serves (redirect flow, like Stripe Checkout). */
export const GATEWAY_CHANNELS = ['stripe'] as const;
export type GatewayChannel = (typeof GATEWAY_CHANNELS)[number];
export const isGatewayChannel = (value: string): value is GatewayChannel =>
  (GATEWAY_CHANNELS as readonly string[]).includes(value);

/** How long a started outside payment may be completed (never after the order's deadline). */
export const GATEWAY_PAYMENT_TTL_MS = 15 * 60_000;
/** A notification older than this (by its timestamp) is refused as a replay. */
export const NOTIFICATION_MAX_AGE_MS = 5 * 60_000;

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

/** The text a notification's signature covers: every field but the signature, in a fixed order. */
export function signedText(channel: string, n: Omit<GatewayNotification, 'signature'>): string {
  return [channel, n.paymentId, n.tradeNo, n.status, n.amountMinor, n.currency, n.timestamp].join('|');
}

export function sign(secret: string, channel: string, n: Omit<GatewayNotification, 'signature'>): string {
  return crypto.createHmac('sha256', secret).update(signedText(channel, n)).digest('hex');
}

/** Constant-time signature check. */
export function verifySignature(secret: string, channel: string, n: GatewayNotification): boolean {
  const expected = Buffer.from(sign(secret, channel, n), 'hex');
  const given = Buffer.from(n.signature, 'hex');
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** A full refund of one capture, asked of the provider that took it. */
export interface RefundRequest {
  paymentId: string;
  /** The provider's transaction number of the capture. */
  tradeNo: string;
  amountMinor: number;
  currency: string;
  /** The same for every attempt of one refund, so that the provider refunds at most once. */
  idempotencyKey: string;
}

/**
 * An outside payment provider (adapter): the hosted checkout a payer is sent to, the check of its
 * signed notifications, and refunds. Refunds are network calls: never inside a transaction.
 */
export interface PaymentGateway {
  readonly channel: GatewayChannel;
  /** The hosted page where the payer completes a started payment. */
  checkoutUrl(paymentId: string): string;
  /** Whether a notification carries the provider's valid signature. */
  verify(notification: GatewayNotification): boolean;
  /** Refunds a capture in full; a repeated idempotency key answers the first refund. */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}

/** The providers of one app by channel; an absent channel is not offered and not served. */
export interface PaymentGateways {
  get(channel: string): PaymentGateway | undefined;
  list(): PaymentGateway[];
}

export function createGatewayRegistry(gateways: PaymentGateway[]): PaymentGateways {
  const byChannel = new Map<string, PaymentGateway>(gateways.map((g) => [g.channel, g]));
  return { get: (channel) => byChannel.get(channel), list: () => [...byChannel.values()] };
}
