import crypto from 'node:crypto';
import type { GatewayNotification } from '@portal/domain/api/payments';
import type { PaymentChannel } from '@portal/domain/payment';

/** How long a started outside payment may be completed (never after the order's deadline). */
export const GATEWAY_PAYMENT_TTL_MS = 15 * 60_000;
/** A notification older than this (by its timestamp) is refused as a replay. */
export const NOTIFICATION_MAX_AGE_MS = 5 * 60_000;

/** The asynchronous notification a gateway posts (its schema is the notify route's contract). */

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

/** A refund of one capture, in full or in part, asked of the provider that took it. */
export interface RefundRequest {
  paymentId: string;
  /** The provider's transaction number of the capture. */
  tradeNo: string;
  /** What goes back, at most what the capture took less what was refunded of it before. */
  amountMinor: number;
  currency: string;
  /** The same for every attempt of one refund, so that the provider refunds at most once. */
  idempotencyKey: string;
}

/** How a provider takes money: the wallet, a QR code the payer scans, or a hosted checkout page. */
export type ProviderKind = 'balance' | 'qr' | 'hosted';

/** What a provider is asked to collect for one started payment. */
export interface StartPaymentRequest {
  /** The portal's payment id: the provider's reference, the same for every start of one payment. */
  paymentId: string;
  amountMinor: number;
  currency: string;
  /** The payment closes then: the provider must not take money after it. */
  expiresAt: Date;
  /** A safe in-app path the payer returns to (hosted checkout). */
  returnUrl: string | null;
  /** What the payer sees (booking number). */
  description: string;
}

/** Where the payer pays: a hosted page to open, or a QR code to scan. */
export type StartPaymentAnswer = { redirectUrl: string } | { qrCode: string };

/**
 * An outside payment provider (adapter) serving one channel: it starts a payment (a hosted
 * checkout page or a QR code), checks its signed notifications and refunds captures the portal
 * cannot take. A real gateway is one more implementation. `start` and `refund` may be network
 * calls: never inside a transaction. `start` must be idempotent per `paymentId` (a resumed
 * payment asks again and gets the same checkout).
 */
export interface PaymentProvider {
  readonly kind: Exclude<ProviderKind, 'balance'>;
  readonly channel: PaymentChannel;
  /**
   * The shortest time a started payment of this provider may stay open (a Stripe Checkout
   * Session lives at least 30 minutes); the portal's payment then lasts that long, never past
   * the order's deadline. Default: the portal's 15 minutes.
   */
  readonly minimumTtlMs?: number;
  start(request: StartPaymentRequest): Promise<StartPaymentAnswer>;
  /** Whether a notification carries the provider's valid signature. */
  verifyNotification(notification: GatewayNotification): boolean;
  /** Refunds a capture, in full or in part; a repeated idempotency key answers the first refund. */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
}

/** An outside provider (the name the registry and the app options use). */
export type PaymentGateway = PaymentProvider;

/** The providers of one app by channel; an absent channel is not offered and not served. */
export interface PaymentGateways {
  get(channel: string): PaymentProvider | undefined;
  list(): PaymentProvider[];
}

export function createGatewayRegistry(providers: PaymentProvider[]): PaymentGateways {
  const byChannel = new Map<string, PaymentProvider>(providers.map((p) => [p.channel, p]));
  return { get: (channel) => byChannel.get(channel), list: () => [...byChannel.values()] };
}
