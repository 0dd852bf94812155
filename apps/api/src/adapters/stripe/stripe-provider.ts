import Stripe from 'stripe';
import type { GatewayNotification } from '@portal/domain/api/payments';
import { AppError } from '../../platform/errors';
import type {
  DisputeChange,
  DisputeNotice,
  OutsideRefundNotice,
  PaymentProvider,
  RefundRequest,
  StartPaymentRequest,
} from '../../modules/payments/index';
import { fromStripeAmount, StripeAmountError, toStripeAmount } from './stripe-amounts';

/** Stripe's shortest Checkout Session life (its `expires_at` must be 30 minutes to 24 hours away). */
export const STRIPE_MIN_SESSION_MS = 30 * 60_000;
const STRIPE_MAX_SESSION_MS = 24 * 60 * 60_000;
/** Added to the minimum, so a clock a little behind Stripe's never asks for 29 minutes 59. */
const CLOCK_MARGIN_MS = 2 * 60_000;

export interface StripeProviderOptions {
  /** STRIPE_SECRET_KEY (`sk_test_...` or `sk_live_...`). */
  secretKey: string;
  /** STRIPE_WEBHOOK_SECRET (`whsec_...`): the webhook's signing secret. */
  webhookSecret: string;
  /** STRIPE_API_HOST: where the client sends its calls (default Stripe's own, https://api.stripe.com). */
  apiHost?: string | undefined;
  /** The portal's public origin: the hosted page sends the payer back there. */
  publicUrl: string;
  now: () => Date;
  /** The client's retries of a failed call (each with its idempotency key); default 1. */
  maxNetworkRetries?: number;
  /** Per call, ms; default 20 s. */
  timeoutMs?: number;
}

/** The Stripe provider: the payment port, and what its webhook route needs. */
export interface StripeProvider extends PaymentProvider {
  readonly channel: 'stripe';
  /** A `sk_test_...` key: nothing charged for real (shown to platform admins). */
  readonly testMode: boolean;
  /** The event of a webhook request, verified by Stripe's signature scheme; PAYMENT_WEBHOOK_INVALID otherwise. */
  verifyWebhook(rawBody: string | Buffer, signatureHeader: string | undefined): Stripe.Event;
  /** What a verified event says of a portal payment, or undefined for events the portal does not act on. */
  notificationOf(event: Stripe.Event): GatewayNotification | undefined;
  /**
   * What a verified refund or dispute event says of a capture (money moved at Stripe, perhaps
   * outside the portal), or undefined for any other event.
   */
  outsideMoneyOf(event: Stripe.Event): OutsideMoney | undefined;
}

/** A refund or dispute event, read: the refunds it names, or the dispute and what happened to it. */
export type OutsideMoney =
  { kind: 'refunds'; refunds: OutsideRefundNotice[] } | { kind: 'dispute'; dispute: DisputeNotice };

/** The refund metadata that names the portal's own refund (its idempotency key). */
export const PORTAL_REFUND_KEY = 'portalRefundKey';

const DISPUTE_CHANGES: Partial<Record<Stripe.Event.Type, DisputeChange>> = {
  'charge.dispute.created': 'opened',
  'charge.dispute.updated': 'updated',
  'charge.dispute.closed': 'closed',
  'charge.dispute.funds_withdrawn': 'funds_withdrawn',
  'charge.dispute.funds_reinstated': 'funds_reinstated',
};

/** The client options of STRIPE_API_HOST (`http://127.0.0.1:12111`, or a bare host name). */
export function clientAddress(
  apiHost: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiHost) return {};
  const url = new URL(/^[a-z]+:\/\//.test(apiHost) ? apiHost : `https://${apiHost}`);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error('STRIPE_API_HOST must be http(s)');
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/**
 * A Stripe error as the portal's: what Stripe refuses to do is PAYMENT_UNPROCESSABLE (422), a
 * connection, authentication, rate limit or Stripe-side failure is PAYMENT_PROVIDER_UNAVAILABLE (502).
 * The Stripe message and code go to the log, never to the payer.
 */
function asAppError(error: unknown): Error {
  if (error instanceof AppError) return error;
  if (error instanceof StripeAmountError)
    return new AppError('PAYMENT_CHANNEL_UNAVAILABLE', undefined, { reason: error.reason });
  if (error instanceof Stripe.errors.StripeError) {
    const detail = {
      stripeType: error.type,
      stripeCode: error.code ?? null,
      requestId: error.requestId ?? null,
    };
    const refused =
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripeIdempotencyError;
    const mapped = new AppError(
      refused ? 'PAYMENT_UNPROCESSABLE' : 'PAYMENT_PROVIDER_UNAVAILABLE',
      undefined,
      detail,
    );
    mapped.cause = error;
    return mapped;
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** The session's expiry: the payment's own, raised to Stripe's 30 minute minimum (see docs/payments-stripe.md). */
export function sessionExpiry(expiresAt: Date, now: Date): number {
  const earliest = now.getTime() + STRIPE_MIN_SESSION_MS + CLOCK_MARGIN_MS;
  const latest = now.getTime() + STRIPE_MAX_SESSION_MS - CLOCK_MARGIN_MS;
  return Math.ceil(Math.min(Math.max(expiresAt.getTime(), earliest), latest) / 1000);
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The Stripe provider of channel `stripe`, through the official client. */
export function createStripeProvider(options: StripeProviderOptions): StripeProvider {
  const stripe = new Stripe(options.secretKey, {
    ...clientAddress(options.apiHost),
    maxNetworkRetries: options.maxNetworkRetries ?? 1,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: 'portal' },
  });
  const back = (path: string | null) => new URL(path ?? '/', options.publicUrl).toString();

  async function start(request: StartPaymentRequest) {
    try {
      const { amount, currency } = toStripeAmount(request.amountMinor, request.currency);
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: { currency, unit_amount: amount, product_data: { name: request.description } },
            },
          ],
          client_reference_id: request.paymentId,
          metadata: { paymentId: request.paymentId },
          payment_intent_data: { metadata: { paymentId: request.paymentId } },
          expires_at: sessionExpiry(request.expiresAt, options.now()),
          success_url: back(request.returnUrl),
          cancel_url: back(request.returnUrl),
        },
        // A resumed payment asks again with the same key and parameters: Stripe answers the same session.
        { idempotencyKey: `portal-checkout-${request.paymentId}` },
      );
      if (!session.url) throw new AppError('PAYMENT_UNPROCESSABLE', undefined, { stripeSession: session.id });
      return { redirectUrl: session.url };
    } catch (error) {
      throw asAppError(error);
    }
  }

  async function refund(request: RefundRequest) {
    try {
      const { amount } = toStripeAmount(request.amountMinor, request.currency);
      const made = await stripe.refunds.create(
        {
          payment_intent: request.tradeNo,
          amount,
          // Its refund events then say it is the portal's own, before the refund id is recorded.
          metadata: { paymentId: request.paymentId, [PORTAL_REFUND_KEY]: request.idempotencyKey },
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return { refundId: made.id };
    } catch (error) {
      throw asAppError(error);
    }
  }

  function verifyWebhook(rawBody: string | Buffer, header: string | undefined): Stripe.Event {
    if (!header)
      throw new AppError('PAYMENT_WEBHOOK_INVALID', undefined, { reason: 'no Stripe-Signature header' });
    try {
      // Checked against the portal's clock (Stripe's 5 minute tolerance): an old signature is a replay.
      const receivedAt = Math.floor(options.now().getTime() / 1000);
      return stripe.webhooks.constructEvent(
        rawBody,
        header,
        options.webhookSecret,
        undefined,
        undefined,
        receivedAt,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message.split('\n')[0] : 'unverifiable';
      throw new AppError('PAYMENT_WEBHOOK_INVALID', undefined, { reason });
    }
  }

  function notificationOf(event: Stripe.Event): GatewayNotification | undefined {
    if (
      event.type !== 'checkout.session.completed' &&
      event.type !== 'checkout.session.async_payment_succeeded' &&
      event.type !== 'checkout.session.async_payment_failed' &&
      event.type !== 'checkout.session.expired'
    ) {
      return undefined;
    }
    const status =
      event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded'
        ? 'paid'
        : 'failed';
    const session = event.data.object;
    const paymentId = session.metadata?.paymentId ?? session.client_reference_id;
    // Completed but not yet paid (a delayed method): its async_payment_* event follows.
    if (!paymentId || (status === 'paid' && session.payment_status !== 'paid')) return undefined;
    const paymentIntent = idOf(session.payment_intent);
    let amount: { amountMinor: number; currency: string };
    try {
      amount = fromStripeAmount(session.amount_total ?? 0, session.currency ?? '');
    } catch (error) {
      throw asAppError(error instanceof StripeAmountError ? new AppError('PAYMENT_UNPROCESSABLE') : error);
    }
    const { amountMinor, currency } = amount;
    return {
      paymentId,
      // The payment intent is what a refund names; an unpaid session may have none.
      tradeNo: status === 'paid' && paymentIntent ? paymentIntent : session.id,
      status,
      amountMinor,
      currency,
      timestamp: event.created * 1000,
      signature: '',
    };
  }

  /** Stripe's amount as the portal's, or undefined (logged by the caller as ignored) when unreadable. */
  function portalAmount(amount: number, currency: string) {
    try {
      return fromStripeAmount(amount, currency);
    } catch (error) {
      if (error instanceof StripeAmountError) return undefined;
      throw error;
    }
  }

  function refundNotice(refund: Stripe.Refund): OutsideRefundNotice | undefined {
    const paymentIntent = idOf(refund.payment_intent);
    const amount = portalAmount(refund.amount, refund.currency);
    if (!paymentIntent || !amount) return undefined;
    return {
      channel: 'stripe',
      tradeNo: paymentIntent,
      refundId: refund.id,
      ...amount,
      status: refund.status ?? 'pending',
      portalKey: refund.metadata?.[PORTAL_REFUND_KEY] ?? null,
    };
  }

  function outsideMoneyOf(event: Stripe.Event): OutsideMoney | undefined {
    if (
      event.type === 'refund.created' ||
      event.type === 'refund.updated' ||
      event.type === 'refund.failed'
    ) {
      const notice = refundNotice(event.data.object);
      return notice ? { kind: 'refunds', refunds: [notice] } : undefined;
    }
    if (event.type === 'charge.refunded') {
      // The charge lists its refunds when Stripe includes them; `refund.created` names each anyway.
      const refunds = (event.data.object.refunds?.data ?? []).flatMap((r) => refundNotice(r) ?? []);
      return { kind: 'refunds', refunds };
    }
    const change = DISPUTE_CHANGES[event.type];
    if (!change || !event.type.startsWith('charge.dispute.')) return undefined;
    const dispute = event.data.object as Stripe.Dispute;
    const paymentIntent = idOf(dispute.payment_intent);
    const amount = portalAmount(dispute.amount, dispute.currency);
    if (!paymentIntent || !amount) return undefined;
    return {
      kind: 'dispute',
      dispute: {
        channel: 'stripe',
        tradeNo: paymentIntent,
        disputeId: dispute.id,
        ...amount,
        reason: dispute.reason,
        status: dispute.status,
        change,
      },
    };
  }

  return {
    kind: 'hosted',
    channel: 'stripe',
    testMode: options.secretKey.startsWith('sk_test_'),
    minimumTtlMs: STRIPE_MIN_SESSION_MS + CLOCK_MARGIN_MS,
    start,
    refund,
    // Stripe's notifications arrive at its own webhook route, verified there; never at the generic one.
    verifyNotification: () => false,
    verifyWebhook,
    notificationOf,
    outsideMoneyOf,
  };
}
