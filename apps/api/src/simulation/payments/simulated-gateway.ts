import crypto from 'node:crypto';
import type { GatewayNotification } from '@portal/domain/api/payments';
import { CHANNEL_OPTIONS, PAYMENT_CHANNELS, type PaymentChannel } from '@portal/domain/payment';
import {
  createGatewayRegistry,
  sign,
  verifySignature,
  type PaymentGateway,
  type PaymentGateways,
  type RefundRequest,
} from '../../modules/payments/index';

/** The outside channels: every channel but the balance. */
export type OutsideChannel = Exclude<PaymentChannel, 'balance'>;
export const OUTSIDE_CHANNELS = PAYMENT_CHANNELS.filter((c): c is OutsideChannel => c !== 'balance');

/** Where the simulated providers' hosted checkout pages live. */
export const SIM_CHECKOUT_PREFIX = '/order/v2/payments/sim';

/** A refund the simulated provider made. */
export interface SimulatedRefund extends RefundRequest {
  refundId: string;
}

/**
 * A payment provider simulated inside the portal (demo only, `SIMULATED_PAYMENTS`): a hosted
 * checkout page (hosted channels) or a "scan and pay" wallet page whose path is the QR code (QR
 * channels), reached with a per-payment secret token; notifications signed with the shared
 * secret like a real provider's; and refunds it records.
 */
export interface SimulatedGateway extends PaymentGateway {
  readonly simulated: true;
  /** The refunds made, one per idempotency key, in order. */
  readonly refunds: readonly SimulatedRefund[];
  /** While true, refunds fail as if the provider could not be reached (tests). */
  refundsDown: boolean;
  /** The simulated page where the payment is completed (checkout, or the wallet's scan page). */
  checkoutUrl(paymentId: string): string;
  /** Whether `token` is the checkout token of `paymentId` (constant time). */
  checkoutTokenValid(paymentId: string, token: string): boolean;
  /** The signed notification the provider posts when the payer completes (or fails) the checkout. */
  completion(
    payment: { id: string; amountMinor: number; currency: string },
    outcome: GatewayNotification['status'],
    at: Date,
  ): GatewayNotification;
}

export function isSimulatedGateway(gateway: PaymentGateway | undefined): gateway is SimulatedGateway {
  return gateway !== undefined && 'simulated' in gateway && gateway.simulated === true;
}

/** The simulated provider of `channel`, sharing `secret` with the portal; its kind is the channel's flow. */
export function createSimulatedGateway(channel: OutsideChannel, secret: string): SimulatedGateway {
  // A key of its own for checkout tokens, so that a token never doubles as a signature.
  const tokenKey = crypto.createHmac('sha256', secret).update(`sim-checkout-token|${channel}`).digest();
  const tokenOf = (paymentId: string) =>
    crypto.createHmac('sha256', tokenKey).update(paymentId).digest('base64url');
  const refunds: SimulatedRefund[] = [];
  const checkoutUrl = (paymentId: string) =>
    `${SIM_CHECKOUT_PREFIX}/${channel}/${paymentId}?token=${encodeURIComponent(tokenOf(paymentId))}`;
  const kind = CHANNEL_OPTIONS[channel].flow === 'qr' ? 'qr' : 'hosted';
  const gateway: SimulatedGateway = {
    kind,
    channel,
    simulated: true,
    refunds,
    refundsDown: false,
    checkoutUrl,
    // Derived from the payment id alone: the same checkout every time a payment is resumed.
    start: async ({ paymentId }) =>
      kind === 'qr' ? { qrCode: checkoutUrl(paymentId) } : { redirectUrl: checkoutUrl(paymentId) },
    checkoutTokenValid(paymentId, token) {
      const expected = Buffer.from(tokenOf(paymentId));
      const given = Buffer.from(token);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given);
    },
    verifyNotification: (notification) => verifySignature(secret, channel, notification),
    completion(payment, outcome, at) {
      const unsigned = {
        paymentId: payment.id,
        // One capture per checkout, as a hosted checkout session has.
        tradeNo: `SIM${payment.id.replaceAll('-', '').slice(0, 20).toUpperCase()}`,
        status: outcome,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
        timestamp: at.getTime(),
      };
      return { ...unsigned, signature: sign(secret, channel, unsigned) };
    },
    async refund(request) {
      if (gateway.refundsDown) throw new Error(`simulated ${channel} refunds are unavailable`);
      const earlier = refunds.find((r) => r.idempotencyKey === request.idempotencyKey);
      if (earlier) return { refundId: earlier.refundId };
      const refundId = `re_sim_${crypto.randomBytes(8).toString('hex')}`;
      refunds.push({ ...request, refundId });
      return { refundId };
    },
  };
  return gateway;
}

/** The simulated providers of the demo: one per outside channel of spec §3. */
export function createSimulatedGateways(secret: string): PaymentGateways {
  return createGatewayRegistry(OUTSIDE_CHANNELS.map((channel) => createSimulatedGateway(channel, secret)));
}
