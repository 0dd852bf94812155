import { z } from 'zod';
import { defineRoute } from './contract';
import { NOTIFY_RESULTS } from './payments';

/** Stripe's webhook (only when STRIPE_SECRET_KEY is set): called by Stripe, not by users. */

const tags = ['payments'];

/**
 * A Stripe event as its webhook posts it (the fields the portal reads; Stripe adds others). The
 * signature covers the raw body: the route checks it on the bytes received, before reading this.
 */
export const StripeEvent = z.looseObject({
  id: z.string().min(1).max(255),
  object: z.literal('event'),
  type: z.string().min(1).max(255),
  created: z.number().int(),
  data: z.looseObject({ object: z.looseObject({}) }),
});

/**
 * What a Stripe event did: a Checkout Session's as any provider's notification (`NOTIFY_RESULTS`);
 * a refund or dispute event `recorded` (something new), `duplicate` (heard before), `ignored`
 * (the portal's own refund, or an event the portal does not act on) or `unknown` (a charge no
 * portal payment took: logged, answered 200 so that Stripe stops sending it).
 */
export const STRIPE_WEBHOOK_RESULTS = [...NOTIFY_RESULTS, 'recorded', 'unknown'] as const;

export const StripeWebhookAnswer = z.object({
  received: z.literal(true),
  /** What the event did: `ignored` for an event the portal does not act on. */
  result: z.enum(STRIPE_WEBHOOK_RESULTS),
});

export const stripeWebhook = defineRoute({
  method: 'POST',
  path: '/order/v2/payments/stripe/webhook',
  operationId: 'stripeWebhook',
  summary: "Receive Stripe's webhook events",
  description:
    "Called by Stripe, not by users: a Checkout Session's events (completed, async payment succeeded or failed, " +
    'expired), verified with the `Stripe-Signature` header and STRIPE_WEBHOOK_SECRET on the raw body. A paid ' +
    'session pays its order through the same path as every provider; money the order can no longer take is ' +
    'refunded. Refunds made in the Stripe dashboard (`refund.created`, `refund.updated`, `charge.refunded`) and ' +
    'disputes (`charge.dispute.created`, `.updated`, `.closed`, `.funds_withdrawn`, `.funds_reinstated`) are ' +
    "recorded on the order and in the ledger; the portal's own refunds are recognized and not counted twice; a " +
    'charge no portal payment took is answered `unknown`. A bad signature is refused with 400 600012 and changes ' +
    'nothing; a repeated event changes nothing twice.',
  tags,
  body: StripeEvent,
  response: StripeWebhookAnswer,
});
